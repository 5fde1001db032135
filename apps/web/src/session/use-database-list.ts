/**
 * The databases for the login list. Deliberately not a TanStack query: the login page must stay
 * small (R-BENCH-3's budget for the login route) and this list is read once, before any session,
 * and kept (R-API-8): `refetch` is the refresh the user asks for.
 */
import type { Database } from '@dispatch/domain/session/database';
import { useCallback, useEffect, useState } from 'react';
import { fetchDatabaseList } from './auth-api';

export type DatabaseList =
  | { readonly status: 'pending' }
  | { readonly status: 'success'; readonly data: readonly Database[] }
  | { readonly status: 'error'; readonly message: string };

export function useDatabaseList(): DatabaseList & { readonly refetch: () => void } {
  const [list, setList] = useState<DatabaseList>({ status: 'pending' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    // R-API-8: the first read, or a kept list, until a refresh (a later attempt) is asked for.
    fetchDatabaseList(controller.signal, { refresh: attempt > 0 })
      .then((data) => setList({ status: 'success', data }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setList({ status: 'error', message: error instanceof Error ? error.message : '' });
      });
    return () => controller.abort();
  }, [attempt]);
  const refetch = useCallback(() => {
    setList({ status: 'pending' });
    setAttempt((count) => count + 1);
  }, []);
  return { ...list, refetch };
}
