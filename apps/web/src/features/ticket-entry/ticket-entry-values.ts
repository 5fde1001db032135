/** The ticket entry form's values, as typed, and the server's field problems. */
import type { FieldProblem } from '@dispatch/domain/api/field-problem';
import { ApiError } from '../../lib/api-client';

export type EntryValues = {
  plantId: number | null;
  orderId: number | null;
  truckId: number | null;
  grossWeight: number | null;
  tareWeight: number | null;
  tareSource: 'truck' | 'weighed';
  /** R-SCALE-4: the weights as taken from the scale; null once typed over, or keyed by hand. */
  grossWeighingId: number | null;
  tareWeighingId: number | null;
  cubes: number | null;
  pieces: number | null;
  returnFlag: boolean;
  cod: boolean;
};

export const blank: EntryValues = {
  plantId: null,
  orderId: null,
  truckId: null,
  grossWeight: null,
  tareWeight: null,
  tareSource: 'truck',
  grossWeighingId: null,
  tareWeighingId: null,
  cubes: null,
  pieces: null,
  returnFlag: false,
  cod: false,
};

export const fieldNames = new Set(Object.keys(blank));

export function problemsOf(error: unknown): FieldProblem[] {
  if (!(error instanceof ApiError)) return [];
  const data = (error.body as { data?: unknown } | undefined)?.data;
  return Array.isArray(data)
    ? data.filter((item): item is FieldProblem => typeof (item as FieldProblem)?.field === 'string')
    : [];
}

export const numberOf = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;
