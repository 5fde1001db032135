/** The customer, job and plant records order entry reads, and the server's field problems. */
import type { SystemTypeId } from '@dispatch/domain/system-types';
import { systemTypeById } from '@dispatch/domain/system-types';
import { z } from 'zod';
import type { FieldProblem } from '@dispatch/domain/api/field-problem';
import { orderKeys } from '../../data/orders/order-queries';
import { apiGet, ApiError } from '../../lib/api-client';

// What order entry reads of the resource engine's records; the rest of each record is kept.
export const customerRecordSchema = z.looseObject({
  id: z.number(),
  name: z.string(),
  creditStatusId: z.number().nullable(),
  cashOnlyFlag: z.boolean().optional(),
  emailAddressCsv: z.string().optional(),
  taxScheduleId: z.number().nullable().optional(),
  labels: z.record(z.string(), z.string()).optional(),
});
export const jobRecordSchema = z.looseObject({
  id: z.number(),
  number: z.string().optional(),
  plantId: z.number().nullable(),
  customerPoNumber: z.string().optional(),
});
export const plantRecordSchema = z.looseObject({
  batchTime: z.number().nullable(),
  inYardWashTime: z.number().nullable(),
  systemTypeId: z.number().nullable().optional(),
});
export type CustomerRecord = z.infer<typeof customerRecordSchema>;

export const recordQuery = <Record extends z.ZodType>(
  path: string,
  id: number | null,
  record: Record,
) => ({
  queryKey: orderKeys.reference(path, id),
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    apiGet(`/api/v1/${path}/${id}`, record, { signal }),
  enabled: id !== null,
  staleTime: 60_000,
  retry: false,
});

export function problemsOf(error: unknown): FieldProblem[] {
  if (!(error instanceof ApiError) || error.status !== 400) return [];
  const data = (error.body as { data?: unknown } | undefined)?.data;
  return Array.isArray(data)
    ? data.filter((item): item is FieldProblem => typeof (item as FieldProblem)?.field === 'string')
    : [];
}

/** The customer's pricing defaults of the system type in effect on the ship date (R-PRICE-3). */
export function pricingDefaults(
  customer: CustomerRecord,
  systemTypeId: SystemTypeId,
  shipDate: string,
) {
  const rows = customer[systemTypeById(systemTypeId).key];
  if (!Array.isArray(rows)) return undefined;
  const inEffect = (rows as Record<string, unknown>[]).filter(
    (row) =>
      (typeof row.startDate !== 'string' || row.startDate.slice(0, 10) <= shipDate) &&
      (typeof row.terminationDate !== 'string' || row.terminationDate.slice(0, 10) >= shipDate),
  );
  return inEffect.at(-1);
}
