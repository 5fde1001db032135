/**
 * Pending Orders' filters (R-PEND-8): kind, search, system type and plant, kept in the URL so a
 * filtered list can be bookmarked or shared. The search follows typing once it pauses, and `/`
 * puts the cursor in it.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { useDebouncedValue, useHotkeys } from '@mantine/hooks';
import { useSearchParams } from 'react-router';
import { pendingKindSchema } from '@dispatch/domain/orders/pending-orders';
import { isSystemTypeId, type SystemTypeId } from '@dispatch/domain/system-types';
import type { PendingFilters } from './pending-orders-api';

const typingDebounceMs = 250;
export const allKinds = 'all' as const;

export function usePendingFilters() {
  const [params, setParams] = useSearchParams();
  const [search, setSearch] = useState(params.get('search') ?? '');
  const [typed] = useDebouncedValue(search.trim(), typingDebounceMs);
  const searchRef = useRef<HTMLInputElement>(null);
  useHotkeys([['/', () => searchRef.current?.focus()]]);

  const setParam = (name: string, value: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === null || value === '' || value === allKinds) next.delete(name);
        else next.set(name, value);
        return next;
      },
      { replace: true },
    );

  // The typed search reaches the URL (and the server) once typing pauses.
  useEffect(() => {
    if ((params.get('search') ?? '') !== typed) setParam('search', typed);
    // setParam is rebuilt each render; the URL only needs to follow the typed value.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [typed]);

  const kind = pendingKindSchema.safeParse(params.get('kind')).data ?? allKinds;
  const typeParam = Number(params.get('systemTypeId'));
  const systemTypeId: SystemTypeId | undefined = isSystemTypeId(typeParam) ? typeParam : undefined;
  const plantParam = Number(params.get('plantId'));
  const plantId = Number.isInteger(plantParam) && plantParam > 0 ? plantParam : undefined;
  const filters: PendingFilters = useMemo(
    () => ({
      ...(params.get('search') ? { search: params.get('search')! } : {}),
      ...(systemTypeId !== undefined ? { systemTypeId } : {}),
      ...(plantId !== undefined ? { plantId } : {}),
    }),
    [params, systemTypeId, plantId],
  );
  const filtered =
    filters.search !== undefined || systemTypeId !== undefined || plantId !== undefined;

  const clear = () => {
    setSearch('');
    setParams(kind === allKinds ? new URLSearchParams() : new URLSearchParams({ kind }), {
      replace: true,
    });
  };

  return {
    search,
    setSearch,
    searchRef,
    setParam,
    kind,
    systemTypeId,
    plantId,
    filters,
    filtered,
    clear,
  };
}
