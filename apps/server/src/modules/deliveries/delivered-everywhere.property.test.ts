/**
 * R-DELIV-2: one definition of "delivered", on each engine. A random day is played through the
 * API (orders, dispatches, truck statuses as far as each truck gets, voids and returned concrete),
 * then every screen and report that shows what was delivered is asked: the dashboard's order
 * board, the load board, order entry, pending orders (for the orders put on hold at the end),
 * the shipped-orders and ordered-against-delivered reports, and Flag Invoice. Each must report,
 * order by order, what the test's own account of the day says reached the customer.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderStatusIds } from '@dispatch/domain/orders/order-status';
import { reportRunRequestSchema, type ReportKey } from '@dispatch/domain/reports/report-catalogue';
import { truckStatusIds, type TruckStatusId } from '@dispatch/domain/trucks/truck-status';
import { voidStatusIds } from '../../db/reference-ids';
import {
  addUsers,
  concreteOrderBody,
  concreteSchedule,
  type Json,
} from '../../../test/order-fixtures';
import { callerOf, createTestApp, type TestApp } from '../../../test/test-app';
import { databaseKinds } from '../../../test/test-tenancy';
import { flagInvoiceForm } from '../invoices/invoices.routes';
import { addTruck, buildDispatchWorld, type DispatchWorld } from '../../../test/dispatch-fixtures';
import { reportBuilders } from '../reports/report-builders';
import type { ReportRow } from '../reports/report-document';
import { reportScope } from '../reports/report-scope';

const all = [1001, 1002, 1003];

/** How far a load's truck got; each stage includes the ones before it. */
const stages = [
  truckStatusIds.loaded,
  truckStatusIds.toJob,
  truckStatusIds.onJob,
  truckStatusIds.unloading,
  truckStatusIds.washing,
  truckStatusIds.toPlant,
  truckStatusIds.inYard,
] as const satisfies readonly TruckStatusId[];

type LoadPlan = {
  sent: boolean;
  /** How many of `stages` the truck went through (0: it only started loading). */
  reached: number;
  /** Washing skipped: To plant (or In yard) finishes unloading instead. */
  skipsWashing: boolean;
  returned: number;
  voided: boolean;
};
type OrderPlan = { loadSize: number; loads: LoadPlan[]; holdAtEnd: boolean };

const loadPlan = fc.record({
  sent: fc.boolean(),
  reached: fc.integer({ min: 0, max: stages.length }),
  skipsWashing: fc.boolean(),
  returned: fc.constantFrom(0, 0, 0.5, 1.5),
  voided: fc.integer({ min: 0, max: 3 }).map((draw) => draw === 0),
});
const dayPlan = fc.array(
  fc.record({
    loadSize: fc.constantFrom(6, 8, 10),
    loads: fc.array(loadPlan, { minLength: 1, maxLength: 3 }),
    holdAtEnd: fc.boolean(),
  }),
  { minLength: 2, maxLength: 4 },
);

/** The index in `stages` of On job: a truck that got there has its load at the customer. */
const onJobStage = stages.indexOf(truckStatusIds.onJob);

type Order = Json & {
  id: number;
  number: number;
  version: number;
  quantityDelivered: number;
  loads: { id: number; loadNumber: number; quantity: number }[];
};

describe.each(databaseKinds)('delivered, everywhere, on %s', (kind) => {
  let t: TestApp;
  let world: DispatchWorld;
  const tokens: Record<string, string> = {};
  const call = callerOf(() => t, tokens, 'dispatcher');
  let day = new Date('2026-04-01T06:00:00Z');
  let trucks = 0;

  const ok = async (method: 'GET' | 'POST' | 'PUT', url: string, body?: Json, who?: string) => {
    const response = await call(method, url, who, body);
    expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
    return response.json<Json>();
  };

  /**
   * Plays one order's day through the API; answers what the test's own account of it says was
   * delivered: each load sent, not voided, whose truck reached the job (any status after that,
   * or coming home, finishes unloading), less what came back.
   */
  async function playOrder(
    plan: OrderPlan,
    shipDate: string,
  ): Promise<{ id: number; delivered: number }> {
    const form = concreteSchedule({
      plantId: world.plants.concrete,
      productId: world.products.mix,
      firstLoadOnJobTime: `${shipDate}T09:00:00Z`,
      quantity: plan.loadSize * plan.loads.length,
      loadSize: plan.loadSize,
    });
    const created = (await ok(
      'POST',
      '/api/v1/orders',
      concreteOrderBody(
        {
          customerId: world.customerId,
          plantId: world.plants.concrete,
          jobId: world.jobId,
          customerPoNumber: 'PO-RANDOM',
          shipDate,
        },
        { schedules: [{ ...form, primaryProduct: { ...form.primaryProduct, price: 100 } }] },
      ),
    )) as Order;
    const order = (await ok('GET', `/api/v1/orders/${created.id}`)) as Order;
    expect(order.loads).toHaveLength(plan.loads.length);
    let delivered = 0;
    for (const [index, load] of order.loads.entries()) {
      const step = plan.loads[index]!;
      if (!step.sent) continue;
      const truckId = await addTruck(t.db, {
        plantId: world.plants.concrete,
        number: `R${++trucks}`,
      });
      const sent = await ok('POST', `/api/v1/loads/${load.id}/dispatch`, { truckId });
      const ticket = (sent as { ticket: { id: number } }).ticket;
      for (const status of stages.slice(0, step.reached)) {
        if (status === truckStatusIds.washing && step.skipsWashing) continue;
        t.clock.advance(7 * 60_000);
        await ok('PUT', `/api/v1/trucks/${truckId}/status`, { statusId: status });
      }
      if (step.returned > 0) {
        const current = (await ok('GET', `/api/v1/tickets/${ticket.id}`)) as { version: number };
        await ok('PUT', `/api/v1/tickets/${ticket.id}/returned`, {
          version: current.version,
          returnedQuantity: step.returned,
          reason: 'Came back',
        });
      }
      if (step.voided) {
        const current = (await ok('GET', `/api/v1/tickets/${ticket.id}`)) as { version: number };
        await ok('POST', `/api/v1/tickets/${ticket.id}/void`, {
          version: current.version,
          voidStatusId: voidStatusIds.entryError,
          reason: 'Keyed twice',
        });
      }
      if (step.reached < stages.length) {
        // The truck comes home for its next load.
        t.clock.advance(7 * 60_000);
        await ok('PUT', `/api/v1/trucks/${truckId}/status`, { statusId: truckStatusIds.inYard });
      }
      if (!step.voided && step.reached > onJobStage) delivered += load.quantity - step.returned;
    }
    return { id: order.id, delivered: Math.round(delivered * 1000) / 1000 };
  }

  const report = async (reportKey: ReportKey, date: string): Promise<ReportRow[]> => {
    const request = reportRunRequestSchema.parse({ reportKey, params: { from: date, to: date } });
    const body = await reportBuilders[reportKey]({
      db: t.db,
      scope: reportScope(reportKey, request.params, [1, 2, 3]),
      progress: () => Promise.resolve(),
    });
    return body.tables[0]!.sections.flatMap((section) => section.rows);
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    world = await buildDispatchWorld(t.db);
    await addUsers(t, tokens, [
      ['dispatcher', all, { 15000: 5, 51001: 5, 51201: 5, 51002: 5 }],
      ['clerk', all, { [flagInvoiceForm]: 5 }],
    ]);
  });
  afterAll(() => t.close());

  it('every screen and report counts the same delivered quantities', async () => {
    await fc.assert(
      fc.asyncProperty(dayPlan, async (plans) => {
        // Each run is a day of its own.
        day = new Date(day.getTime() + 86_400_000);
        t.clock.now = day;
        const shipDate = day.toISOString().slice(0, 10);
        const played: { id: number; delivered: number; hold: boolean; number?: number }[] = [];
        for (const plan of plans) {
          played.push({ ...(await playOrder(plan, shipDate)), hold: plan.holdAtEnd });
        }
        // Some orders go on hold at the end of the day: pending orders lists them.
        for (const order of played.filter((each) => each.hold)) {
          const current = (await ok('GET', `/api/v1/orders/${order.id}`)) as Order;
          await ok('PUT', `/api/v1/orders/${order.id}`, {
            ...current,
            orderStatusId: orderStatusIds.onHold,
          });
        }

        const board = (await ok(
          'GET',
          `/api/v1/orders?view=board&shipDate=${shipDate}&limit=100`,
        )) as { data: { id: number; quantityDelivered: number }[] };
        const loadBoard = (await ok(
          'GET',
          `/api/v1/load-board?from=${shipDate}T00:00:00Z&to=${shipDate}T23:59:00Z`,
        )) as { orders: { id: number; deliveredQuantity: number }[] };
        const pending = (await ok('GET', '/api/v1/pending-orders?kind=hold')) as {
          data: { id: number; deliveredQuantity: number | null }[];
        };
        const candidates = (await ok(
          'GET',
          `/api/v1/invoices/candidates?from=${shipDate}&to=${shipDate}`,
          undefined,
          'clerk',
        )) as {
          customers: {
            orders: {
              orderId: number;
              tickets: { lines: { productId: number; deliveredQuantity: number }[] }[];
            }[];
          }[];
        };
        const shipped = await report('shippedOrders', shipDate);
        const orderedVsDelivered = await report('orderedVsDelivered', shipDate);

        for (const order of played) {
          const entry = (await ok('GET', `/api/v1/orders/${order.id}`)) as Order;
          const invoiceable = candidates.customers
            .flatMap((customer) => customer.orders)
            .filter((each) => each.orderId === order.id)
            .flatMap((each) => each.tickets)
            .flatMap((ticket) => ticket.lines)
            .filter((line) => line.productId === world.products.mix)
            .reduce((sum, line) => sum + line.deliveredQuantity, 0);
          const number = String(entry.number);
          const seen = {
            orderEntry: entry.quantityDelivered,
            dashboard: board.data.find((row) => row.id === order.id)?.quantityDelivered,
            loadBoard: loadBoard.orders.find((row) => row.id === order.id)?.deliveredQuantity,
            pendingOrders: order.hold
              ? (pending.data.find((row) => row.id === order.id)?.deliveredQuantity ?? 0)
              : order.delivered,
            shippedOrders: Number(shipped.find((row) => row.order === number)?.delivered ?? 0),
            orderedVsDelivered: Number(
              orderedVsDelivered.find((row) => row.order === number)?.delivered ?? 0,
            ),
            flagInvoice: Math.round(invoiceable * 1000) / 1000,
          };
          const expected = Object.fromEntries(
            Object.keys(seen).map((key) => [key, order.delivered]),
          );
          expect(seen, `order ${number}`).toEqual(expected);
        }
      }),
      // A failing day is reported as played: shrinking would replay days for minutes.
      { numRuns: 3, endOnFailure: true },
    );
  }, 240_000);
});
