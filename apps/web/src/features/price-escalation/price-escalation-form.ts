/**
 * The price escalation form (R-ESC-1..R-ESC-3) as the clerk fills it, the request it makes, and
 * a refusal's reasons by field.
 */
import type {
  EscalationKind,
  EscalationMethod,
  EscalationRequestInput,
} from '@dispatch/domain/pricing/price-escalation';
import type { SystemTypeId } from '@dispatch/domain/system-types';
import { ApiError } from '../../lib/api-client';

type Direction = 'raise' | 'lower';

export type EscalationForm = {
  systemTypeIds: SystemTypeId[];
  productTypeIds: number[];
  productIds: number[];
  plantIds: number[];
  customerIds: number[];
  quoteIds: number[];
  method: EscalationMethod;
  direction: Direction;
  amount: number | '';
  effectiveDate: string;
  description: string;
};

/** The first day of next month: when price lists usually change. */
function firstOfNextMonth(today = new Date()): string {
  const next = new Date(today.getFullYear(), today.getMonth() + 1, 1);
  const month = String(next.getMonth() + 1).padStart(2, '0');
  return `${next.getFullYear()}-${month}-01`;
}

export function emptyEscalationForm(): EscalationForm {
  return {
    systemTypeIds: [],
    productTypeIds: [],
    productIds: [],
    plantIds: [],
    customerIds: [],
    quoteIds: [],
    method: 'percent',
    direction: 'raise',
    amount: '',
    effectiveDate: firstOfNextMonth(),
    description: '',
  };
}

export function requestOf(kind: EscalationKind, form: EscalationForm): EscalationRequestInput {
  const amount = typeof form.amount === 'number' ? form.amount : 0;
  return {
    kind,
    method: form.method,
    amount: form.direction === 'lower' ? -amount : amount,
    effectiveDate: form.effectiveDate,
    description: form.description,
    selection: {
      systemTypeIds: form.systemTypeIds,
      productTypeIds: form.productTypeIds,
      productIds: form.productIds,
      plantIds: form.plantIds,
      ...(kind === 'quote' ? { customerIds: form.customerIds, quoteIds: form.quoteIds } : {}),
    },
  };
}

export type FieldErrors = Record<string, string>;

/** A 400's reasons by field; anything else as one message. */
export function errorsOf(error: unknown): { fields: FieldErrors; message: string } {
  if (error instanceof ApiError && error.status === 400) {
    const data = (error.body as { data?: unknown } | undefined)?.data;
    if (Array.isArray(data)) {
      const fields: FieldErrors = {};
      for (const problem of data as { field?: unknown; reason?: unknown }[]) {
        if (typeof problem.field === 'string' && typeof problem.reason === 'string') {
          fields[problem.field] = problem.reason;
        }
      }
      return { fields, message: error.message };
    }
  }
  return { fields: {}, message: error instanceof Error ? error.message : String(error) };
}
