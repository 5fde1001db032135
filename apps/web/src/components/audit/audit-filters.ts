/**
 * What the audit screens share of their filters (R-AUDIT-4, R-OAUD-2): the filters live in the
 * URL, so a filtered list can be bookmarked or linked to; typed ones reach it once typing pauses;
 * chosen days are sent as the instants of the user's own midnights.
 */
import { useEffect, useRef, useState } from 'react';
import { useDebouncedValue } from '@mantine/hooks';
import { useSearchParams } from 'react-router';

const typingDebounceMs = 300;

/** A chosen day (YYYY-MM-DD) as the instant of the user's own midnight, or of the day's end. */
export function localDayInstant(day: string | null, end: boolean): string | undefined {
  if (!day || !/^\d{4}-\d{2}-\d{2}$/.test(day)) return undefined;
  const instant = new Date(`${day}T${end ? '23:59:59.999' : '00:00:00'}`);
  return Number.isNaN(instant.getTime()) ? undefined : instant.toISOString();
}

/**
 * The URL's filters, a setter that starts again at page 1 (unless told), and a clear-all. Setters
 * called in one go (several boxes settling at once) build on each other, not on the last render.
 */
export function useUrlFilters() {
  const [params, setParams] = useSearchParams();
  const latest = useRef(params);
  useEffect(() => {
    latest.current = params;
  }, [params]);
  const setParam = (name: string, value: string | null, keepPage = false) => {
    const next = new URLSearchParams(latest.current);
    if (value === null || value === '') next.delete(name);
    else next.set(name, value);
    if (!keepPage) next.delete('page');
    latest.current = next;
    setParams(next, { replace: true });
  };
  const clear = () => {
    latest.current = new URLSearchParams();
    setParams(latest.current, { replace: true });
  };
  const page = Math.max(1, Number(params.get('page') ?? '1') || 1);
  const filtered = [...params.keys()].some((key) => key !== 'page');
  return { params, setParam, clear, page, filtered };
}

/**
 * A filter typed into a search box: shown as typed, written to the URL parameter `name` once
 * typing pauses; it follows the URL when the URL changes under it (a link, Clear filters).
 */
export function useTypedFilter(
  params: URLSearchParams,
  setParam: (name: string, value: string) => void,
  name: string,
): [string, (value: string) => void] {
  const inUrl = params.get(name) ?? '';
  const [typed, setTyped] = useState(inUrl);
  const [settled] = useDebouncedValue(typed.trim(), typingDebounceMs);
  const [lastUrl, setLastUrl] = useState(inUrl);
  // The URL changed under the box (not by its own typing): the box shows the URL's value.
  if (inUrl !== lastUrl) {
    setLastUrl(inUrl);
    if (inUrl !== settled) setTyped(inUrl);
  }
  useEffect(() => {
    if ((params.get(name) ?? '') !== settled) setParam(name, settled);
    // Only the settled text drives the URL; params and setParam change with every render.
  }, [settled]);
  return [typed, setTyped];
}
