/**
 * One key factory for every resource, so a hub event can find every cached list and record of
 * the resource it names (ARCHITECTURE: never hand-copy a query key).
 */
import { queryOptions } from '@tanstack/react-query';
import type { ResourceDefinition } from '@dispatch/domain/resources/define';
import { fetchOptions, fetchRecord } from './resource-api';

export const resourceKeys = {
  all: (name: string) => ['resource', name] as const,
  lists: (name: string) => [...resourceKeys.all(name), 'list'] as const,
  record: (name: string, id: number) => [...resourceKeys.all(name), 'record', id] as const,
  options: (name: string) => [...resourceKeys.all(name), 'options'] as const,
  optionSearch: (name: string, search: string, filters: Record<string, string> = {}) =>
    [...resourceKeys.options(name), 'search', search, filters] as const,
  optionIds: (name: string, ids: readonly number[]) =>
    [...resourceKeys.options(name), 'ids', ids.join(',')] as const,
};

export const resourceQueries = {
  record: (definition: ResourceDefinition, id: number) =>
    queryOptions({
      queryKey: resourceKeys.record(definition.name, id),
      queryFn: ({ signal }) => fetchRecord(definition, id, signal),
      // The hub tells us when someone else saves it.
      staleTime: 60_000,
    }),
  optionSearch: (
    definition: ResourceDefinition,
    search: string,
    filters: Record<string, string> = {},
  ) =>
    queryOptions({
      queryKey: resourceKeys.optionSearch(definition.name, search, filters),
      queryFn: ({ signal }) => fetchOptions(definition, { search, filters }, signal),
      staleTime: 30_000,
    }),
  optionIds: (definition: ResourceDefinition, ids: readonly number[]) =>
    queryOptions({
      queryKey: resourceKeys.optionIds(definition.name, ids),
      queryFn: ({ signal }) => fetchOptions(definition, { ids }, signal),
      staleTime: 60_000,
    }),
};
