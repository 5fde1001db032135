/**
 * Credit letters' reads and writes (R-CREDIT-1..R-CREDIT-17), keyed by the one credit-letters key factory (src/data/credit-letters). Answers are
 * parsed with the schemas the server answers with.
 */
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import {
  creditCandidatesSchema,
  customerAccountSchema,
  customerPaymentSchema,
  letterPreviewSchema,
  letterRunSchema,
  sentLetterSchema,
  type CreatePaymentBody,
  type CustomerPayment,
  type LetterPreview,
  type LetterPreviewBody,
  type LetterRunBody,
} from '@dispatch/domain/credit/credit-letter-schemas';
import type { BackgroundJob } from '@dispatch/domain/jobs/background-jobs';
import { creditKeys, type CandidateFilters } from '../../data/credit-letters/credit-letter-keys';
import { apiGet, apiRequest, apiSend } from '../../lib/api-client';
import { openPdf } from '../../lib/open-pdf';

const base = '/api/v1/credit-letters';

export function candidatesPath(filters: CandidateFilters): string {
  const params = new URLSearchParams({ limit: '1000' });
  if (filters.overLimit) params.set('overLimit', 'true');
  if (filters.minDaysPastDue !== null) params.set('minDaysPastDue', String(filters.minDaysPastDue));
  if (filters.creditStatusIds.length > 0) {
    params.set('creditStatusIds', filters.creditStatusIds.join(','));
  }
  if (filters.search.trim() !== '') params.set('search', filters.search.trim());
  return `${base}/candidates?${params.toString()}`;
}

export const candidatesQuery = (filters: CandidateFilters) =>
  queryOptions({
    queryKey: creditKeys.candidates(filters),
    queryFn: async ({ signal }) =>
      await apiGet(candidatesPath(filters), creditCandidatesSchema, { signal }),
  });

export const accountQuery = (customerId: number) =>
  queryOptions({
    queryKey: creditKeys.account(customerId),
    queryFn: async ({ signal }) =>
      await apiGet(`${base}/accounts/${customerId}`, customerAccountSchema, { signal }),
  });

const historySchema = z.object({ data: z.array(sentLetterSchema) });

export const historyQuery = () =>
  queryOptions({
    queryKey: creditKeys.history(),
    queryFn: async ({ signal }) =>
      (await apiGet(`${base}/history?limit=200`, historySchema, { signal })).data,
  });

export const previewQuery = (body: LetterPreviewBody) =>
  queryOptions({
    queryKey: creditKeys.preview(body),
    queryFn: async ({ signal }): Promise<LetterPreview> =>
      await apiRequest('POST', `${base}/preview`, body, letterPreviewSchema, { signal }),
    // A template with a mistake is not retried: the answer names the mistake.
    retry: false,
    staleTime: 30_000,
  });

export async function produceLetters(body: LetterRunBody): Promise<BackgroundJob> {
  return await apiRequest('POST', `${base}/runs`, body, letterRunSchema);
}

export async function recordPayment(body: CreatePaymentBody): Promise<CustomerPayment> {
  return await apiRequest('POST', '/api/v1/customer-payments', body, customerPaymentSchema);
}

export async function removePayment(id: number): Promise<void> {
  await apiSend('DELETE', `/api/v1/customer-payments/${id}`);
}

/** R-CREDIT-10 with R-PRINT-1: a saved template's letter to one customer, in the print window. */
export async function openTemplatePdf(templateId: number, customerId: number): Promise<void> {
  await openPdf(
    `${base}/templates/${templateId}/preview.pdf?customerId=${customerId}`,
    `letter-${templateId}.pdf`,
  );
}
