/**
 * R-INPUT-1: what an outside probe sent that the product answered with a server error: text no
 * database can store, ids no row can have, days the calendar does not have. Each is refused with
 * 400 naming the field it was sent in.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { menuCatalogue } from '@dispatch/domain/menu/menu-catalogue';
import { createTestApp, type TestApp } from '../../test/test-app';
import { databaseKinds } from '../../test/test-tenancy';

type Refusal = { data: { field: string; reason: string }[] };

describe.each(databaseKinds)('malformed input the database would refuse, on %s', (kind) => {
  let t: TestApp;
  let token: string;
  const call = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${token}` },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  beforeAll(async () => {
    t = await createTestApp(kind);
    await t.addUser({
      username: 'clerk',
      groupIds: [1001, 1002, 1003],
      isSysadmin: true,
      permissions: Object.fromEntries(menuCatalogue.map((entry) => [entry.id, 5])),
    });
    token = await t.login('clerk');
  });
  afterAll(() => t.close());

  it("refuses a NUL in the token request's username, in OAuth's words", async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/token',
      headers: { database: t.database, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'client_id=cl%00erk&client_secret=whatever-at-all&grant_type=client_credentials',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: 'invalid_request',
      data: [{ field: 'client_id', reason: 'must not contain a NUL character' }],
    });
  });

  it('refuses a NUL in a search parameter, naming the parameter', async () => {
    for (const url of [
      '/api/v1/tickets/search?customer=%00',
      '/api/v1/tickets/search?truck=a%00b',
      '/api/v1/invoices?search=%00',
    ]) {
      const response = await call('GET', url);
      expect(response.statusCode, url).toBe(400);
      expect(response.json<Refusal>().data[0]!.reason, url).toBe(
        'must not contain a NUL character',
      );
    }
  });

  it('refuses a lone surrogate in a body, on its field', async () => {
    const reason = await call('PUT', '/api/v1/tickets/1', { reason: 'typo \ud800', version: 1 });
    expect(reason.statusCode).toBe(400);
    expect(reason.json<Refusal>().data).toEqual([
      { field: 'reason', reason: 'must not contain a lone surrogate (text that is not Unicode)' },
    ]);
  });

  it('refuses an id no row can have in a list of ids', async () => {
    const response = await call(
      'GET',
      '/api/v1/load-board?from=2026-12-03T06:00:00&to=2026-12-03T18:00:00&plantIds=2147483648',
    );
    expect(response.statusCode).toBe(400);
    expect(response.json<Refusal>().data[0]).toEqual({
      field: 'plantIds',
      reason: 'must be a comma-separated list of ids up to 2147483647',
    });
  });

  it('refuses a day the calendar does not have, or year 0, on every date filter', async () => {
    for (const day of ['0000-01-01', '2026-02-30']) {
      for (const url of [
        `/api/v1/orders?shipDate=${day}`,
        `/api/v1/quotes?expirationDate=${day}`,
        `/api/v1/admin/audit-trail?from=${day}`,
        `/api/v1/order-audit?systemTypeId=1&from=${day}`,
        `/api/v1/order-requests?date=${day}`,
      ]) {
        const response = await call('GET', url);
        expect(response.statusCode, `${url} -> ${response.body.slice(0, 200)}`).toBe(400);
      }
    }
    const copy = await call('POST', '/api/v1/orders/1/copy', { shipDate: '0000-01-01' });
    expect(copy.statusCode, copy.body).toBe(400);
    expect(copy.json<Refusal>().data[0]!.field).toBe('shipDate');
  });

  it('refuses an order whose schedules or extra products are not lists, on their field', async () => {
    for (const [body, field] of [
      [{ schedules: 'x' }, 'schedules'],
      [{ schedules: [{ extraProducts: 5 }] }, 'schedules.0.extraProducts'],
      [{ schedules: [7, null, 'x'] }, 'schedules.0'],
    ] as const) {
      for (const [method, url] of [
        ['POST', '/api/v1/orders'],
        ['PUT', '/api/v1/orders/1'],
      ] as const) {
        const response = await call(method, url, { systemTypeId: 1, ...body });
        expect(response.statusCode, `${method} ${url} -> ${response.body.slice(0, 200)}`).toBe(400);
        expect(response.json<Refusal>().data.map((problem) => problem.field)).toContain(field);
      }
    }
  });

  it('refuses a quick sale whose body is null, or not an object', async () => {
    for (const body of [null, 5, 'sale', []]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/quick-sales',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      });
      expect(response.statusCode, `${JSON.stringify(body)} -> ${response.body.slice(0, 200)}`).toBe(
        400,
      );
    }
  });

  it("lists a job saved with no street in the jobs' pick list, by its number", async () => {
    const customer = await call('POST', '/api/v1/customers', {
      number: 'NUL-1',
      name: 'No Street',
    });
    expect(customer.statusCode, customer.body).toBe(201);
    const job = await call('POST', '/api/v1/jobs', {
      customerId: customer.json<{ id: number }>().id,
      number: 'J-NO-STREET',
      address1: null,
    });
    expect(job.statusCode, job.body).toBe(201);
    const options = await call('GET', '/api/v1/jobs/options?search=J-NO-STREET');
    expect(options.statusCode, options.body).toBe(200);
    expect(options.json<{ data: { number: string; name: string }[] }>().data).toEqual([
      expect.objectContaining({ number: 'J-NO-STREET', name: '' }),
    ]);
  });
});
