/**
 * R-TRACK-16 on each engine: a customer's external user lists their customer's orders around
 * today (none of another customer's, none out of reach) and opens the pour page of one through a
 * link of their own, which leaves the link dispatch sent the site working. Staff are refused.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerOrderSchema } from '@dispatch/domain/tracking/customer-orders';
import { pourPageSchema, type TrackingLink } from '@dispatch/domain/tracking/tracking-link';
import { externalUserJobs, users } from '../../db/schema/auth';
import { systemParameters } from '../../db/schema/settings';
import { addOrder, buildDispatchWorld, type DispatchWorld } from '../../../test/dispatch-fixtures';
import { addUsers } from '../../../test/order-fixtures';
import { callerOf, createTestApp, type TestApp } from '../../../test/test-app';
import { databaseKinds } from '../../../test/test-tenancy';

describe.each(databaseKinds)("an external user's orders on %s", (kind) => {
  let t: TestApp;
  let world: DispatchWorld;
  const tokens: Record<string, string> = {};
  const call = callerOf(() => t, tokens, 'dispatcher');
  const pathOf = (link: TrackingLink) =>
    new URL(link.url).pathname.replace('/pour/', '/api/v1/pour/');
  const listOf = async (who: string) => {
    const answer = await call('GET', '/api/v1/customer-orders', who);
    expect(answer.statusCode, answer.body).toBe(200);
    return customerOrderSchema.array().parse(answer.json<{ data: unknown[] }>().data);
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    t.clock.now = new Date('2026-03-10T14:00:00Z');
    world = await buildDispatchWorld(t.db);
    await addUsers(t, tokens, [['dispatcher', [1001, 1002, 1003], { 15000: 5, 25000: 5 }]]);
    await t.db.insert(systemParameters).values({ key: 'externalUsersEnabled', value: true });
    for (const [username, listed] of [
      ['owner', []],
      ['elsewhere', [world.codJobId]],
    ] as const) {
      const userId = await t.addUser({ username });
      await t.db.update(users).set({ customerId: world.customerId }).where(eq(users.id, userId));
      if (listed.length) {
        await t.db.insert(externalUserJobs).values(listed.map((jobId) => ({ userId, jobId })));
      }
      tokens[username] = await t.login(username);
    }
  });
  afterAll(async () => {
    await t.close();
  });

  it("lists the customer's orders around today, and opens each one's pour page", async () => {
    const today = await addOrder(t.db, world, { systemTypeId: 1, loadSizes: [10, 8] });
    const nextWeek = await addOrder(t.db, world, {
      systemTypeId: 1,
      loadSizes: [6],
      shipDate: '2026-03-17',
    });
    const lastMonth = await addOrder(t.db, world, {
      systemTypeId: 1,
      loadSizes: [6],
      shipDate: '2026-02-10',
    });
    const otherCustomer = await addOrder(t.db, world, {
      systemTypeId: 1,
      loadSizes: [6],
      customerId: world.codCustomerId,
    });

    const listed = await listOf('owner');
    const ids = listed.map((order) => order.id);
    expect(ids).toEqual(expect.arrayContaining([today.orderId, nextWeek.orderId]));
    expect(ids).not.toContain(lastMonth.orderId);
    expect(ids).not.toContain(otherCustomer.orderId);
    expect(listed.find((order) => order.id === today.orderId)).toMatchObject({
      number: today.orderNumber,
      shipDate: '2026-03-10',
      orderedQuantity: 18,
      deliveredQuantity: 0,
    });
    expect(JSON.stringify(listed)).not.toMatch(/price|amount/i);
    // Kept to another job, this user sees none of these.
    expect(await listOf('elsewhere')).toEqual([]);

    // Dispatch has sent the site a link; the owner follows the pour with a link of their own.
    const sent = await call('POST', `/api/v1/orders/${today.orderId}/tracking-link`);
    expect(sent.statusCode, sent.body).toBe(201);
    const own = await call(
      'POST',
      `/api/v1/customer-orders/${today.orderId}/tracking-link`,
      'owner',
    );
    expect(own.statusCode, own.body).toBe(201);
    for (const link of [sent.json<TrackingLink>(), own.json<TrackingLink>()]) {
      const page = await t.app.inject({ method: 'GET', url: pathOf(link) });
      expect(page.statusCode, page.body).toBe(200);
      expect(pourPageSchema.parse(page.json()).orderNumber).toBe(today.orderNumber);
    }
    // Not theirs to follow: the same 404 as an order that does not exist.
    for (const orderId of [otherCustomer.orderId, lastMonth.orderId, 999_999]) {
      const refused = await call(
        'POST',
        `/api/v1/customer-orders/${orderId}/tracking-link`,
        'owner',
      );
      expect(refused.statusCode).toBe(404);
    }
  });

  it('refuses staff: they follow orders from order entry', async () => {
    expect((await call('GET', '/api/v1/customer-orders')).statusCode).toBe(403);
  });
});
