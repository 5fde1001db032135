/**
 * R-INPUT-1: text no database can store, at the routes where an outside probe found it answered
 * with a server error: refused with 400 on the field it was sent in, and nothing written.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { menuCatalogue } from '@dispatch/domain/menu/menu-catalogue';
import { createTestApp, type TestApp } from '../../test/test-app';
import { databaseKinds } from '../../test/test-tenancy';

type Refusal = { data: { field: string; reason: string }[] };

describe.each(databaseKinds)('text no database can store, on %s', (kind) => {
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
});
