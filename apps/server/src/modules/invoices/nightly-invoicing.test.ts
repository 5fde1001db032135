/**
 * The nightly invoicing (R-INV-13) on the real job queue, on PGlite and PostgreSQL: a customer is
 * set to invoice automatically through Customer Maintenance; at the system parameter's time two
 * server processes ticking at once queue one run; the run invoices that customer's delivered
 * tickets of the day and the day before as Flag Invoice does, in the name of 'auto-invoice', and
 * leaves the unpriced ticket for the clerk; a second run for the day makes no second invoice; the
 * next day runs at the time the administrator set.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BackgroundJob } from '@dispatch/domain/jobs/background-jobs';
import { formIdOf } from '@dispatch/domain/resources/define';
import { auditTrail } from '../../db/schema/audit';
import { backgroundJobs } from '../../db/schema/background-jobs';
import { invoices } from '../../db/schema/billing';
import { ticketProducts, tickets } from '../../db/schema/tickets';
import { termsDiscountIds, ticketStatusIds } from '../../db/reference-ids';
import type { JobRunner } from '../../jobs/job-runner';
import { findJob } from '../../jobs/job-rows';
import { listenToDispatch, type DispatchListener } from '../../../test/dispatch-listener';
import { callerOf, createTestApp, type TestApp } from '../../../test/test-app';
import { testJobRunners } from '../../../test/test-job-runners';
import { databaseKinds } from '../../../test/test-tenancy';
import { waitFor } from '../../../test/wait-for';
import { addOrder, buildDispatchWorld, type DispatchWorld } from '../../../test/dispatch-fixtures';
import { flagInvoiceForm } from './invoices.routes';
import { wireNightlyInvoicing } from './nightly-invoicing';

type Json = Record<string, unknown>;
type Invoice = Json & { id: number; number: number; createdBy: string; ticketCount: number };

const quiet = { info() {}, warn() {}, error() {} };
const day = '2026-03-10';
/** A moment on the server's clock (its own time zone, as business days are read). */
const at = (date: string, time: string) => new Date(`${date}T${time}:00`);

describe.each(databaseKinds)('nightly invoicing on %s', (kind) => {
  let t: TestApp;
  let world: DispatchWorld;
  let events: DispatchListener;
  let runners: JobRunner[] = [];
  const tokens: Record<string, string> = {};
  const call = callerOf(() => t, tokens, 'clerk');
  let nextTicket = 500;

  /** A ticket of the order at `when`, its products priced (null: unpriced), complete unless said. */
  const ticketOf = async (
    orderId: number,
    plantId: number,
    when: Date,
    options: { price?: number | null; statusId?: number; productId?: number } = {},
  ) => {
    nextTicket += 1;
    const [ticket] = await t.db
      .insert(tickets)
      .values({
        number: nextTicket,
        orderId,
        plantId,
        statusId: options.statusId ?? ticketStatusIds.complete,
        ticketDateTime: when,
        truckNumber: '12',
        loadNumber: 1,
      })
      .returning({ id: tickets.id, number: tickets.number });
    await t.db.insert(ticketProducts).values({
      ticketId: ticket!.id,
      productId: options.productId ?? world.products.mix,
      quantity: 10,
      price: options.price === undefined ? 150 : options.price,
      unitOfMeasure: 1,
    });
    return ticket!;
  };

  const tickAll = () => Promise.all(runners.map((runner) => runner.tick(t.database)));
  const runs = () =>
    t.db
      .select()
      .from(backgroundJobs)
      .where(eq(backgroundJobs.kind, 'autoInvoice'))
      .orderBy(backgroundJobs.id);
  const finished = (id: number) =>
    waitFor(
      async () => (await findJob(t.db, id))!,
      (job: BackgroundJob) => ['completed', 'failed', 'cancelled'].includes(job.state),
    );
  const invoicesOf = async (customerId: number) =>
    (await call('GET', `/api/v1/invoices?customerId=${customerId}`)).json<{ data: Invoice[] }>()
      .data;

  beforeAll(async () => {
    t = await createTestApp(kind);
    t.clock.now = at(day, '21:00');
    world = await buildDispatchWorld(t.db);
    await t.addUser({
      username: 'admin',
      isSysadmin: true,
      permissions: { [formIdOf('SystemParameters')]: 5 },
    });
    tokens.admin = await t.login('admin');
    await t.addUser({
      username: 'clerk',
      groupIds: [1001, 1002, 1003],
      permissions: { [flagInvoiceForm]: 5, [formIdOf('CustomerMaintenance')]: 5 },
    });
    tokens.clerk = await t.login('clerk');
    events = await listenToDispatch(await t.tenancy.open(t.database));
    // Two server processes' queues over the one database.
    runners = testJobRunners(t, 2, (runner) => wireNightlyInvoicing(runner, quiet));
  });
  afterAll(async () => {
    await events?.stop();
    for (const runner of runners) await runner.close();
    await t?.close();
  });

  it('R-INV-13: invoices the flagged customers’ delivered tickets once a night, leaving the rest', async () => {
    // The clerk sets Acme to invoice automatically, on net 30 (Customer Maintenance, R-MAINT-8).
    const acme = (await call('GET', `/api/v1/customers/${world.customerId}`)).json<Json>();
    expect(acme.autoInvoiceFlag).toBe(false);
    const saved = await call('PUT', `/api/v1/customers/${world.customerId}`, 'clerk', {
      autoInvoiceFlag: true,
      concrete: [{ termsDiscountId: termsDiscountIds.net30, startDate: '2026-01-01' }],
      version: acme.version,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<Json>().autoInvoiceFlag).toBe(true);

    const concrete = await addOrder(t.db, world, {
      systemTypeId: 1,
      loadSizes: [10],
      shipDate: day,
    });
    const stone = await addOrder(t.db, world, { systemTypeId: 2, loadSizes: [20], shipDate: day });
    const cash = await addOrder(t.db, world, {
      systemTypeId: 1,
      loadSizes: [10],
      shipDate: day,
      customerId: world.codCustomerId,
    });
    const mixPlant = world.plants.concrete;
    const morning = await ticketOf(concrete.orderId, mixPlant, at(day, '09:00'));
    const noon = await ticketOf(concrete.orderId, mixPlant, at(day, '12:00'));
    const gravel = await ticketOf(stone.orderId, world.plants.aggregate, at(day, '10:00'), {
      productId: world.products.stone,
    });
    // Delivered after last night's run: tonight's.
    const late = await ticketOf(concrete.orderId, mixPlant, at('2026-03-09', '23:10'));
    const unpriced = await ticketOf(concrete.orderId, mixPlant, at(day, '13:00'), { price: null });
    const onTheRoad = await ticketOf(concrete.orderId, mixPlant, at(day, '14:00'), {
      statusId: ticketStatusIds.open,
    });
    const lastWeek = await ticketOf(concrete.orderId, mixPlant, at('2026-03-03', '10:00'));
    const notFlagged = await ticketOf(cash.orderId, mixPlant, at(day, '10:30'));

    // Before the time (22:00 unless set), nothing runs.
    t.clock.now = at(day, '21:59');
    await tickAll();
    expect(await runs()).toEqual([]);

    // At the time, two processes ticking at once (and again) queue one run.
    t.clock.now = at(day, '22:01');
    await tickAll();
    await tickAll();
    const queued = await runs();
    expect(queued).toHaveLength(1);
    expect(queued[0]).toMatchObject({
      title: `Nightly invoicing, ${day}`,
      params: { day },
      requestedBy: 'auto-invoice',
      requestedByUserId: null,
    });
    const run = await finished(queued[0]!.id);
    expect(run).toMatchObject({
      state: 'completed',
      message: '1 invoice (4 tickets); 1 ticket left for the clerk',
    });

    // One invoice for Acme, dated today, as Flag Invoice makes it, by 'auto-invoice'.
    const [made, ...others] = await invoicesOf(world.customerId);
    expect(others).toEqual([]);
    expect(made).toMatchObject({ invoiceDate: day, createdBy: 'auto-invoice', ticketCount: 4 });
    expect(run.result).toMatchObject({ invoiceIds: [made!.id], invoiceNumbers: [made!.number] });
    const detail = (await call('GET', `/api/v1/invoices/${made!.id}`)).json<Json>();
    expect(detail).toMatchObject({
      customerPoNumber: 'PO-4471',
      terms: { description: 'Net 30' },
      dueDate: '2026-04-09',
    });
    const onInvoice = (detail.lines as { ticketNumber: number }[]).map((line) => line.ticketNumber);
    expect(new Set(onInvoice)).toEqual(
      new Set([morning.number, noon.number, gravel.number, late.number]),
    );
    expect(await invoicesOf(world.codCustomerId)).toEqual([]);
    const [audit] = await t.db
      .select({ username: auditTrail.username })
      .from(auditTrail)
      .where(and(eq(auditTrail.resource, 'invoices'), eq(auditTrail.recordId, String(made!.id))));
    expect(audit!.username).toBe('auto-invoice');
    const announced = await events.next('invoiceUpdate_v1');
    expect(announced.data).toEqual({
      invoiceIds: [made!.id],
      action: 'created',
      by: 'auto-invoice',
    });

    // What it could not invoice, and what was not its to invoice, wait in Flag Invoice.
    const candidates = (
      await call('GET', `/api/v1/invoices/candidates?from=2026-03-01&to=${day}`)
    ).json<{
      customers: { orders: { tickets: { id: number; problem: string | null }[] }[] }[];
    }>();
    const waiting = new Map(
      candidates.customers.flatMap((customer) =>
        customer.orders.flatMap((order) =>
          order.tickets.map((ticket) => [ticket.id, ticket.problem] as const),
        ),
      ),
    );
    expect([...waiting.keys()].sort((a, b) => a - b)).toEqual(
      [unpriced.id, lastWeek.id, notFlagged.id].sort((a, b) => a - b),
    );
    expect(waiting.get(unpriced.id)).toBe(
      `Ticket ${unpriced.number} has a product without a price.`,
    );
    const [road] = await t.db
      .select({ invoiceId: tickets.invoiceId })
      .from(tickets)
      .where(eq(tickets.id, onTheRoad.id));
    expect(road!.invoiceId).toBeNull();

    // A second run for the same day (a retry, a second delivery) makes no second invoice.
    const numbersBefore = await t.db.select({ n: sql<number>`count(*)::int` }).from(invoices);
    const again = await runners[1]!.enqueue(t.database, {
      kind: 'autoInvoice',
      title: `Nightly invoicing, ${day}`,
      params: { day },
      requestedByUserId: null,
      requestedBy: 'auto-invoice',
    });
    expect(await finished(again.id)).toMatchObject({
      state: 'completed',
      message: 'No tickets to invoice; 1 ticket left for the clerk',
    });
    expect(await t.db.select({ n: sql<number>`count(*)::int` }).from(invoices)).toEqual(
      numbersBefore,
    );
    // Later that night the day's run is not queued again.
    t.clock.now = at(day, '23:30');
    await tickAll();
    expect(await runs()).toHaveLength(2);
  });

  it('R-INV-13: runs at the time the administrator sets, the next day', async () => {
    const rows = (await call('GET', '/api/v1/admin/system-parameters', 'admin')).json<{
      data: { key: string; value: unknown; version: number }[];
    }>().data;
    const parameter = rows.find((row) => row.key === 'autoInvoiceTime')!;
    expect(parameter.value).toBe('22:00');
    const bad = await call('PUT', '/api/v1/admin/system-parameters/autoInvoiceTime', 'admin', {
      value: '25:00',
      version: parameter.version,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ data: { field: string; reason: string }[] }>().data).toEqual([
      { field: 'value', reason: 'Enter a time as HH:mm.' },
    ]);
    const set = await call('PUT', '/api/v1/admin/system-parameters/autoInvoiceTime', 'admin', {
      value: '23:30',
      version: parameter.version,
    });
    expect(set.statusCode, set.body).toBe(200);

    // The clerk prices yesterday's unpriced ticket; tonight's run takes it.
    await t.db
      .update(ticketProducts)
      .set({ price: 150 })
      .where(sql`${ticketProducts.price} is null`);
    const before = await runs();
    t.clock.now = at('2026-03-11', '22:30');
    tokens.clerk = await t.login('clerk');
    await tickAll();
    expect(await runs()).toHaveLength(before.length);
    t.clock.now = at('2026-03-11', '23:31');
    await tickAll();
    const queued = (await runs()).slice(before.length);
    expect(queued).toHaveLength(1);
    expect(queued[0]!.params).toEqual({ day: '2026-03-11' });
    expect(await finished(queued[0]!.id)).toMatchObject({
      state: 'completed',
      message: '1 invoice (1 ticket)',
    });
    const newest = (await invoicesOf(world.customerId))[0]!;
    expect(newest).toMatchObject({
      invoiceDate: '2026-03-11',
      createdBy: 'auto-invoice',
      ticketCount: 1,
    });
  });
});
