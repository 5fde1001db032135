/** Creating an order (R-ORD-1, R-ORD-9). */
import type { OrderEntry, OrderEntryCreate } from '@dispatch/domain/orders/order-entry';
import { orderStatusIds } from '@dispatch/domain/orders/order-status';
import type { PermissionFlags } from '@dispatch/domain/permissions';
import type { Db, Tx } from '../../db/client';
import { pipelinedTransaction } from '../../db/pipelined-transaction';
import { orders } from '../../db/schema/orders';
import { validationError } from '../../http/api-error';
import { writing } from '../../http/database-errors';
import { withNewOrderDefaults } from './new-order-defaults';
import { writeInOneStatement } from './one-statement';
import type { OrderDetailView } from '@dispatch/domain/orders/order-views';
import { linesOf, type ReferenceData, readReferences, referenceProblems } from './order-references';
import type { OrderWriter } from './order-writer';
import { priceLines, cartageRateOf } from './order-line-prices';
import { headerValues } from './order-rows';
import { scheduleWrites } from './order-schedule-writes';
import { announce, readBack } from './order-live';

/** R-ORD-9: a customer whose credit status holds orders has new orders put on hold, with why. */
function creditHold(entry: OrderEntry, refs: ReferenceData): Partial<OrderEntry> {
  if (!refs.customer?.holdOrders) return {};
  const reason = `On hold: the customer's credit status (${refs.customer.creditStatus ?? 'unknown'}) holds orders.`;
  return {
    orderStatusId: orderStatusIds.onHold,
    creditNotes: entry.creditNotes ? `${reason}\n${entry.creditNotes}` : reason,
  };
}

/**
 * A new order with its schedules, lines and loads, from an entry checked against `refs` (read by
 * `readReferences` for it with the new ids, and with prices unless they are kept as given).
 */
export async function insertOrder(
  tx: Tx,
  given: OrderEntry,
  refs: ReferenceData,
  flags: PermissionFlags,
  writer: OrderWriter,
): Promise<number> {
  const problems = referenceProblems(given, refs);
  if (problems.length > 0) throw validationError(problems);
  const entry = { ...given, ...creditHold(given, refs) };
  // A copy keeps its lines' prices as they were (no price book read); an entry is priced.
  const allLines = refs.prices
    ? priceLines(entry, flags, new Map(), refs.prices)
    : entry.schedules.map((form, index) =>
        linesOf(form).map((line, position) => ({
          ...line,
          price: line.price ?? null,
          path: `schedules.${index}.${position}`,
        })),
      );
  const cartageRate = refs.prices ? cartageRateOf(entry, flags, null) : (entry.cartageRate ?? null);
  const orderId = refs.newIds.orderId;
  if (orderId === undefined) throw new Error('No id was drawn for the new order');
  // The order, its schedules, their lines and loads: one statement.
  await writeInOneStatement(tx, [
    {
      table: orders,
      overridingIdentity: true,
      rows: [
        {
          ...headerValues(entry, refs.customer!.name),
          id: orderId,
          cartageRate,
          // On the clock truck stamps are measured by: no ticket time moves before it (R-BOARD-7).
          createdAt: writer.now,
          modifiedAt: writer.now,
          modifiedBy: writer.username,
        },
      ],
    },
    ...scheduleWrites(
      orderId,
      entry.schedules.map((form, index) => ({ form, lines: allLines[index]!, index })),
      refs,
      writer,
    ),
  ]);
  return orderId;
}

/**
 * R-ORD-1: a new order from order entry, with its schedules, lines and projected loads. The
 * charge types left out come from the customer's pricing defaults (R-ORD-20) and each schedule
 * gets the automatic static products it lacks (R-ORD-21). R-ORD-13: everything the order refers
 * to, its defaults and its prices are read in one statement before it is written.
 */
export async function createOrder(
  db: Db,
  given: OrderEntryCreate,
  writer: OrderWriter,
): Promise<OrderDetailView> {
  const flags = writer.access(given.systemTypeId);
  return writing(() =>
    // Three round trips: BEGIN with the references, the write with its read-back (the order's
    // id is drawn with the references), the history entry and event with COMMIT.
    pipelinedTransaction(db, async (tx, closing) => {
      const refs = await readReferences(tx, given, [], {
        prices: true,
        statics: true,
        newIds: { order: true, schedules: given.schedules.length },
      });
      const entry = withNewOrderDefaults(given, {
        defaults: refs.prices!.defaults,
        statics: refs.statics,
      });
      const [id, after] = await Promise.all([
        insertOrder(tx, entry, refs, flags, writer),
        readBack(tx, refs.newIds.orderId!, entry.systemTypeId),
      ]);
      if (id !== after.id) throw new Error(`Order ${id} was read back as ${after.id}`);
      closing(announce(tx, after, null, 'created', writer));
      return after;
    }),
  );
}
