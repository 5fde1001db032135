import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@dispatch/domain/messages';
import { orderStatuses } from '@dispatch/domain/orders/order-status';
import { printDestinations } from '../../db/schema/settings';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { databaseKinds, uniqueDatabaseName } from '../../../test/test-tenancy';

describe.each(databaseKinds)('the calls of R-API on %s', (kind) => {
  let t: TestApp;
  let token: string;
  let adminToken: string;
  const get = (url: string, accessToken?: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'GET',
      url,
      headers: { ...(accessToken ? { authorization: `Bearer ${accessToken}` } : {}), ...headers },
    });

  beforeAll(async () => {
    t = await createTestApp(kind, { DISABLED_FORMS: '51303, 51516' });
    await t.addUser({
      username: 'dispatcher',
      groupIds: [1001, 1003],
      permissions: { 15000: 5, 22000: 2, 0: 1 },
    });
    await t.addUser({ username: 'root', isSysadmin: true, adminOnly: true });
    await t.db.insert(printDestinations).values([
      { name: 'Scale House Laser', type: 'Printer' },
      { name: 'Retired Dot Matrix', type: 'Printer', inactiveFlag: true },
    ]);
    token = await t.login('dispatcher');
    adminToken = await t.login('root');
  });
  afterAll(() => t.close());

  it('GET /api/OrderStatus lists D S F W H C P X B M with ids 0 to 9', async () => {
    const response = await get('/api/OrderStatus', token);
    const body = response.json<{
      error: boolean;
      count: number;
      data: { id: number; code: string; name: string }[];
    }>();
    expect(body.error).toBe(false);
    expect(body.count).toBe(10);
    expect(body.data.map((s) => `${s.code}${s.id}`).join(' ')).toBe(
      'D0 S1 F2 W3 H4 C5 P6 X7 B8 M9',
    );
    expect(body.data.map(({ id, code, name }) => ({ id, code, name }))).toEqual(
      orderStatuses.map(({ id, code, name }) => ({ id, code, name })),
    );
  });

  it('GET /api/v1/settings/config answers the server config before login, version 2.71.1', async () => {
    const response = await get('/api/v1/settings/config', undefined, {
      host: 'plant.example:8484',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      versionNo: '2.71.1',
      useLegacyIntegrator: false,
      disabledForms: [51303, 51516],
      dispatchUri: 'http://plant.example:8123',
      legacyUri: 'http://plant.example:8080',
      overrideDispatcherUri: null,
    });
  });

  it('GET /api/v1/user/groups lists the caller groups', async () => {
    const body = (await get('/api/v1/user/groups', token)).json<{ data: unknown[] }>();
    expect(body.data).toEqual([
      { id: 1001, userProfileId: expect.any(Number) as number, groupName: 'Concrete' },
      { id: 1003, userProfileId: expect.any(Number) as number, groupName: 'Block' },
    ]);
  });

  it('GET /api/v1/connection answers database, loggedIn and username', async () => {
    expect((await get('/api/v1/connection', token)).json()).toMatchObject({
      database: t.database,
      loggedIn: true,
      username: 'dispatcher',
    });
  });

  it('GET /api/servers lists the named databases, and /api/servers/{name} finds one or 404s', async () => {
    const list = (await get('/api/servers')).json<{
      data: { databaseName: string; serverName: string }[];
    }>();
    expect(list.data.map((db) => db.databaseName)).toContain(t.database);
    const one = await get(`/api/servers/${t.database.toLowerCase()}`);
    expect(one.json()).toEqual({
      databaseName: t.database,
      serverName: expect.any(String) as string,
    });
    const missing = await get('/api/servers/NO_SUCH_DB');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ message: messages.databaseNotFound, errorTypeId: 4 });
    expect((await get('/api/servers/%20')).statusCode).toBe(400);
  });

  it('GET /api/servers/accessible lists the databases where the caller has an account', async () => {
    expect((await get('/api/servers/accessible')).statusCode).toBe(401);
    const elsewhere = await t.tenancy.create(uniqueDatabaseName('OTHER'));
    const body = (await get('/api/servers/accessible', token)).json<{
      data: { databaseName: string }[];
    }>();
    const names = body.data.map((db) => db.databaseName);
    expect(names).toContain(t.database);
    expect(names).not.toContain(elsewhere.databaseName);
  });

  it('GET /api/v1/connection/signalr-info points at the dispatcher hub on port 8123', async () => {
    const response = await get('/api/v1/connection/signalr-info', token, {
      host: 'dispatch.local:8484',
    });
    expect(response.json()).toEqual({
      url: 'http://dispatch.local:8123/dispatchHub',
      hubName: 'DispatchHub',
    });
  });

  it('GET /api/v1/ping/anonymous answers without a token', async () => {
    expect((await get('/api/v1/ping/anonymous')).json()).toEqual({ value: true, message: 'pong' });
  });

  it('GET /api/formauthorization lists FormId and PermissionId', async () => {
    const body = (await get('/api/formauthorization', token)).json<{ data: unknown[] }>();
    expect(body.data).toEqual([
      { FormId: 0, PermissionId: 1 },
      { FormId: 15000, PermissionId: 5 },
      { FormId: 22000, PermissionId: 2 },
    ]);
  });

  it('GET /api/v1/sysadmin answers value', async () => {
    expect((await get('/api/v1/sysadmin', token)).json()).toEqual({ value: false, message: '' });
    expect((await get('/api/v1/sysadmin', adminToken)).json()).toEqual({
      value: true,
      message: '',
    });
  });

  it('GET /api/v1/print-destinations lists active destinations with name and type', async () => {
    const body = (await get('/api/v1/print-destinations', token)).json<{
      data: { name: string; type: string }[];
    }>();
    expect(body.data).toContainEqual({ name: 'Scale House Laser', type: 'Printer' });
    expect(body.data.map((d) => d.name)).not.toContain('Retired Dot Matrix');
    expect(body.data.every((d) => Object.keys(d).join() === 'name,type')).toBe(true);
  });

  it.each([
    '/api/OrderStatus',
    '/api/v1/user/groups',
    '/api/v1/connection',
    '/api/v1/connection/signalr-info',
    '/api/formauthorization',
    '/api/v1/sysadmin',
    '/api/v1/print-destinations',
  ])(
    'GET %s needs a token: 401 with missing_token_error, or token_error for a bad one',
    async (url) => {
      const missing = await get(url);
      expect(missing.statusCode).toBe(401);
      expect(missing.json()).toMatchObject({ code: 'missing_token_error', errorTypeId: 2 });
      const bad = await get(url, 'NOT_A_TOKEN');
      expect(bad.json()).toMatchObject({ code: 'token_error' });
    },
  );

  it('answers unknown API routes with a 404 wrapper, and serves health and the OpenAPI document', async () => {
    const unknown = await get('/api/v1/nothing-here');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ errorTypeId: 4, responseError: true });
    expect((await get('/healthz')).json()).toEqual({ status: 'ok' });
    expect((await get('/readyz')).json()).toEqual({ status: 'ready' });
    const openapi = (await get('/docs/json')).json<{ paths: Record<string, unknown> }>();
    expect(Object.keys(openapi.paths)).toEqual(
      expect.arrayContaining(['/token', '/api/OrderStatus']),
    );
  });
});
