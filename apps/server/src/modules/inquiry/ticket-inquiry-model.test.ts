/**
 * Ticket inquiry's read model (R-INQ-12, ADR 015) against the tables it is built from. Its rows
 * are written by SQL triggers (migration 0011), which restate the inquiry's rules; this suite
 * holds them to the rules' own code: every stored row must equal the row built here from the
 * live tickets, orders, lines and names with ticketJobId, ticketPo, ticketVoided and lineAmount,
 * after each kind of write that changes what inquiry shows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql, type SQL } from 'drizzle-orm';
import {
  ticketInquiryRowSchema,
  type TicketInquiryRow,
} from '@dispatch/domain/inquiry/ticket-inquiry';
import { addMoney } from '@dispatch/domain/invoicing/invoice-arithmetic';
import { lineAmount } from '@dispatch/domain/pricing/order-pricing';
import { systemTypes, type SystemTypeId } from '@dispatch/domain/system-types';
import { invoices } from '../../db/schema/billing';
import { customers } from '../../db/schema/customers';
import { jobs } from '../../db/schema/jobs';
import { orders } from '../../db/schema/orders';
import { plants } from '../../db/schema/plants';
import { products } from '../../db/schema/products';
import { ticketProducts, tickets } from '../../db/schema/tickets';
import { loggingDb } from '../../../test/logging-db';
import { callerOf, createTestApp, type TestApp } from '../../../test/test-app';
import { databaseKinds } from '../../../test/test-tenancy';
import { ticketVoided } from '../tickets/ticket-void';
import { makeInquiryHistory, type InquiryHistory } from '../../../test/inquiry-fixtures';
import { ticketJobId, ticketPo } from '../tickets/ticket-job-and-po';
import { searchTicketInquiry, ticketInquiryRows } from './ticket-inquiry.service';

type Line = {
  description: string;
  quantity: number;
  unitOfMeasure: number | null;
  price: number | null;
};

/** Every ticket's inquiry row, built from the live tables with the rules' own code. */
async function expectedRows(t: TestApp): Promise<TicketInquiryRow[]> {
  const rows = await t.db
    .select({
      id: tickets.id,
      number: tickets.number,
      ticketDateTime: tickets.ticketDateTime,
      systemTypeId: orders.systemTypeId,
      plantId: tickets.plantId,
      plantName: plants.description,
      orderId: tickets.orderId,
      orderNumber: orders.number,
      customerId: orders.customerId,
      customerNumber: customers.number,
      customerName: orders.customerName,
      jobId: ticketJobId,
      jobNumber: sql<
        string | null
      >`(select ${jobs.number} from ${jobs} where ${jobs.id} = ${ticketJobId})`,
      customerPoNumber: ticketPo,
      truckId: tickets.truckId,
      truckNumber: tickets.truckNumber,
      statusId: tickets.statusId,
      voidedFlag: ticketVoided,
      invoiceId: tickets.invoiceId,
      invoiceNumber: sql<
        number | null
      >`(select ${invoices.number} from ${invoices} where ${invoices.id} = ${tickets.invoiceId})`,
    })
    .from(tickets)
    .innerJoin(orders, eq(orders.id, tickets.orderId))
    .innerJoin(plants, eq(plants.id, tickets.plantId))
    .innerJoin(customers, eq(customers.id, orders.customerId));
  const lines = await t.db
    .select({
      ticketId: ticketProducts.ticketId,
      description: products.description,
      quantity: ticketProducts.quantity,
      unitOfMeasure: ticketProducts.unitOfMeasure,
      price: ticketProducts.price,
    })
    .from(ticketProducts)
    .innerJoin(products, eq(products.id, ticketProducts.productId))
    .orderBy(ticketProducts.id);
  const linesOf = (id: number): Line[] => lines.filter((line) => line.ticketId === id);
  return rows.map((row) => {
    const own = linesOf(row.id);
    const priced = own.filter((line) => line.price !== null);
    return {
      ...row,
      ticketDateTime: row.ticketDateTime.toISOString(),
      systemTypeId: row.systemTypeId as SystemTypeId,
      jobNumber: row.jobNumber ?? '',
      truckNumber: row.truckNumber ?? '',
      voidedFlag: Boolean(row.voidedFlag),
      productDescription: own[0]?.description ?? '',
      quantity: own[0]?.quantity ?? null,
      unitOfMeasure: own[0]?.unitOfMeasure ?? null,
      lineCount: own.length,
      extendedPrice:
        priced.length === 0
          ? null
          : priced.map((line) => lineAmount(line)).reduce((sum, amount) => addMoney(sum, amount)),
    };
  });
}

/** A logged statement with its values in place of its $n placeholders, to be explained. */
const statementOf = (query: string, params: unknown[]): SQL =>
  sql.join(
    query
      .split(/\$(\d+)/)
      .map((part, index) => (index % 2 === 1 ? sql`${params[Number(part) - 1]}` : sql.raw(part))),
  );

/** Every node of an EXPLAIN (FORMAT JSON) plan, with its type and the index it reads. */
function planNodes(plan: unknown): { type: string; index?: string }[] {
  if (Array.isArray(plan)) return plan.flatMap(planNodes);
  if (typeof plan !== 'object' || plan === null) return [];
  const node = plan as Record<string, unknown>;
  const own =
    typeof node['Node Type'] === 'string'
      ? [{ type: node['Node Type'], index: node['Index Name'] as string | undefined }]
      : [];
  return [...own, ...Object.values(node).flatMap(planNodes)];
}

describe.each(databaseKinds)("ticket inquiry's read model on %s", (kind) => {
  let t: TestApp;
  let h: InquiryHistory;
  const tokens: Record<string, string> = {};
  const call = callerOf(() => t, tokens, 'clerk');

  /** The read model's rows as the inquiry answers them, every ticket, by id. */
  const storedRows = async () =>
    (
      await ticketInquiryRows(t.db, {
        voided: 'include',
        sort: 'ticketDateTime',
        order: 'desc',
        offset: 0,
        limit: 1000,
        allowedSystemTypeIds: systemTypes.map((type) => type.id),
      })
    ).sort((a, b) => a.id - b.id);

  const expectInStep = async () => {
    const stored = await storedRows();
    for (const row of stored) ticketInquiryRowSchema.strict().parse(row);
    expect(stored).toEqual((await expectedRows(t)).sort((a, b) => a.id - b.id));
    return stored;
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    t.clock.now = new Date('2026-03-12T16:00:00');
    h = await makeInquiryHistory(t, call, tokens);
  });
  afterAll(() => t?.close());

  it('holds every ticket of a history written through the API, as the rules build it', async () => {
    const stored = await expectInStep();
    expect(stored).toHaveLength(4);
  });

  it('follows renamed plants, customers, jobs, invoices and products', async () => {
    await t.db
      .update(plants)
      .set({ description: 'North Yard 2' })
      .where(eq(plants.id, h.plants.north));
    await t.db
      .update(customers)
      .set({ number: 'C1-NEW' })
      .where(eq(customers.id, h.customers.acme));
    await t.db.update(jobs).set({ number: 'J-TOWER-B' }).where(eq(jobs.id, h.jobs.tower));
    await t.db
      .update(invoices)
      .set({ number: sql`${invoices.number} + 1000` })
      .where(eq(invoices.id, h.invoices.acme.id));
    await t.db
      .update(products)
      .set({ description: '3000 PSI mix' })
      .where(eq(products.id, h.products.mix));
    const stored = await expectInStep();
    expect(stored.find((row) => row.id === h.tickets.first.id)).toMatchObject({
      plantName: 'North Yard 2',
      customerNumber: 'C1-NEW',
      jobNumber: 'J-TOWER-B',
      productDescription: '3000 PSI mix',
    });
  });

  it("follows an order's customer, job and PO, and a ticket's own job, PO, truck and void", async () => {
    await t.db
      .update(orders)
      .set({ customerPoNumber: 'PO-NEW', jobId: h.jobs.annex })
      .where(eq(orders.id, h.orders.acme.id));
    await t.db
      .update(tickets)
      .set({ customerPoNumber: null, jobId: null, truckNumber: 'M-99', voidDateTime: new Date() })
      .where(eq(tickets.id, h.tickets.corrected.id));
    const stored = await expectInStep();
    expect(stored.find((row) => row.id === h.tickets.corrected.id)).toMatchObject({
      customerPoNumber: 'PO-NEW',
      truckNumber: 'M-99',
      voidedFlag: true,
    });
  });

  it('sums lines rounded each to the cent, half away from zero, and follows lines added, changed and removed', async () => {
    const ticketId = h.tickets.first.id;
    // 2.345 × 10.01 = 23.47345 → 23.47; 0.5 × 0.01 = 0.005 → 0.01; an unpriced line adds nothing.
    await t.db.insert(ticketProducts).values([
      { ticketId, productId: h.products.stone, quantity: 2.345, price: 10.01 },
      { ticketId, productId: h.products.stone, quantity: 0.5, price: 0.01 },
      { ticketId, productId: h.products.fiber, quantity: 3, price: null },
    ]);
    let stored = await expectInStep();
    expect(stored.find((row) => row.id === ticketId)).toMatchObject({ lineCount: 5 });
    await t.db
      .update(ticketProducts)
      .set({ price: 11 })
      .where(eq(ticketProducts.productId, h.products.fiber));
    await expectInStep();
    await t.db.delete(ticketProducts).where(eq(ticketProducts.ticketId, ticketId));
    stored = await expectInStep();
    expect(stored.find((row) => row.id === ticketId)).toMatchObject({
      lineCount: 0,
      productDescription: '',
      extendedPrice: null,
    });
  });

  it('takes a new ticket at once, and drops it when it is deleted', async () => {
    const [pit] = await t.db.select().from(tickets).where(eq(tickets.id, h.tickets.pitTicket.id));
    const [copy] = await t.db
      .insert(tickets)
      .values({
        number: pit!.number + 100,
        orderId: pit!.orderId,
        plantId: pit!.plantId,
        statusId: pit!.statusId,
      })
      .returning({ id: tickets.id });
    expect((await expectInStep()).map((row) => row.id)).toContain(copy!.id);
    await t.db.delete(tickets).where(eq(tickets.id, copy!.id));
    expect((await expectInStep()).map((row) => row.id)).not.toContain(copy!.id);
  });

  it('answers a typed number from its index alone, in the page order (R-INQ-12)', async () => {
    const statements: { query: string; params: unknown[] }[] = [];
    const logged = loggingDb(t.db, kind, (query, params) => statements.push({ query, params }));
    const answer = JSON.parse(
      await searchTicketInquiry(
        logged,
        {
          number: 501,
          voided: 'include',
          sort: 'ticketDateTime',
          order: 'desc',
          offset: 0,
          limit: 100,
          allowedSystemTypeIds: systemTypes.map((type) => type.id),
        },
        true,
      ),
    ) as { count: number };
    // Two plants wrote a 501; the page was its own count, one statement.
    expect(answer.count).toBe(2);
    expect(statements).toHaveLength(1);
    const [page] = statements;
    // The visibility map lets an index-only scan skip the heap, as autovacuum keeps it on a live
    // database; and a handful of rows would be read whole, so the plan of a long history is asked.
    await t.db.execute(sql`VACUUM ticket_inquiry`);
    const plan = await t.db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL enable_seqscan = off`);
      await tx.execute(sql`SET LOCAL enable_bitmapscan = off`);
      return tx.execute(sql`EXPLAIN (FORMAT JSON) ${statementOf(page!.query, page!.params)}`);
    });
    const nodes = planNodes(plan.rows);
    expect(nodes).toContainEqual({ type: 'Index Only Scan', index: 'ticket_inquiry_number_idx' });
    expect(nodes.map((node) => node.type)).not.toContain('Sort');
  });
});
