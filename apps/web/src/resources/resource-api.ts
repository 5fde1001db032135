/**
 * The resource engine's routes as the web calls them (R-RES-3). Answers are parsed with the
 * schemas the server answers with, so a drifting server fails here, loudly, not in a screen.
 */
import type { ApiEnvelope } from '@dispatch/domain/api/envelope';
import {
  detailSchemaOf,
  optionSchema,
  rowSchemaOf,
  type Option,
  type ResourceDefinition,
} from '@dispatch/domain/resources/define';
import { z } from 'zod';
import { apiGet, apiRequest } from '../lib/api-client';
import { lookupText } from '../lib/i18n/lookup-text';
import { downloadFile } from '../lib/download-file';

export type ResourceRow = Record<string, unknown> & {
  id: number;
  version: number;
  modifiedAt: string;
  modifiedBy: string;
  labels: Record<string, string>;
};

export type ListRequest = {
  search?: string;
  sort?: string;
  order?: 'asc' | 'desc';
  offset: number;
  limit: number;
  includeInactive?: boolean;
  filters?: Record<string, string>;
};

export function basePath(definition: ResourceDefinition): string {
  return `/api/v1/${definition.path}`;
}

export function listParams(request: Omit<ListRequest, 'offset' | 'limit'>): URLSearchParams {
  const params = new URLSearchParams();
  if (request.search) params.set('search', request.search);
  if (request.sort) params.set('sort', request.sort);
  if (request.order) params.set('order', request.order);
  if (request.includeInactive) params.set('includeInactive', 'true');
  for (const [name, value] of Object.entries(request.filters ?? {})) {
    if (value !== '') params.set(name, value);
  }
  return params;
}

const parsers = new WeakMap<ResourceDefinition, { list: z.ZodType; detail: z.ZodType }>();

function parsersOf(definition: ResourceDefinition) {
  let found = parsers.get(definition);
  if (!found) {
    found = {
      list: z.object({
        error: z.boolean(),
        count: z.number(),
        data: z.array(rowSchemaOf(definition)),
      }),
      detail: detailSchemaOf(definition),
    };
    parsers.set(definition, found);
  }
  return found;
}

export async function fetchList(
  definition: ResourceDefinition,
  request: ListRequest,
  signal?: AbortSignal,
): Promise<ApiEnvelope<ResourceRow[]>> {
  const params = listParams(request);
  params.set('offset', String(request.offset));
  params.set('limit', String(request.limit));
  const list = parsersOf(definition).list;
  const page = (await apiGet(`${basePath(definition)}?${params.toString()}`, list, {
    signal,
  })) as ApiEnvelope<ResourceRow[]>;
  return { ...page, data: page.data.map((row) => translatedRow(definition, row)) };
}

/**
 * A listed row as the user reads it: seeded lookup texts (its own, and those of the lookups it
 * refers to) in the user's language. A record opened to edit is read as stored (fetchRecord).
 */
function translatedRow(definition: ResourceDefinition, row: ResourceRow): ResourceRow {
  const labels = Object.fromEntries(
    Object.entries(row.labels ?? {}).map(([name, text]) => {
      const resource = definition.fields[name]?.reference;
      return [name, resource && typeof text === 'string' ? lookupText(resource, text) : text];
    }),
  );
  const own = row[definition.labelField];
  return {
    ...row,
    labels,
    ...(typeof own === 'string'
      ? { [definition.labelField]: lookupText(definition.name, own) }
      : {}),
  };
}

export async function fetchRecord(
  definition: ResourceDefinition,
  id: number,
  signal?: AbortSignal,
): Promise<ResourceRow> {
  const detail = parsersOf(definition).detail;
  return (await apiGet(`${basePath(definition)}/${id}`, detail, { signal })) as ResourceRow;
}

const optionsSchema = z.object({ data: z.array(optionSchema) });

export async function fetchOptions(
  definition: ResourceDefinition,
  request: { search?: string; ids?: readonly number[]; filters?: Record<string, string> },
  signal?: AbortSignal,
): Promise<Option[]> {
  const params = new URLSearchParams({ limit: '30' });
  if (request.search) params.set('search', request.search);
  for (const [name, value] of Object.entries(request.filters ?? {})) params.set(name, value);
  if (request.ids?.length) params.set('ids', request.ids.join(','));
  const path = `${basePath(definition)}/options?${params.toString()}`;
  const options = (await apiGet(path, optionsSchema, { signal })).data;
  return options.map((option) => ({ ...option, name: lookupText(definition.name, option.name) }));
}

export async function saveRecord(
  definition: ResourceDefinition,
  id: number | undefined,
  body: Record<string, unknown>,
): Promise<ResourceRow> {
  const detail = parsersOf(definition).detail;
  const answer =
    id === undefined
      ? await apiRequest('POST', basePath(definition), body, detail)
      : await apiRequest('PUT', `${basePath(definition)}/${id}`, body, detail);
  return answer as ResourceRow;
}

export async function deleteRecord(
  definition: ResourceDefinition,
  id: number,
  version: number,
): Promise<ResourceRow | null> {
  // An answer without a body is a delete that leaves no record to show.
  const answer = await apiRequest(
    'DELETE',
    `${basePath(definition)}/${id}?version=${version}`,
    undefined,
    parsersOf(definition).detail.optional(),
  );
  return answer === undefined ? null : (answer as ResourceRow);
}

/** Downloads the filtered rows as a file: fetched with the bearer token, saved through a link. */
export async function downloadExport(
  definition: ResourceDefinition,
  request: Omit<ListRequest, 'offset' | 'limit'>,
  format: 'csv' | 'xlsx',
): Promise<void> {
  const params = listParams(request);
  params.set('format', format);
  await downloadFile(`${basePath(definition)}/export?${params}`, `${definition.path}.${format}`);
}
