/**
 * The ticket edit screens' reads and writes (R-TEDIT-2..9), with one key factory: every cached
 * list and ticket sits under `ticketEditKeys.all`, so a hub event refreshes them at once.
 */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import {
  ticketBatchOutcomeSchema,
  ticketEditDetailSchema,
  ticketEditRowSchema,
  type TicketBatchEdit,
  type TicketBatchOutcome,
  type TicketEdit,
  type TicketEditDetail,
  type TicketEditRow,
  type TicketTimesEdit,
} from '@dispatch/domain/tickets/ticket-edits';
import { ApiError, apiGet, apiRequest, apiSend } from '../../lib/api-client';
import { openPdf } from '../../lib/open-pdf';

export type TicketSearch = {
  number?: string;
  dateFrom?: string;
  dateTo?: string;
  orderNumber?: string;
  customer?: string;
  truck?: string;
  plantId?: string;
  includeVoided?: boolean;
};

export const ticketEditKeys = {
  all: ['ticketEdits'] as const,
  search: (search: TicketSearch) => [...ticketEditKeys.all, 'search', search] as const,
  detail: (id: number) => [...ticketEditKeys.all, 'detail', id] as const,
};

const listSchema = z.object({ data: z.array(ticketEditRowSchema) }).passthrough();

export function searchPath(search: TicketSearch, limit = 200): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(search)) {
    if (typeof value === 'string' && value.trim() !== '') params.set(key, value.trim());
  }
  params.set('includeVoided', String(search.includeVoided ?? true));
  params.set('limit', String(limit));
  return `/api/v1/tickets/search?${params.toString()}`;
}

export const ticketSearchQuery = (search: TicketSearch, enabled = true) =>
  queryOptions({
    queryKey: ticketEditKeys.search(search),
    queryFn: async ({ signal }): Promise<TicketEditRow[]> =>
      (await apiGet(searchPath(search), listSchema, { signal })).data,
    placeholderData: keepPreviousData,
    enabled,
    staleTime: 30_000,
  });

export const ticketDetailQuery = (id: number | null) =>
  queryOptions({
    queryKey: ticketEditKeys.detail(id ?? 0),
    queryFn: async ({ signal }): Promise<TicketEditDetail> =>
      await apiGet(`/api/v1/tickets/${id}/detail`, ticketEditDetailSchema, { signal }),
    enabled: id !== null,
    staleTime: 30_000,
  });

export async function saveTicket(id: number, edit: TicketEdit): Promise<TicketEditDetail> {
  return await apiRequest('PUT', `/api/v1/tickets/${id}`, edit, ticketEditDetailSchema);
}

export async function saveTicketTimes(
  id: number,
  edit: TicketTimesEdit,
): Promise<TicketEditDetail> {
  return await apiRequest('PUT', `/api/v1/tickets/${id}/times`, edit, ticketEditDetailSchema);
}

export async function batchEdit(body: TicketBatchEdit): Promise<TicketBatchOutcome> {
  return await apiRequest('POST', '/api/v1/tickets/batch-edit', body, ticketBatchOutcomeSchema);
}

export function voidTicket(
  id: number,
  body: { version: number; voidStatusId: number; reason: string },
): Promise<void> {
  return apiSend('POST', `/api/v1/tickets/${id}/void`, body);
}

/** The delivery ticket, fetched with the token and opened in the print window (R-DISP-9). */
export async function printTicket(ticket: { id: number; number: number }): Promise<void> {
  await openPdf(`/api/v1/tickets/${ticket.id}/pdf`, `ticket-${ticket.number}.pdf`);
}

export type FieldProblems = Record<string, string>;

/** A 400's problems by field (`reason`, `times.onJobDateTime`), to show next to each field. */
export function fieldProblemsOf(error: unknown): FieldProblems {
  if (!(error instanceof ApiError) || error.status !== 400) return {};
  const data = (error.body as { data?: unknown } | null)?.data;
  if (!Array.isArray(data)) return {};
  const problems: FieldProblems = {};
  for (const item of data) {
    const { field, reason } = item as { field?: unknown; reason?: unknown };
    if (typeof field === 'string' && typeof reason === 'string' && !(field in problems)) {
      problems[field] = reason;
    }
  }
  return problems;
}

export const errorMessageOf = (error: unknown) =>
  error instanceof Error ? error.message : String(error);
