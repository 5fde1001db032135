/**
 * R-ORD-8: an order's history, field by field. An order is recorded as one flat record per change:
 * its own fields by name, a schedule's as `schedules[<schedule id>].<field>` and a product line's
 * as `schedules[<schedule id>].products[<line id>].<field>`, so the audit trail's field-by-field
 * comparison (R-AUDIT-2) names exactly what changed, down to one product's price, and a schedule
 * keeps its name when another is added or removed.
 */
import { changedFields, type AuditChange } from '../audit/audit-trail';
import { isPriceField } from '../pricing';

type Row = Readonly<Record<string, unknown>>;

export type OrderHistorySource = Row & {
  readonly schedules?: readonly {
    readonly schedule: Row & { readonly id: number };
    readonly primaryProduct: (Row & { readonly id: number }) | null;
    readonly extraProducts: readonly (Row & { readonly id: number })[];
  }[];
};

/** Derived, bookkeeping or read-only parts of an order: not what a user changes. */
const orderSkipped = new Set([
  'id',
  'number',
  'job',
  'schedules',
  'loads',
  'ticketIds',
  'quantityOrdered',
  'quantityDelivered',
  'unitOfMeasure',
  'firstLoadTime',
  'createdAt',
  'modifiedAt',
  'modifiedBy',
  'version',
]);
const scheduleSkipped = new Set(['id', 'orderId', 'version']);
const productSkipped = new Set(['id', 'scheduleId', 'version']);

function copyInto(
  target: Record<string, unknown>,
  prefix: string,
  row: Row,
  skipped: ReadonlySet<string>,
): void {
  for (const [key, value] of Object.entries(row)) {
    if (!skipped.has(key)) target[`${prefix}${key}`] = value;
  }
}

/** The flat record an order's history compares (R-ORD-8). */
export function orderHistoryRecord(order: OrderHistorySource): Record<string, unknown> {
  const record: Record<string, unknown> = {};
  copyInto(record, '', order, orderSkipped);
  for (const form of order.schedules ?? []) {
    const prefix = `schedules[${form.schedule.id}].`;
    copyInto(record, prefix, form.schedule, scheduleSkipped);
    const lines = [...(form.primaryProduct ? [form.primaryProduct] : []), ...form.extraProducts];
    for (const line of lines) {
      copyInto(record, `${prefix}products[${line.id}].`, line, productSkipped);
    }
  }
  return record;
}

/** True for a history field that holds a price (`cartageRate`, `schedules[3].products[9].price`). */
export function isPriceHistoryField(field: string): boolean {
  return isPriceField(field.slice(field.lastIndexOf('.') + 1));
}

/**
 * The changes of one history entry a caller may see: every changed field, less prices for a level
 * that hides them (R-PERM-6). Order history (R-ORD-8) and the order audit (R-OAUD-4) both read it.
 */
export function orderHistoryChanges(
  before: unknown,
  after: unknown,
  hidePrices: boolean,
): AuditChange[] {
  return changedFields(before, after).filter(
    (change) => !hidePrices || !isPriceHistoryField(change.field),
  );
}
