/**
 * R-INQ-1: an inquiry's search lives in the URL (its filters and sort), so a search can be
 * bookmarked or sent, and Back from a ticket returns to the list as it was.
 */
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { InquiryFilters, InquirySort } from './inquiry-api';

export type InquirySearch = {
  filters: InquiryFilters;
  sort: InquirySort | undefined;
  /** The search part of the URL, to come back to it from a record. */
  query: string;
  set: (name: string, value: string | null) => void;
  /** Several filters at once (a customer, and no job of another customer's). */
  setMany: (values: Readonly<Record<string, string | null>>) => void;
  setSort: (sort: InquirySort | undefined) => void;
  clear: () => void;
};

export function useInquirySearch(names: readonly string[]): InquirySearch {
  const [params, setParams] = useSearchParams();
  const query = params.toString();
  return useMemo(() => {
    const current = new URLSearchParams(query);
    const filters = Object.fromEntries(
      names.flatMap((name) => {
        const value = current.get(name);
        return value ? [[name, value]] : [];
      }),
    );
    const field = current.get('sort');
    const update = (change: (next: URLSearchParams) => void) =>
      setParams(
        (now) => {
          const next = new URLSearchParams(now);
          change(next);
          return next;
        },
        { replace: true },
      );
    // React Router reads the location once per call: changes made together go in one call.
    function setMany(values: Readonly<Record<string, string | null>>) {
      update((next) => {
        for (const [name, value] of Object.entries(values)) {
          if (value === null || value === '') next.delete(name);
          else next.set(name, value);
        }
      });
    }
    return {
      filters,
      sort: field ? { field, order: current.get('order') === 'asc' ? 'asc' : 'desc' } : undefined,
      query,
      set: (name, value) => setMany({ [name]: value }),
      setMany,
      setSort: (sort) =>
        update((next) => {
          if (sort) {
            next.set('sort', sort.field);
            next.set('order', sort.order);
          } else {
            next.delete('sort');
            next.delete('order');
          }
        }),
      clear: () => update((next) => names.forEach((name) => next.delete(name))),
    };
    // names is each screen's fixed list of filters, often written inline: a new array of the same
    // names must not make a new search object (and refetch).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [query, setParams]);
}
