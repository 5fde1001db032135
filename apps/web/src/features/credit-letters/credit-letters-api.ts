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
import { apiGet, apiRequest } from '../../lib/api-client';
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
      creditCandidatesSchema.parse(await apiGet<unknown>(candidatesPath(filters), { signal })),
  });

export const accountQuery = (customerId: number) =>
  queryOptions({
    queryKey: creditKeys.account(customerId),
    queryFn: async ({ signal }) =>
      customerAccountSchema.parse(
        await apiGet<unknown>(`${base}/accounts/${customerId}`, { signal }),
      ),
  });

const historySchema = z.object({ data: z.array(sentLetterSchema) });

export const historyQuery = () =>
  queryOptions({
    queryKey: creditKeys.history(),
    queryFn: async ({ signal }) =>
      historySchema.parse(await apiGet<unknown>(`${base}/history?limit=200`, { signal })).data,
  });

export const previewQuery = (body: LetterPreviewBody) =>
  queryOptions({
    queryKey: creditKeys.preview(body),
    queryFn: async ({ signal }): Promise<LetterPreview> =>
      letterPreviewSchema.parse(
        await apiRequest<unknown>('POST', `${base}/preview`, body, { signal }),
      ),
    // A template with a mistake is not retried: the answer names the mistake.
    retry: false,
    staleTime: 30_000,
  });

export async function produceLetters(body: LetterRunBody): Promise<BackgroundJob> {
  return letterRunSchema.parse(await apiRequest<unknown>('POST', `${base}/runs`, body));
}

export async function recordPayment(body: CreatePaymentBody): Promise<CustomerPayment> {
  return customerPaymentSchema.parse(
    await apiRequest<unknown>('POST', '/api/v1/customer-payments', body),
  );
}

export async function removePayment(id: number): Promise<void> {
  await apiRequest<unknown>('DELETE', `/api/v1/customer-payments/${id}`);
}

/** R-CREDIT-10 with R-PRINT-1: a saved template's letter to one customer, in the print window. */
export async function openTemplatePdf(templateId: number, customerId: number): Promise<void> {
  await openPdf(
    `${base}/templates/${templateId}/preview.pdf?customerId=${customerId}`,
    `letter-${templateId}.pdf`,
  );
}
