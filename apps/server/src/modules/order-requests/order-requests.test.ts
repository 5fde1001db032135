/**
 * Online order requests (R-OREQ-1..12): external users make, list and withdraw their requests;
 * dispatchers list, accept (linking an order) and reject them; each side is refused the other's
 * routes; decisions are audited and every committed write sends orderRequestUpdate_v1.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { systemTypeForm } from '@dispatch/domain/menu/menu-catalogue';
import type { OrderRequestView } from '@dispatch/domain/orders/order-requests';
import { auditTrail } from '../../db/schema/audit';
import { externalUserJobs, users } from '../../db/schema/auth';
import { customers } from '../../db/schema/customers';
import { jobs } from '../../db/schema/jobs';
import { orders } from '../../db/schema/orders';
import { plants } from '../../db/schema/plants';
import { products } from '../../db/schema/products';
import { systemParameters } from '../../db/schema/settings';
import { orderTypeIds, reasonIds, shortLoadTypeIds } from '../../db/reference-ids';
import { listenToDispatch, settle, type DispatchListener } from '../../../test/dispatch-listener';
import { callerOf, createTestApp, type TestApp } from '../../../test/test-app';
import type { ErrorAnswer } from '../../../test/order-fixtures';
import { databaseKinds } from '../../../test/test-tenancy';
import { onlineOrderRequestsForm } from './order-requests.routes';

type Problems = { field: string; reason: string }[];

const today = '2026-03-10';
const tomorrow = '2026-03-11';

describe.each(databaseKinds)('online order requests on %s', (kind) => {
  let t: TestApp;
  let events: DispatchListener;
  const tokens: Record<string, string> = {};
  const ids: Record<string, number> = {};
  const call = callerOf(() => t, tokens, 'boss');

  const body = (overrides: Record<string, unknown> = {}) => ({
    jobId: ids.job,
    systemTypeId: 1,
    productId: ids.mix,
    quantity: 40,
    requestedDate: tomorrow,
    requestedTime: '07:30',
    notes: 'Pump on site',
    ...overrides,
  });
  const submit = async (overrides: Record<string, unknown> = {}, who = 'boss') => {
    const response = await call('POST', '/api/v1/order-requests', who, body(overrides));
    expect(response.statusCode, response.body).toBe(201);
    return response.json<OrderRequestView>();
  };
  const updateEvent = (id: number, status: string) =>
    events.next('orderRequestUpdate_v1', (event) => {
      const data = event.data as OrderRequestView;
      return data.id === id && data.status === status;
    });
  /** An order for a customer and job, as order entry would have saved it. */
  const insertOrder = async (customerId: number, jobId: number | null) => {
    const [row] = await t.db
      .insert(orders)
      .values({
        customerId,
        customerName: 'Acme Builders',
        customerPoNumber: 'PO-1',
        jobId,
        plantId: ids.north!,
        orderDate: today,
        shipDate: tomorrow,
        orderStatusId: 1,
        orderTypeId: orderTypeIds.concreteDelivery,
        reasonId: reasonIds.regular,
        imperialFlag: true,
        sourceTaxingType: 1,
        shortLoadTypeId: shortLoadTypeIds.concreteUnder4,
        systemTypeId: 1,
      })
      .returning({ id: orders.id, number: orders.number });
    return row!;
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    t.clock.now = new Date(`${today}T09:30:00`);
    await t.db.insert(systemParameters).values({ key: 'externalUsersEnabled', value: true });
    const [north] = await t.db
      .insert(plants)
      .values({ description: 'North', systemTypeId: 1 })
      .returning({ id: plants.id });
    ids.north = north!.id;
    const [acme, other] = await t.db
      .insert(customers)
      .values([
        { number: 'C1', name: 'Acme Builders' },
        { number: 'C2', name: 'Other Co' },
      ])
      .returning({ id: customers.id });
    Object.assign(ids, { acme: acme!.id, other: other!.id });
    const [job, secondJob, otherJob] = await t.db
      .insert(jobs)
      .values([
        { customerId: ids.acme!, number: 'J-1', address1: '1 Main St' },
        { customerId: ids.acme!, number: 'J-2', address1: '9 Elm St' },
        { customerId: ids.other!, number: 'J-9' },
      ])
      .returning({ id: jobs.id });
    Object.assign(ids, { job: job!.id, secondJob: secondJob!.id, otherJob: otherJob!.id });
    const [mix, stone, old] = await t.db
      .insert(products)
      .values([
        { number: '3000', description: '3000 PSI', systemTypeId: 1, unitOfMeasureId: 1 },
        { number: '57', description: 'Stone', systemTypeId: 2, unitOfMeasureId: 6 },
        {
          number: '2500',
          description: '2500 PSI',
          systemTypeId: 1,
          unitOfMeasureId: 1,
          inactiveFlag: true,
        },
      ])
      .returning({ id: products.id });
    Object.assign(ids, { mix: mix!.id, stone: stone!.id, old: old!.id });

    const concreteEntry = systemTypeForm('orderEntry', 1).id;
    const staff: [string, Record<number, number>][] = [
      ['dispatcher', { [onlineOrderRequestsForm]: 5, [concreteEntry]: 5 }],
      ['second', { [onlineOrderRequestsForm]: 5 }],
      ['viewer', { [onlineOrderRequestsForm]: 2 }],
      ['nobody', { [concreteEntry]: 5 }],
    ];
    for (const [username, permissions] of staff) {
      await t.addUser({ username, groupIds: [1001], permissions });
      tokens[username] = await t.login(username);
    }
    // Two of Acme's staff: one kept to job J-1, one with every job of the customer.
    for (const [username, listed] of [
      ['boss', [ids.job!]],
      ['foreman', []],
    ] as const) {
      const userId = await t.addUser({ username });
      await t.db.update(users).set({ customerId: ids.acme! }).where(eq(users.id, userId));
      if (listed.length) {
        await t.db.insert(externalUserJobs).values(listed.map((jobId) => ({ userId, jobId })));
      }
      tokens[username] = await t.login(username);
    }
    events = await listenToDispatch(await t.tenancy.open(t.database));
  });
  afterAll(async () => {
    await events?.stop();
    await t?.close();
  });
  beforeEach(() => events.clear());

  it('R-OREQ-1: tells external users their customer and jobs, and staff that they are not', async () => {
    const boss = await call('GET', '/api/v1/order-requests/account', 'boss');
    expect(boss.statusCode, boss.body).toBe(200);
    expect(boss.json()).toEqual({
      external: true,
      customerId: ids.acme,
      customerName: 'Acme Builders',
      jobs: [{ id: ids.job, number: 'J-1', address: '1 Main St' }],
    });
    const foreman = await call('GET', '/api/v1/order-requests/account', 'foreman');
    expect(foreman.json<{ jobs: { number: string }[] }>().jobs.map((j) => j.number)).toEqual([
      'J-1',
      'J-2',
    ]);
    const staff = await call('GET', '/api/v1/order-requests/account', 'dispatcher');
    expect(staff.json()).toMatchObject({ external: false, jobs: [] });
  });

  it('R-OREQ-3: offers the active products of a system type, searched as the user types', async () => {
    const found = await call(
      'GET',
      '/api/v1/order-requests/products?systemTypeId=1&search=psi',
      'boss',
    );
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json()).toMatchObject({
      count: 1,
      data: [{ id: ids.mix, number: '3000', description: '3000 PSI' }],
    });
    const stone = await call('GET', '/api/v1/order-requests/products?systemTypeId=2', 'boss');
    expect(stone.json<{ data: { id: number }[] }>().data.map((p) => p.id)).toEqual([ids.stone]);
    const staff = await call('GET', '/api/v1/order-requests/products?systemTypeId=1', 'dispatcher');
    expect(staff.statusCode).toBe(403);
  });

  it("R-OREQ-3, R-OREQ-8: a request is made, listed as the requester's and sent to staff after commit", async () => {
    const created = await submit();
    expect(created).toMatchObject({
      status: 'pending',
      customerId: ids.acme,
      customerName: 'Acme Builders',
      jobNumber: 'J-1',
      productNumber: '3000',
      quantity: 40,
      requestedDate: tomorrow,
      requestedTime: '07:30:00',
      notes: 'Pump on site',
      requestedBy: 'boss',
      orderId: null,
      version: 1,
    });
    const event = await updateEvent(created.id, 'pending');
    expect(event.data).toEqual(created);
    const mine = await call('GET', '/api/v1/order-requests/mine', 'boss');
    expect(mine.json<{ data: OrderRequestView[] }>().data.map((r) => r.id)).toContain(created.id);
    const theirs = await call('GET', '/api/v1/order-requests/mine', 'foreman');
    expect(theirs.json<{ data: OrderRequestView[] }>().data.map((r) => r.id)).not.toContain(
      created.id,
    );
    const [audit] = await t.db
      .select()
      .from(auditTrail)
      .where(
        and(eq(auditTrail.resource, 'orderRequests'), eq(auditTrail.recordId, String(created.id))),
      );
    expect(audit).toMatchObject({ username: 'boss', action: 'created' });
  });

  it('R-OREQ-3: answers 400 naming each required field, and each rule broken', async () => {
    for (const field of ['jobId', 'systemTypeId', 'productId', 'quantity', 'requestedDate']) {
      const without: Record<string, unknown> = body();
      delete without[field];
      const response = await call('POST', '/api/v1/order-requests', 'boss', without);
      expect(response.statusCode, field).toBe(400);
      expect(response.json<ErrorAnswer>().data as Problems, field).toEqual([
        expect.objectContaining({ field }),
      ]);
    }
    const cases: [Record<string, unknown>, string, string, string?][] = [
      [{ quantity: 0 }, 'quantity', 'must be more than 0'],
      [{ requestedDate: '2026-03-09' }, 'requestedDate', 'cannot be in the past'],
      [{ jobId: ids.otherJob }, 'jobId', 'must be one of your jobs'],
      [{ jobId: ids.secondJob }, 'jobId', 'must be one of your jobs'],
      [{ jobId: 999999 }, 'jobId', 'refers to a record that does not exist'],
      [{ productId: ids.stone }, 'productId', 'must be a product of the system type'],
      [{ productId: ids.old }, 'productId', 'the product is inactive'],
    ];
    for (const [change, field, reason] of cases) {
      const response = await call('POST', '/api/v1/order-requests', 'boss', body(change));
      expect(response.statusCode, field).toBe(400);
      expect(response.json<ErrorAnswer>().data, JSON.stringify(change)).toEqual([
        { field, reason },
      ]);
    }
    // The foreman may order for any job of Acme's, and for today.
    await submit({ jobId: ids.secondJob, requestedDate: today }, 'foreman');
    await settle();
    expect(events.events.filter((e) => e.name === 'orderRequestUpdate_v1')).toHaveLength(1);
  });

  it('R-OREQ-1: refuses the wrong kind of user with 403', async () => {
    const created = await submit();
    const staffOnly: [string, string, unknown][] = [
      ['GET', '/api/v1/order-requests', undefined],
      ['GET', `/api/v1/order-requests/${created.id}`, undefined],
      ['POST', `/api/v1/order-requests/${created.id}/reject`, { version: 1, reason: 'No' }],
      ['POST', `/api/v1/order-requests/${created.id}/accept`, { version: 1, orderId: 1 }],
    ];
    for (const [method, url, payload] of staffOnly) {
      for (const who of ['boss', 'nobody']) {
        const response = await call(method as 'GET', url, who, payload);
        expect(response.statusCode, `${who} ${method} ${url}`).toBe(403);
      }
    }
    for (const [method, url] of [
      ['POST', `/api/v1/order-requests/${created.id}/reject`],
      ['POST', `/api/v1/order-requests/${created.id}/accept`],
    ] as const) {
      const readOnly = await call(method, url, 'viewer', { version: 1, reason: 'x', orderId: 1 });
      expect(readOnly.statusCode, `viewer ${url}`).toBe(403);
    }
    expect((await call('GET', '/api/v1/order-requests', 'viewer')).statusCode).toBe(200);
    const externalOnly: [string, string, unknown][] = [
      ['GET', '/api/v1/order-requests/mine', undefined],
      ['POST', '/api/v1/order-requests', body()],
      ['POST', `/api/v1/order-requests/${created.id}/withdraw`, { version: 1 }],
    ];
    for (const [method, url, payload] of externalOnly) {
      const response = await call(method as 'GET', url, 'dispatcher', payload);
      expect(response.statusCode, `dispatcher ${method} ${url}`).toBe(403);
    }
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/v1/order-requests/mine' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('R-OREQ-10: lists requests for dispatchers, pending first, by status, day and customer', async () => {
    const pending = await submit({ requestedDate: today });
    const list = await call('GET', '/api/v1/order-requests', 'dispatcher');
    expect(list.statusCode, list.body).toBe(200);
    const rows = list.json<{ data: OrderRequestView[] }>().data;
    expect(rows.map((r) => r.id)).toContain(pending.id);
    const firstDecided = rows.findIndex((r) => r.status !== 'pending');
    if (firstDecided >= 0) {
      expect(rows.slice(firstDecided).every((r) => r.status !== 'pending')).toBe(true);
    }
    const byDay = await call('GET', `/api/v1/order-requests?date=${today}&status=pending`);
    expect(byDay.statusCode).toBe(403);
    const filtered = await call(
      'GET',
      `/api/v1/order-requests?date=${today}&status=pending&search=acme`,
      'dispatcher',
    );
    const found = filtered.json<{ data: OrderRequestView[] }>().data;
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((r) => r.requestedDate === today && r.status === 'pending')).toBe(true);
    const none = await call('GET', '/api/v1/order-requests?search=other', 'dispatcher');
    expect(none.json()).toMatchObject({ count: 0 });
    const bad = await call('GET', '/api/v1/order-requests?status=lost', 'dispatcher');
    expect(bad.statusCode).toBe(400);
    const one = await call('GET', `/api/v1/order-requests/${pending.id}`, 'dispatcher');
    expect(one.json()).toEqual(pending);
    expect((await call('GET', '/api/v1/order-requests/999999', 'dispatcher')).statusCode).toBe(404);
  });

  it('R-OREQ-6: rejects with a required reason; a second decision is 409 naming who and when', async () => {
    const created = await submit();
    const noReason = await call(
      'POST',
      `/api/v1/order-requests/${created.id}/reject`,
      'dispatcher',
      {
        version: created.version,
      },
    );
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json<ErrorAnswer>().data).toEqual([
      expect.objectContaining({ field: 'reason' }),
    ]);
    const stale = await call('POST', `/api/v1/order-requests/${created.id}/reject`, 'dispatcher', {
      version: created.version + 5,
      reason: 'No trucks',
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json<ErrorAnswer>().code).toBe('stale_version');

    const rejected = await call(
      'POST',
      `/api/v1/order-requests/${created.id}/reject`,
      'dispatcher',
      {
        version: created.version,
        reason: 'No trucks that morning',
      },
    );
    expect(rejected.statusCode, rejected.body).toBe(200);
    const view = rejected.json<OrderRequestView>();
    expect(view).toMatchObject({
      status: 'rejected',
      rejectReason: 'No trucks that morning',
      decidedBy: 'dispatcher',
      decidedAt: t.clock.now.toISOString(),
      version: created.version + 1,
    });
    expect((await updateEvent(created.id, 'rejected')).data).toEqual(view);

    const again = await call('POST', `/api/v1/order-requests/${created.id}/reject`, 'second', {
      version: view.version,
      reason: 'Also no',
    });
    expect(again.statusCode).toBe(409);
    const answer = again.json<ErrorAnswer>();
    expect(answer.code).toBe('already_decided');
    expect(answer.message).toBe(
      `Order request ${created.id} was already rejected by dispatcher at ${view.decidedAt}.`,
    );
    const mine = await call('GET', '/api/v1/order-requests/mine', 'boss');
    expect(
      mine.json<{ data: OrderRequestView[] }>().data.find((r) => r.id === created.id),
    ).toMatchObject({ status: 'rejected', rejectReason: 'No trucks that morning' });
    const audits = await t.db
      .select()
      .from(auditTrail)
      .where(
        and(eq(auditTrail.resource, 'orderRequests'), eq(auditTrail.recordId, String(created.id))),
      );
    expect(audits.map((a) => [a.action, a.username])).toEqual([
      ['created', 'boss'],
      ['rejected', 'dispatcher'],
    ]);
    expect(audits[1]!.after).toMatchObject({
      status: 'rejected',
      rejectReason: 'No trucks that morning',
    });
  });

  it('R-OREQ-7: accepts by linking an order of the same customer and job, once', async () => {
    const created = await submit();
    const accept = (orderId: number, version = created.version, who = 'dispatcher') =>
      call('POST', `/api/v1/order-requests/${created.id}/accept`, who, { version, orderId });
    const noOrder = await call(
      'POST',
      `/api/v1/order-requests/${created.id}/accept`,
      'dispatcher',
      {
        version: created.version,
      },
    );
    expect(noOrder.statusCode).toBe(400);
    expect(noOrder.json<ErrorAnswer>().data).toEqual([
      expect.objectContaining({ field: 'orderId' }),
    ]);
    expect((await accept(999999)).json<ErrorAnswer>().data).toEqual([
      { field: 'orderId', reason: 'refers to a record that does not exist' },
    ]);
    const foreign = await insertOrder(ids.other!, ids.otherJob!);
    const wrongCustomer = await accept(foreign.id);
    expect(wrongCustomer.statusCode).toBe(400);
    expect(wrongCustomer.json<ErrorAnswer>().data).toEqual([
      { field: 'orderId', reason: "must be an order for the request's customer" },
    ]);
    const otherJob = await insertOrder(ids.acme!, ids.secondJob!);
    expect((await accept(otherJob.id)).json<ErrorAnswer>().data).toEqual([
      { field: 'orderId', reason: "must be an order for the request's job" },
    ]);
    await settle();
    expect(events.events.filter((e) => e.name === 'orderRequestUpdate_v1')).toHaveLength(1);

    const order = await insertOrder(ids.acme!, ids.job!);
    const accepted = await accept(order.id);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({
      status: 'accepted',
      orderId: order.id,
      orderNumber: order.number,
      decidedBy: 'dispatcher',
    });
    await updateEvent(created.id, 'accepted');
    const twice = await accept(order.id, created.version + 1, 'second');
    expect(twice.statusCode).toBe(409);
    expect(twice.json<ErrorAnswer>().message).toMatch(/already accepted by dispatcher at /);
    // The order is this request's now: another request cannot take it.
    const next = await submit();
    const taken = await call('POST', `/api/v1/order-requests/${next.id}/accept`, 'dispatcher', {
      version: next.version,
      orderId: order.id,
    });
    expect(taken.json<ErrorAnswer>().data).toEqual([
      { field: 'orderId', reason: `is already linked to order request ${created.id}` },
    ]);
    const mine = await call('GET', '/api/v1/order-requests/mine', 'boss');
    expect(
      mine.json<{ data: OrderRequestView[] }>().data.find((r) => r.id === created.id),
    ).toMatchObject({ status: 'accepted', orderNumber: order.number });
  });

  it('R-OREQ-4: the requester withdraws a pending request of their own, and only that', async () => {
    const created = await submit();
    const path = `/api/v1/order-requests/${created.id}/withdraw`;
    expect((await call('POST', path, 'foreman', { version: created.version })).statusCode).toBe(
      404,
    );
    const missingVersion = await call('POST', path, 'boss', {});
    expect(missingVersion.statusCode).toBe(400);
    expect(missingVersion.json<ErrorAnswer>().data).toEqual([
      expect.objectContaining({ field: 'version' }),
    ]);
    const stale = await call('POST', path, 'boss', { version: created.version + 1 });
    expect(stale.statusCode).toBe(409);
    const withdrawn = await call('POST', path, 'boss', { version: created.version });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(withdrawn.json()).toMatchObject({ status: 'withdrawn', decidedBy: null });
    await updateEvent(created.id, 'withdrawn');
    const late = await call('POST', `/api/v1/order-requests/${created.id}/reject`, 'dispatcher', {
      version: created.version + 1,
      reason: 'Too late',
    });
    expect(late.statusCode).toBe(409);
    expect(late.json<ErrorAnswer>().message).toMatch(/already withdrawn by boss at /);
  });

  it('R-OREQ-8: sends no event when the write rolls back', async () => {
    const created = await submit();
    await updateEvent(created.id, 'pending');
    events.clear();
    const order = await insertOrder(ids.other!, ids.otherJob!);
    const refused = await call(
      'POST',
      `/api/v1/order-requests/${created.id}/accept`,
      'dispatcher',
      {
        version: created.version,
        orderId: order.id,
      },
    );
    expect(refused.statusCode).toBe(400);
    await settle();
    expect(events.events).toEqual([]);
  });
});
