/**
 * R-PARAM-1..9: the system parameters over HTTP, on PGlite and PostgreSQL: administrators only,
 * values checked, versions checked, every change audited and published, and the server
 * configuration answering from them at once, without a restart.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { menuEntryByEnumId } from '@dispatch/domain/menu/menu-catalogue';
import type { SystemParameterRow } from '@dispatch/domain/settings/system-parameters';
import { auditTrail } from '../../db/schema/audit';
import { customers } from '../../db/schema/customers';
import { listenToDispatch, type DispatchListener } from '../../../test/dispatch-listener';
import { callerOf, createTestApp, type TestApp } from '../../../test/test-app';
import { databaseKinds } from '../../../test/test-tenancy';

const path = '/api/v1/admin/system-parameters';
const trucks = menuEntryByEnumId('TruckMaintenance')!.id;
const quotes = menuEntryByEnumId('QuoteMaintenance')!.id;
const external = menuEntryByEnumId('ExternalUsers')!.id;
const jobs = menuEntryByEnumId('JobMaintenance')!.id;

type Problem = { field: string; reason: string };

describe.each(databaseKinds)('system parameters on %s', (kind) => {
  let t: TestApp;
  let events: DispatchListener;
  const tokens: Record<string, string> = {};
  const call = callerOf(() => t, tokens, 'admin');
  const parameters = async () =>
    (await call('GET', path)).json<{ data: SystemParameterRow[] }>().data;
  const parameter = async (key: string) => (await parameters()).find((row) => row.key === key)!;
  const config = async (headers: Record<string, string> = { database: t.database }) =>
    (await t.app.inject({ method: 'GET', url: '/api/v1/settings/config', headers })).json<
      Record<string, unknown>
    >();

  beforeAll(async () => {
    t = await createTestApp(kind, { DISABLED_FORMS: String(quotes) });
    await t.addUser({ username: 'admin', isSysadmin: true });
    await t.addUser({ username: 'viewer', groupIds: [1001], permissions: { [trucks]: 5 } });
    tokens.admin = await t.login('admin');
    await t.addUser({ username: 'office', groupIds: [1001], permissions: { [jobs]: 5 } });
    tokens.viewer = await t.login('viewer');
    tokens.office = await t.login('office');
    events = await listenToDispatch(await t.tenancy.open(t.database));
  });
  afterAll(async () => {
    await events?.stop();
    await t?.close();
  });

  it('refuses anyone but an administrator, naming the form (R-PARAM-8)', async () => {
    for (const [method, payload] of [
      ['GET', undefined],
      ['PUT', { value: true, version: 0 }],
    ] as const) {
      const url = method === 'GET' ? path : `${path}/nlqEnabled`;
      const refused = await call(method, url, 'viewer', payload);
      expect(refused.statusCode).toBe(403);
      expect(refused.json<{ message: string }>().message).toBe(
        'You do not have permissions to access this form System Parameters',
      );
    }
    const anonymous = await t.app.inject({ method: 'GET', url: path });
    expect(anonymous.statusCode).toBe(401);
  });

  it('lists every parameter with its value, default, group and version (R-PARAM-2)', async () => {
    const rows = await parameters();
    expect(rows.map((row) => row.key)).toEqual(
      expect.arrayContaining(['requireJobAddresses357', 'nlqEnabled', 'disabledForms']),
    );
    expect(rows.map((row) => row.key)).not.toContain('companyName');
    // Seeded by `db create`: stored, version 1.
    expect(rows.find((row) => row.key === 'requireJobAddresses357')).toMatchObject({
      group: 'orders',
      kind: 'flag',
      value: false,
      default: false,
      set: true,
      version: 1,
    });
    // The environment's DISABLED_FORMS is the default.
    expect(rows.find((row) => row.key === 'disabledForms')).toMatchObject({
      group: 'features',
      value: [quotes],
      default: [quotes],
      set: false,
      version: 0,
      modifiedAt: null,
      modifiedBy: '',
    });
    expect(rows.find((row) => row.key === 'accountingInterface')).toMatchObject({
      kind: 'choice',
      label: 'Accounting interface',
      description: expect.stringContaining('accounting export') as string,
    });
  });

  it('refuses a bad value naming the field and why, and an unknown key (R-PARAM-3)', async () => {
    const notBool = await call('PUT', `${path}/nlqEnabled`, 'admin', { value: 'yes', version: 0 });
    expect(notBool.statusCode).toBe(400);
    expect(notBool.json<{ data: Problem[] }>().data).toEqual([
      { field: 'value', reason: 'must be on or off (true or false)' },
    ]);
    const badForm = await call('PUT', `${path}/disabledForms`, 'admin', {
      value: [trucks, 4242],
      version: 0,
    });
    expect(badForm.statusCode).toBe(400);
    expect(badForm.json<{ data: Problem[] }>().data).toEqual([
      { field: 'value.1', reason: '4242 is not a form of the menu' },
    ]);
    const negative = await call('PUT', `${path}/slowRequestThresholdMs`, 'admin', {
      value: -5,
      version: 0,
    });
    expect(negative.json<{ data: Problem[] }>().data).toEqual([
      { field: 'value', reason: 'must be 0 or more' },
    ]);
    const unknown = await call('PUT', `${path}/noSuchThing`, 'admin', { value: 1, version: 0 });
    expect(unknown.statusCode).toBe(404);
    expect((await parameter('nlqEnabled')).set).toBe(false);
  });

  it('stores a change, audits it, publishes it, and the configuration answers from it at once (R-PARAM-5..7)', async () => {
    // R-PARAM-10: External Users is off with its feature; AI-Assisted Query, always shown
    // (R-PERM-3), is not among the disabled forms while nlqEnabled is off (R-NLQ-11).
    expect(await config()).toMatchObject({
      nlqEnabled: false,
      disabledForms: [quotes, external],
    });
    events.clear();

    const saved = await call('PUT', `${path}/disabledForms`, 'admin', {
      value: [trucks],
      version: 0,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      key: 'disabledForms',
      value: [trucks],
      set: true,
      version: 1,
      modifiedBy: 'admin',
    });
    // Visible to the next anonymous read, without a restart.
    expect(await config()).toMatchObject({
      disabledForms: [trucks, external],
      useLegacyIntegrator: false,
    });
    // With no database named, the only database's parameters apply (a shared PostgreSQL server
    // holds every suite's databases, so there is no only one there).
    if (kind === 'pglite') {
      expect(await config({})).toMatchObject({ disabledForms: [trucks, external] });
    }

    const event = await events.next('serverConfigUpdate_v1');
    expect(event.data).toEqual({
      key: 'disabledForms',
      version: 1,
      by: 'admin',
      config: expect.objectContaining({
        disabledForms: [trucks, external],
        nlqEnabled: false,
      }) as unknown,
    });

    const audit = await t.db
      .select()
      .from(auditTrail)
      .where(
        and(eq(auditTrail.resource, 'systemParameters'), eq(auditTrail.recordId, 'disabledForms')),
      );
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      username: 'admin',
      action: 'updated',
      before: { value: [quotes], set: false, version: 0 },
      after: { value: [trucks], set: true, version: 1 },
    });

    const again = await call('PUT', `${path}/nlqEnabled`, 'admin', { value: true });
    expect(again.statusCode, again.body).toBe(200);
    expect(await config()).toMatchObject({ nlqEnabled: true, disabledForms: [trucks, external] });
  });

  it('refuses a stale version, naming who changed it, and keeps their value (R-PARAM-6)', async () => {
    const current = await parameter('requireJobAddresses357');
    const first = await call('PUT', `${path}/requireJobAddresses357`, 'admin', {
      value: true,
      version: current.version,
    });
    expect(first.statusCode, first.body).toBe(200);
    const stale = await call('PUT', `${path}/requireJobAddresses357`, 'admin', {
      value: false,
      version: current.version,
    });
    expect(stale.statusCode).toBe(409);
    const body = stale.json<{ message: string; code: string; data: { currentVersion: number } }>();
    expect(body.code).toBe('stale_version');
    expect(body.message).toMatch(/^Require job city, state and ZIP code was changed by admin at /);
    expect(body.data.currentVersion).toBe(current.version + 1);
    // Not yet stored, but someone stored it meanwhile: version 0 is stale too.
    const unstored = await call('PUT', `${path}/nlqEnabled`, 'admin', { value: false, version: 0 });
    expect(unstored.statusCode).toBe(409);
    expect((await parameter('requireJobAddresses357')).value).toBe(true);
  });

  it('makes the jobs rule read requireJobAddresses357 through the catalogue (R-PARAM-9)', async () => {
    const [customer] = await t.db
      .insert(customers)
      .values({ number: 'C1', name: 'Acme' })
      .returning({ id: customers.id });
    const job = { customerId: customer!.id, number: 'J-1', address1: '1 Main St' };
    // On since the test before: the lines are required.
    const refused = await call('POST', '/api/v1/jobs', 'office', job);
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ data: Problem[] }>().data.map((problem) => problem.field)).toEqual([
      'address3',
      'address5',
      'address7',
    ]);
    const { version } = await parameter('requireJobAddresses357');
    const off = await call('PUT', `${path}/requireJobAddresses357`, 'admin', {
      value: false,
      version,
    });
    expect(off.statusCode, off.body).toBe(200);
    const created = await call('POST', '/api/v1/jobs', 'office', job);
    expect(created.statusCode, created.body).toBe(201);
  });

  it('refuses a database the server does not have, naming the header', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/settings/config',
      headers: { database: 'NOWHERE' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ data: Problem[] }>().data).toEqual([
      { field: 'database', reason: 'is not a database of this server' },
    ]);
  });
});
