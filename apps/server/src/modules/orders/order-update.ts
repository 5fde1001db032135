/** Changing an order (R-ORD-3..R-ORD-5, R-CONC-1). */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { OrderEntry } from '@dispatch/domain/orders/order-entry';
import { orderStatusIds } from '@dispatch/domain/orders/order-status';
import type { Db } from '../../db/client';
import { orders, schedules } from '../../db/schema/orders';
import { tickets } from '../../db/schema/tickets';
import { publish } from '../../dispatch/publish';
import { ApiError, validationError } from '../../http/api-error';
import { writing } from '../../http/database-errors';
import { writeInOneStatement } from './one-statement';
import type { OrderDetailView } from '@dispatch/domain/orders/order-views';
import { refuseInvoicedTickets } from './ticket-invoice-guard';
import type { OrderWriter } from './order-writer';
import { readReferences, referenceProblems } from './order-references';
import { priceLines, cartageRateOf } from './order-line-prices';
import { headerValues } from './order-rows';
import { scheduleWrites, updateSchedule } from './order-schedule-writes';
import { announce, readBack } from './order-live';
import { staleOrder, lockedOrder } from './order-lock';
import { refuseIfTicketed, cancelOpenLoads } from './order-delete';

/**
 * R-ORD-1, R-ORD-4..5: an order changed as a whole: the order's fields, its schedules (one left
 * out is removed, unless tickets were written for it) and their lines. A schedule whose quantity,
 * rate, load size or first-load time changed has its loads not yet ticketed projected anew, and
 * loadScheduleUpdatedNotification_v1 is sent for it.
 */
export async function updateOrder(
  db: Db,
  id: number,
  entry: OrderEntry & { version: number },
  writer: OrderWriter,
): Promise<OrderDetailView> {
  return writing(() =>
    db.transaction(async (tx) => {
      const current = await lockedOrder(tx, id, writer);
      const flags = writer.access(current.systemTypeId);
      if (entry.systemTypeId !== current.systemTypeId) {
        throw validationError([
          { field: 'systemTypeId', reason: 'cannot change: copy the order instead' },
        ]);
      }
      if (entry.version !== current.version) throw staleOrder(current);
      const before = await readBack(tx, id, current.systemTypeId);
      // R-INV-3: an order with invoiced tickets keeps the customer and job they were billed to.
      if (entry.customerId !== before.customerId || (entry.jobId ?? null) !== before.jobId) {
        await refuseInvoicedTickets(tx, { orderId: id });
      }
      const refs = await readReferences(
        tx,
        entry,
        before.schedules.map((form) => form.schedule.truckTypeId),
        {
          prices: true,
          newIds: {
            order: false,
            schedules: entry.schedules.filter((form) => form.schedule.id === undefined).length,
          },
        },
      );
      const problems = referenceProblems(entry, refs, entry.customerId !== current.customerId);
      const storedSchedules = new Map(before.schedules.map((form) => [form.schedule.id, form]));
      entry.schedules.forEach((form, index) => {
        if (form.schedule.id !== undefined && !storedSchedules.has(form.schedule.id)) {
          problems.push({
            field: `schedules.${index}.schedule.id`,
            reason: 'is not a schedule of this order',
          });
        }
      });
      if (problems.length > 0) throw validationError(problems);
      const storedLines = new Map(
        before.schedules.flatMap((form) =>
          [...(form.primaryProduct ? [form.primaryProduct] : []), ...form.extraProducts].map(
            (line) => [line.id, { productId: line.productId ?? 0, price: line.price ?? null }],
          ),
        ),
      );
      const allLines = priceLines(entry, flags, storedLines, refs.prices!);
      const cartageRate = cartageRateOf(entry, flags, current.cartageRate);
      const customerName =
        entry.customerId === current.customerId ? current.customerName : refs.customer!.name;

      const [updated] = await tx
        .update(orders)
        .set({
          ...headerValues(entry, customerName),
          cartageRate,
          version: sql`${orders.version} + 1`,
          modifiedAt: writer.now,
          modifiedBy: writer.username,
        })
        .where(and(eq(orders.id, id), eq(orders.version, entry.version)))
        .returning({ id: orders.id });
      if (!updated) throw staleOrder(current);

      const keptIds = entry.schedules.flatMap((form) =>
        form.schedule.id === undefined ? [] : [form.schedule.id],
      );
      const removed = before.schedules
        .map((form) => form.schedule.id)
        .filter((scheduleId) => !keptIds.includes(scheduleId));
      if (removed.length > 0) {
        const [ticketed] = await tx
          .select({ scheduleId: tickets.scheduleId })
          .from(tickets)
          .where(inArray(tickets.scheduleId, removed))
          .limit(1);
        if (ticketed) {
          throw new ApiError(
            'conflict',
            `Schedule ${ticketed.scheduleId} has tickets and cannot be removed from the order.`,
            { code: 'schedule_ticketed', data: { scheduleId: ticketed.scheduleId } },
          );
        }
        await tx.delete(schedules).where(inArray(schedules.id, removed));
      }
      const added: Parameters<typeof scheduleWrites>[1][number][] = [];
      for (const [index, form] of entry.schedules.entries()) {
        const lines = allLines[index]!;
        const storedForm =
          form.schedule.id === undefined ? undefined : storedSchedules.get(form.schedule.id);
        if (!storedForm) {
          added.push({ form, lines, index });
          continue;
        }
        const reprojected = await updateSchedule(
          tx,
          id,
          form,
          storedForm,
          lines,
          refs,
          index,
          writer,
        );
        if (reprojected) {
          await publish(tx, {
            name: 'loadScheduleUpdatedNotification_v1',
            data: { scheduleId: storedForm.schedule.id, orderId: id, modifiedBy: writer.username },
          });
        }
      }
      await writeInOneStatement(tx, scheduleWrites(id, added, refs, writer));
      const deleting =
        entry.orderStatusId === orderStatusIds.deleted &&
        before.orderStatusId !== orderStatusIds.deleted;
      if (deleting) {
        await refuseIfTicketed(tx, current);
        await cancelOpenLoads(tx, id, writer);
      }
      const after = await readBack(tx, id, current.systemTypeId);
      await announce(tx, after, before, deleting ? 'deleted' : 'updated', writer);
      return after;
    }),
  );
}
