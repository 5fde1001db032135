/** Copying an order to another day. */
import { orderEntrySchema } from '@dispatch/domain/orders/order-entry';
import { copiedOrderStatusId } from '@dispatch/domain/orders/order-status';
import { formatDate } from '@dispatch/domain/dates/date-format';
import type { Db } from '../../db/client';
import { notFound, validationError } from '../../http/api-error';
import { writing } from '../../http/database-errors';
import type { OrderDetailView } from '@dispatch/domain/orders/order-views';
import { getOrder } from './orders.service';
import { dayOf, instantOf } from './order-stored-values';
import type { OrderWriter } from './order-writer';
import { readReferences } from './order-references';
import { announce, readBack } from './order-live';
import type { StoredSchedule } from './order-schedule-writes';
import { insertOrder } from './order-create';

/** Whole days from one business day to another. */
function daysBetween(from: string, to: string): number {
  return Math.round(
    (Date.parse(`${dayOf(to)}T00:00:00Z`) - Date.parse(`${dayOf(from)}T00:00:00Z`)) / 86_400_000,
  );
}

/** The same wall-clock time, `days` later (a daylight-saving change keeps the time of day). */
function shiftedByDays(instant: string | null, days: number): string | null {
  const time = instantOf(instant);
  if (!time) return null;
  time.setDate(time.getDate() + days);
  return time.toISOString();
}

/**
 * R-ORD-7: a copy of an order for another ship date, as a new order: will call stays will call,
 * anything else is to be shipped (R-ORDER-STATUS-2), unless the customer's credit holds it. Its
 * schedules keep their times of day on the new date, its lines their prices; nothing of it is
 * delivered, ticketed, verified or invoiced yet, and its loads are projected afresh.
 */
export async function copyOrder(
  db: Db,
  id: number,
  shipDate: string,
  writer: OrderWriter,
): Promise<OrderDetailView> {
  return writing(() =>
    db.transaction(async (tx) => {
      const source = await getOrder(tx, { id, allowedSystemTypeIds: writer.allowedSystemTypeIds });
      if (!source) throw notFound(`Order ${id}`);
      const flags = writer.access(source.systemTypeId);
      const days = daysBetween(source.shipDate, shipDate);
      const line = (product: StoredSchedule['extraProducts'][number]) => ({
        ...product,
        id: undefined,
      });
      const parsed = orderEntrySchema.safeParse({
        ...source,
        shipDate: dayOf(shipDate),
        orderDate: formatDate(writer.now, 'YYYY-MM-DD'),
        orderStatusId: copiedOrderStatusId(source.orderStatusId),
        invoicedFlag: false,
        orderVerifiedFlag: false,
        schedules: source.schedules.map((form) => ({
          schedule: {
            ...form.schedule,
            id: undefined,
            firstLoadOnJobTime: shiftedByDays(form.schedule.firstLoadOnJobTime, days),
          },
          primaryProduct: form.primaryProduct ? line(form.primaryProduct) : null,
          extraProducts: form.extraProducts.map(line),
        })),
      });
      if (!parsed.success) {
        throw validationError(
          parsed.error.issues.map((issue) => ({
            field: issue.path.join('.') || 'body',
            reason: `the order cannot be copied: ${issue.message}`,
          })),
        );
      }
      // Its lines keep their prices: the price book is not read.
      const refs = await readReferences(tx, parsed.data, [], {
        newIds: { order: true, schedules: parsed.data.schedules.length },
      });
      const newId = await insertOrder(tx, parsed.data, refs, flags, writer);
      const after = await readBack(tx, newId, source.systemTypeId);
      await announce(tx, after, null, 'copied', writer);
      return after;
    }),
  );
}
