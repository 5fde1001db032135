/** The customer, job and plant records order entry reads, and the server's field problems. */
import type { SystemTypeId } from '@dispatch/domain/system-types';
import { systemTypeById } from '@dispatch/domain/system-types';
import { apiGet, ApiError } from '../../lib/api-client';
import { orderKeys } from './order-entry-api';
import type { FieldProblem } from './order-entry-form';

export type CustomerRecord = Record<string, unknown> & {
  id: number;
  name: string;
  creditStatusId: number | null;
  cashOnlyFlag?: boolean;
  emailAddressCsv?: string;
  taxScheduleId?: number | null;
  labels?: Record<string, string>;
};
export type JobRecord = {
  id: number;
  number?: string;
  plantId: number | null;
  customerPoNumber?: string;
};

export const recordQuery = <T>(path: string, id: number | null) => ({
  queryKey: [...orderKeys.all, 'reference', path, id] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => apiGet<T>(`/api/v1/${path}/${id}`, { signal }),
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
