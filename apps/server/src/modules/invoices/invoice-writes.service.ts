/**
 * R-INV-5..R-INV-7, R-INV-9, R-INV-13: flagging tickets invoiced (by a clerk, or by the nightly
 * run) and crediting an invoice, each one transaction. The tickets are locked first (in id order),
 * so of two clerks flagging the same ticket at once the second waits, then finds it invoiced and
 * is answered 409: no ticket is ever on two invoices. Numbers come from the gapless counter after
 * the ticket locks; the audit rows and invoiceUpdate_v1 are written in the same transaction, so
 * they exist if and only if it commits.
 */
import { and, asc, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  invoiceLineAmounts,
  negatedAmounts,
  sumAmounts,
  type InvoiceAmounts,
} from '@dispatch/domain/invoicing/invoice-arithmetic';
import {
  invoicesToMake,
  invoicingProblem,
  orderFullyInvoiced,
} from '@dispatch/domain/invoicing/invoice-selection';
import type { InvoiceSummary } from '@dispatch/domain/invoicing/invoice-schemas';
import type { SystemTypeId } from '@dispatch/domain/system-types';
import { formatDate } from '@dispatch/domain/dates/date-format';
import { recordAudit } from '../../audit/audit-trail';
import type { Db, Tx } from '../../db/client';
import { invoiceLines, invoices } from '../../db/schema/billing';
import { customers } from '../../db/schema/customers';
import { orders } from '../../db/schema/orders';
import { loads, tickets } from '../../db/schema/tickets';
import { loadStatusIds } from '../../db/reference-ids';
import { publish } from '../../dispatch/publish';
import { ApiError, notFound, validationError } from '../../http/api-error';
import { writing } from '../../http/database-errors';
import { productsOfTickets, ticketDay } from './invoice-candidates.service';
import { takeDocumentNumber } from './document-numbers';
import { taxRatesOfOrders } from './invoice-tax-rates';
import { ticketVoided } from '../tickets/ticket-void';
import { invoiceSummaries } from './invoices.service';

export type InvoiceWriter = {
  /** null: the nightly run (R-INV-13), which is no user; `username` names it on the audit rows. */
  userId: number | null;
  username: string;
  now: Date;
  allowedSystemTypeIds: readonly SystemTypeId[];
};

/** The tickets asked for, locked for the write, with their order's customer and job. */
async function lockedTickets(tx: Tx, ticketIds: readonly number[], writer: InvoiceWriter) {
  return tx
    .select({
      id: tickets.id,
      number: tickets.number,
      statusId: tickets.statusId,
      voided: ticketVoided,
      invoiceId: tickets.invoiceId,
      ticketDateTime: tickets.ticketDateTime,
      plantId: tickets.plantId,
      orderId: tickets.orderId,
      orderNumber: orders.number,
      jobId: orders.jobId,
      customerId: orders.customerId,
      customerName: customers.name,
    })
    .from(tickets)
    .innerJoin(orders, eq(orders.id, tickets.orderId))
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .where(
      and(
        inArray(tickets.id, [...ticketIds]),
        inArray(orders.systemTypeId, [...writer.allowedSystemTypeIds]),
      ),
    )
    .orderBy(asc(tickets.id))
    .for('update', { of: tickets });
}

/** R-INV-6: each order's flag follows whether all its tickets are invoiced now. */
async function refreshOrderFlags(
  tx: Tx,
  orderIds: readonly number[],
  writer: InvoiceWriter,
): Promise<void> {
  if (orderIds.length === 0) return;
  const ticketRows = await tx
    .select({
      orderId: tickets.orderId,
      voided: ticketVoided,
      invoiced: sql<boolean>`(${tickets.invoiceId} is not null)`,
    })
    .from(tickets)
    .where(inArray(tickets.orderId, [...orderIds]));
  const openLoads = await tx
    .select({ orderId: loads.orderId, n: count() })
    .from(loads)
    .where(
      and(
        inArray(loads.orderId, [...orderIds]),
        eq(loads.statusId, loadStatusIds.scheduled),
        isNull(loads.ticketId),
      ),
    )
    .groupBy(loads.orderId);
  const current = await tx
    .select({ id: orders.id, invoicedFlag: orders.invoicedFlag })
    .from(orders)
    .where(inArray(orders.id, [...orderIds]));
  for (const order of current) {
    const invoiced = orderFullyInvoiced({
      tickets: ticketRows.filter((row) => row.orderId === order.id),
      loadsToDeliver: openLoads.find((row) => row.orderId === order.id)?.n ?? 0,
    });
    if (invoiced === order.invoicedFlag) continue;
    // The version moves: an order entry form open on it saves its stale flag only after a reload.
    await tx
      .update(orders)
      .set({
        invoicedFlag: invoiced,
        version: sql`${orders.version} + 1`,
        modifiedAt: writer.now,
        modifiedBy: writer.username,
      })
      .where(eq(orders.id, order.id));
  }
}

async function announce(
  tx: Tx,
  made: readonly InvoiceSummary[],
  action: 'created' | 'credited',
  writer: InvoiceWriter,
): Promise<void> {
  for (const invoice of made) {
    await recordAudit(tx, {
      username: writer.username,
      at: writer.now,
      resource: 'invoices',
      recordId: invoice.id,
      action,
      before: null,
      after: invoice,
    });
  }
  await publish(tx, {
    name: 'invoiceUpdate_v1',
    data: { invoiceIds: made.map((invoice) => invoice.id), action, by: writer.username },
    ids: made.map((invoice) => invoice.id),
  });
}

/** An invoice or credit note with its totals, made by `writer` now; its id. */
async function insertInvoice(
  tx: Tx,
  head: Pick<
    typeof invoices.$inferInsert,
    'number' | 'customerId' | 'customerName' | 'invoiceDate' | 'creditsInvoiceId' | 'creditReason'
  >,
  totals: InvoiceAmounts,
  writer: InvoiceWriter,
): Promise<number> {
  const [row] = await tx
    .insert(invoices)
    .values({
      ...head,
      subtotal: totals.extendedPrice,
      taxAmount: totals.taxAmount,
      total: totals.totalAmount,
      createdAt: writer.now,
      createdBy: writer.userId,
      modifiedAt: writer.now,
      modifiedBy: writer.username,
    })
    .returning({ id: invoices.id });
  return row!.id;
}

type LockedTicket = Awaited<ReturnType<typeof lockedTickets>>[number];

/**
 * R-INV-2: the tickets asked for, locked, each with why it may not go on an invoice dated
 * `invoiceDate` (null when it may), and their products.
 */
async function checkedTickets(
  tx: Tx,
  { ticketIds, invoiceDate }: { ticketIds: readonly number[]; invoiceDate: string },
  writer: InvoiceWriter,
) {
  const locked = await lockedTickets(tx, ticketIds, writer);
  const invoicedIds = locked.flatMap((ticket) =>
    ticket.invoiceId === null ? [] : [ticket.invoiceId],
  );
  const numbers = new Map(
    invoicedIds.length === 0
      ? []
      : (
          await tx
            .select({ id: invoices.id, number: invoices.number })
            .from(invoices)
            .where(inArray(invoices.id, invoicedIds))
        ).map((row) => [row.id, row.number]),
  );
  const lines = await productsOfTickets(
    tx,
    locked.map((ticket) => ticket.id),
  );
  const checked = locked.map((ticket) => ({
    ticket,
    problem: invoicingProblem(
      {
        id: ticket.id,
        number: ticket.number,
        statusId: ticket.statusId,
        voided: ticket.voided,
        invoiceNumber: ticket.invoiceId === null ? null : (numbers.get(ticket.invoiceId) ?? 0),
        ticketDate: ticketDay(ticket.ticketDateTime),
        lines: lines.get(ticket.id) ?? [],
      },
      invoiceDate,
    ),
  }));
  return { checked, lines };
}

/**
 * R-INV-5: one invoice per customer of the tickets (locked, and each one invoiceable), dated
 * `invoiceDate`, numbered from the gapless counter; the tickets point at their invoice, fully
 * invoiced orders are flagged, and the invoices are audited and announced.
 */
async function writeInvoices(
  tx: Tx,
  ready: readonly LockedTicket[],
  lines: Awaited<ReturnType<typeof productsOfTickets>>,
  invoiceDate: string,
  writer: InvoiceWriter,
): Promise<InvoiceSummary[]> {
  const rates = await taxRatesOfOrders(tx, [...new Set(ready.map((ticket) => ticket.orderId))]);
  const made: number[] = [];
  const groups = invoicesToMake(
    ready.map((ticket) => ({ ...ticket, ticketDate: ticketDay(ticket.ticketDateTime) })),
  );
  for (const group of groups) {
    const number = await takeDocumentNumber(tx, 'invoice');
    const lineRows = group.tickets.flatMap((ticket) =>
      (lines.get(ticket.id) ?? []).map((line) => {
        const amounts = invoiceLineAmounts(
          { quantity: line.quantity, unitPrice: line.price ?? 0, taxable: line.taxable },
          rates.get(ticket.orderId) ?? null,
        );
        return {
          ticketId: ticket.id,
          orderId: ticket.orderId,
          jobId: ticket.jobId,
          plantId: ticket.plantId,
          productId: line.productId,
          ticketNumber: ticket.number,
          orderNumber: ticket.orderNumber,
          description: line.description,
          quantity: line.quantity,
          unitPrice: line.price ?? 0,
          ...amounts,
        };
      }),
    );
    const invoiceId = await insertInvoice(
      tx,
      { number, customerId: group.customerId, customerName: group.customerName, invoiceDate },
      sumAmounts(lineRows),
      writer,
    );
    await tx.insert(invoiceLines).values(
      lineRows.map(({ extendedPrice, totalAmount: _total, ...line }) => ({
        ...line,
        invoiceId,
        amount: extendedPrice,
      })),
    );
    const ticketIds = group.tickets.map((ticket) => ticket.id);
    const flagged = await tx
      .update(tickets)
      .set({ invoiceId, version: sql`${tickets.version} + 1`, modifiedAt: writer.now })
      .where(and(inArray(tickets.id, ticketIds), isNull(tickets.invoiceId)))
      .returning({ id: tickets.id });
    if (flagged.length !== ticketIds.length) {
      throw new ApiError('conflict', 'Some of the tickets were invoiced meanwhile. Try again.');
    }
    made.push(invoiceId);
  }
  await refreshOrderFlags(tx, [...new Set(ready.map((ticket) => ticket.orderId))], writer);
  // The nightly run is no user: its name is read from the audit row written next (R-INV-13).
  const answer = (await invoiceSummaries(tx, made)).map((invoice) => ({
    ...invoice,
    createdBy: invoice.createdBy || writer.username,
  }));
  await announce(tx, answer, 'created', writer);
  return answer;
}

/**
 * R-INV-5: one invoice per customer of the chosen tickets, dated `invoiceDate`; a ticket that may
 * not be invoiced refuses the whole request (400 naming it, 409 when invoiced meanwhile).
 */
export async function createInvoices(
  db: Db,
  request: { ticketIds: number[]; invoiceDate: string },
  writer: InvoiceWriter,
): Promise<InvoiceSummary[]> {
  if (writer.allowedSystemTypeIds.length === 0) {
    throw validationError([{ field: 'ticketIds', reason: 'no ticket of yours was found' }]);
  }
  return writing(() =>
    db.transaction(async (tx) => {
      const { checked, lines } = await checkedTickets(tx, request, writer);
      const found = new Set(checked.map(({ ticket }) => ticket.id));
      const missing = request.ticketIds.findIndex((id) => !found.has(id));
      if (missing >= 0) {
        throw validationError([
          {
            field: `ticketIds.${missing}`,
            reason: `ticket ${request.ticketIds[missing]} was not found`,
          },
        ]);
      }
      // Invoiced meanwhile (another clerk was quicker): a conflict, not a mistake in the request.
      const taken = checked.find((entry) => entry.problem?.kind === 'invoiced');
      if (taken) {
        throw new ApiError('conflict', taken.problem!.message, {
          code: 'ticket_invoiced',
          data: { ticketId: taken.ticket.id, invoiceId: taken.ticket.invoiceId },
        });
      }
      const problems = checked.flatMap(({ ticket, problem }) =>
        problem
          ? [
              {
                field:
                  problem.kind === 'beforeDelivery'
                    ? 'invoiceDate'
                    : `ticketIds.${request.ticketIds.indexOf(ticket.id)}`,
                reason: problem.message,
              },
            ]
          : [],
      );
      if (problems.length > 0) throw validationError(problems);
      return writeInvoices(
        tx,
        checked.map(({ ticket }) => ticket),
        lines,
        request.invoiceDate,
        writer,
      );
    }),
  );
}

/** A ticket the nightly run left for the clerk, and why (R-INV-2's reason). */
export type TicketLeft = { ticketId: number; ticketNumber: number; reason: string };

/**
 * R-INV-13: the nightly run's invoices: the tickets that may be invoiced become one invoice per
 * customer, exactly as R-INV-5 makes them; the others are left for the clerk with their reason.
 * A ticket invoiced meanwhile (by a clerk, or by another run of the same night) is passed over,
 * so running twice makes no second invoice.
 */
export async function invoiceWhatMayBe(
  db: Db,
  request: { ticketIds: readonly number[]; invoiceDate: string },
  writer: InvoiceWriter,
): Promise<{ made: InvoiceSummary[]; left: TicketLeft[] }> {
  return writing(() =>
    db.transaction(async (tx) => {
      const { checked, lines } = await checkedTickets(tx, request, writer);
      const left = checked.flatMap(({ ticket, problem }) =>
        problem && problem.kind !== 'invoiced'
          ? [{ ticketId: ticket.id, ticketNumber: ticket.number, reason: problem.message }]
          : [],
      );
      const ready = checked.flatMap(({ ticket, problem }) => (problem ? [] : [ticket]));
      if (ready.length === 0) return { made: [], left };
      return {
        made: await writeInvoices(tx, ready, lines, request.invoiceDate, writer),
        left,
      };
    }),
  );
}

/**
 * R-INV-7: a credit note for the whole invoice: the same lines with quantities and amounts
 * negated, its own number, dated today, with the reason; the invoice's tickets are released (they
 * may change and be invoiced again) and their orders are no longer flagged invoiced.
 */
export async function creditInvoice(
  db: Db,
  request: { id: number; reason: string },
  writer: InvoiceWriter,
): Promise<InvoiceSummary> {
  return writing(() =>
    db.transaction(async (tx) => {
      const [invoice] = await tx
        .select()
        .from(invoices)
        .where(eq(invoices.id, request.id))
        .for('update');
      const visible =
        invoice &&
        (
          await tx
            .select({ id: invoiceLines.id })
            .from(invoiceLines)
            .innerJoin(orders, eq(orders.id, invoiceLines.orderId))
            .where(
              and(
                eq(invoiceLines.invoiceId, invoice.id),
                inArray(orders.systemTypeId, [...writer.allowedSystemTypeIds]),
              ),
            )
            .limit(1)
        ).length > 0;
      if (!invoice || !visible) throw notFound(`Invoice ${request.id}`);
      if (invoice.creditsInvoiceId !== null) {
        throw new ApiError(
          'conflict',
          `${invoice.number} is a credit note; it cannot be credited.`,
          { code: 'credit_note' },
        );
      }
      const [earlier] = await tx
        .select({ number: invoices.number })
        .from(invoices)
        .where(eq(invoices.creditsInvoiceId, invoice.id));
      if (earlier) {
        throw new ApiError(
          'conflict',
          `Invoice ${invoice.number} was credited already by credit note ${earlier.number}.`,
          { code: 'invoice_credited' },
        );
      }
      const released = await tx
        .select({ id: tickets.id, orderId: tickets.orderId })
        .from(tickets)
        .where(eq(tickets.invoiceId, invoice.id))
        .orderBy(asc(tickets.id))
        .for('update');
      const lines = await tx
        .select()
        .from(invoiceLines)
        .where(eq(invoiceLines.invoiceId, invoice.id))
        .orderBy(asc(invoiceLines.id));
      const totals = negatedAmounts({
        extendedPrice: invoice.subtotal,
        taxAmount: invoice.taxAmount,
        totalAmount: invoice.total,
      });
      const number = await takeDocumentNumber(tx, 'invoice');
      const creditId = await insertInvoice(
        tx,
        {
          number,
          customerId: invoice.customerId,
          customerName: invoice.customerName,
          invoiceDate: formatDate(writer.now, 'YYYY-MM-DD'),
          creditsInvoiceId: invoice.id,
          creditReason: request.reason,
        },
        totals,
        writer,
      );
      if (lines.length > 0) {
        await tx.insert(invoiceLines).values(
          lines.map(({ id: _id, invoiceId: _invoice, ...line }) => {
            const negated = negatedAmounts({
              extendedPrice: line.amount,
              taxAmount: line.taxAmount,
              totalAmount: 0,
            });
            return {
              ...line,
              invoiceId: creditId,
              quantity: line.quantity === 0 ? 0 : -line.quantity,
              amount: negated.extendedPrice,
              taxAmount: negated.taxAmount,
            };
          }),
        );
      }
      await tx
        .update(invoices)
        .set({
          version: sql`${invoices.version} + 1`,
          modifiedAt: writer.now,
          modifiedBy: writer.username,
        })
        .where(eq(invoices.id, invoice.id));
      if (released.length > 0) {
        await tx
          .update(tickets)
          .set({ invoiceId: null, version: sql`${tickets.version} + 1`, modifiedAt: writer.now })
          .where(eq(tickets.invoiceId, invoice.id));
      }
      await refreshOrderFlags(tx, [...new Set(released.map((ticket) => ticket.orderId))], writer);
      const [answer] = await invoiceSummaries(tx, [creditId]);
      await announce(tx, [answer!], 'credited', writer);
      return answer!;
    }),
  );
}
