/**
 * R-PEND-4..7: what a dispatcher does with a pending order: release it from hold (the customer's
 * credit checked again), call in a will-call order for a time, or cancel it with a reason. Each is
 * one transaction that checks the version read, writes, and publishes orderUpdate_v1 and records
 * the order's history before it commits (R-LIVE-1, R-ORD-8, R-ORD-12), through order entry's own
 * helpers so an order changes the same way whichever screen changes it.
 */
import { eq, sql } from 'drizzle-orm';
import { orderEntrySchema } from '@dispatch/domain/orders/order-entry';
import { orderStatusById, orderStatusIds } from '@dispatch/domain/orders/order-status';
import {
  callInInstant,
  calledInTimes,
  cancelledNote,
  pendingKindOfStatus,
  stillHeldMessage,
  type PendingKind,
} from '@dispatch/domain/orders/pending-orders';
import { textLength } from '@dispatch/domain/api/fields';
import type { Db, Tx } from '../../db/client';
import { customers } from '../../db/schema/customers';
import { creditStatuses } from '../../db/schema/lookups';
import { orders, schedules } from '../../db/schema/orders';
import { publish } from '../../dispatch/publish';
import { ApiError, validationError } from '../../http/api-error';
import { writing } from '../../http/database-errors';
import { cancelOpenLoads } from '../orders/order-delete';
import { announce, readBack } from '../orders/order-live';
import { projectionInputOf, reproject } from '../orders/order-load-projection';
import { lockedOrder, staleOrder } from '../orders/order-lock';
import { readReferences } from '../orders/order-references';
import type { OrderWriter } from '../orders/order-writer';
import type { OrderDetailView } from '@dispatch/domain/orders/order-views';
import { creditHoldsOrders } from '../customers/credit-hold';

type Locked = Awaited<ReturnType<typeof lockedOrder>>;

const kindText: Record<Exclude<PendingKind, 'request'>, string> = {
  hold: 'on hold',
  willCall: 'will call',
};

/**
 * The order locked for the action, its caller's access checked (R-ORD-11), its version compared
 * (R-CONC-1) and its status one the action takes; else 403, 404, 409.
 */
async function pendingOrder(
  tx: Tx,
  id: number,
  version: number,
  kinds: readonly Exclude<PendingKind, 'request'>[],
  writer: OrderWriter,
): Promise<{ current: Locked; before: OrderDetailView }> {
  const current = await lockedOrder(tx, id, writer);
  writer.access(current.systemTypeId);
  if (version !== current.version) throw staleOrder(current);
  const before = await readBack(tx, id, current.systemTypeId);
  const kind = pendingKindOfStatus(before.orderStatusId);
  if (kind === null || !kinds.includes(kind)) {
    const status = orderStatusById(before.orderStatusId).name;
    const wanted = kinds.map((each) => kindText[each]).join(' or ');
    throw new ApiError(
      'conflict',
      `Order ${before.number} is ${status}, not ${wanted}: there is nothing to do with it here.`,
      { code: 'not_pending', data: { orderStatusId: before.orderStatusId } },
    );
  }
  return { current, before };
}

/** The order's new status, version and who changed it, with any other columns the action sets. */
async function setOrder(
  tx: Tx,
  id: number,
  writer: OrderWriter,
  values: Partial<typeof orders.$inferInsert>,
): Promise<void> {
  await tx
    .update(orders)
    .set({
      ...values,
      version: sql`${orders.version} + 1`,
      modifiedAt: writer.now,
      modifiedBy: writer.username,
    })
    .where(eq(orders.id, id));
}

/**
 * One action on a pending order, in one transaction: the order locked and checked (pendingOrder),
 * `change` written, then the order read back and announced as `action` before the commit.
 */
function actOnPending(
  db: Db,
  order: { id: number; version: number; writer: OrderWriter },
  taken: { kinds: readonly Exclude<PendingKind, 'request'>[]; action: string },
  change: (tx: Tx, pending: { current: Locked; before: OrderDetailView }) => Promise<void>,
): Promise<OrderDetailView> {
  const { id, version, writer } = order;
  return writing(() =>
    db.transaction(async (tx) => {
      const pending = await pendingOrder(tx, id, version, taken.kinds, writer);
      await change(tx, pending);
      const after = await readBack(tx, id, pending.current.systemTypeId);
      await announce(tx, after, pending.before, taken.action, writer);
      return after;
    }),
  );
}

/**
 * R-PEND-4: an order on hold becomes to be shipped, once its customer's credit status (read again,
 * as it is now) no longer holds orders; while it does, 409 naming the status.
 */
export async function releaseOrder(
  db: Db,
  id: number,
  version: number,
  writer: OrderWriter,
): Promise<OrderDetailView> {
  const taken = { kinds: ['hold'], action: 'released' } as const;
  return actOnPending(db, { id, version, writer }, taken, async (tx, { current, before }) => {
    const [credit] = await tx
      .select({
        creditStatusId: customers.creditStatusId,
        creditStatus: creditStatuses.description,
        holdsOrders: creditHoldsOrders,
      })
      .from(customers)
      .leftJoin(creditStatuses, eq(creditStatuses.id, customers.creditStatusId))
      .where(eq(customers.id, current.customerId));
    if (credit?.holdsOrders) {
      throw new ApiError('conflict', stillHeldMessage(before.number, credit.creditStatus), {
        code: 'credit_hold',
        data: { creditStatusId: credit.creditStatusId, creditStatus: credit.creditStatus },
      });
    }
    await setOrder(tx, id, writer, { orderStatusId: orderStatusIds.toBeShipped });
  });
}

/**
 * R-PEND-5: a will-call order called in: to be shipped, its earliest schedule's first load due on
 * the job at the time given on its ship date (the others keep their distance from it), and the
 * loads not yet ticketed projected again (R-ORD-5), with loadScheduleUpdatedNotification_v1.
 */
export async function callInOrder(
  db: Db,
  id: number,
  body: { version: number; firstLoadTime: string },
  writer: OrderWriter,
): Promise<OrderDetailView> {
  const order = { id, version: body.version, writer };
  const taken = { kinds: ['willCall'], action: 'calledIn' } as const;
  return actOnPending(db, order, taken, async (tx, { before }) => {
    const instant = callInInstant(before.shipDate, body.firstLoadTime);
    if (!instant) {
      throw validationError([
        {
          field: 'firstLoadTime',
          reason: `must be a time on the order's ship date (${before.shipDate})`,
        },
      ]);
    }
    const times = calledInTimes(
      before.schedules.map((form) => form.schedule.firstLoadOnJobTime),
      instant,
    );
    // The order as order entry would send it, with the new times: what projects its loads.
    const parsed = orderEntrySchema.safeParse({
      ...before,
      orderStatusId: orderStatusIds.toBeShipped,
      schedules: before.schedules.map((form, index) => ({
        schedule: { ...form.schedule, firstLoadOnJobTime: times[index] },
        primaryProduct: form.primaryProduct,
        extraProducts: form.extraProducts,
      })),
    });
    if (!parsed.success) {
      throw validationError(
        parsed.error.issues.map((issue) => ({
          field: issue.path.join('.') || 'body',
          reason: `the order cannot be called in until it is corrected in order entry: ${issue.message}`,
        })),
      );
    }
    const entry = parsed.data;
    const refs = await readReferences(tx, entry);
    await setOrder(tx, id, writer, {
      orderStatusId: orderStatusIds.toBeShipped,
      firstLoadTime: times.length ? new Date(Math.min(...times.map(Date.parse))) : null,
    });
    for (const [index, form] of entry.schedules.entries()) {
      const scheduleId = before.schedules[index]!.schedule.id;
      const numberOfLoads = await reproject(
        tx,
        { orderId: id, scheduleId },
        projectionInputOf(form, refs),
        index,
        writer,
      );
      await tx
        .update(schedules)
        .set({
          firstLoadOnJobTime: new Date(times[index]!),
          ...(numberOfLoads === null ? {} : { numberOfLoads }),
          version: sql`${schedules.version} + 1`,
          modifiedAt: writer.now,
          modifiedBy: writer.username,
        })
        .where(eq(schedules.id, scheduleId));
      await publish(tx, {
        name: 'loadScheduleUpdatedNotification_v1',
        data: { scheduleId, orderId: id, modifiedBy: writer.username },
      });
    }
  });
}

/**
 * R-PEND-6: a pending order cancelled (status M): the reason, with who gave it, starts its credit
 * notes, and its loads not yet ticketed are cancelled.
 */
export async function cancelPendingOrder(
  db: Db,
  id: number,
  body: { version: number; reason: string },
  writer: OrderWriter,
): Promise<OrderDetailView> {
  const order = { id, version: body.version, writer };
  const taken = { kinds: ['hold', 'willCall'], action: 'cancelled' } as const;
  return actOnPending(db, order, taken, async (tx, { before }) => {
    const note = cancelledNote(body.reason, writer.username);
    await setOrder(tx, id, writer, {
      orderStatusId: orderStatusIds.cancelled,
      // Kept within what order entry saves, so the order can still be saved there.
      creditNotes: (before.creditNotes ? `${note}\n${before.creditNotes}` : note).slice(
        0,
        textLength.notes,
      ),
    });
    await cancelOpenLoads(tx, id, writer);
  });
}
