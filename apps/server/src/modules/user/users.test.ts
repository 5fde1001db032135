/**
 * Users, groups and passwords from the administration screens (R-USER-1..8, R-PASS-1..4): only
 * administrators, temporary passwords that must be changed, the password policy, effective levels
 * from groups, and changes that reach the user's open sessions at once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { menuCatalogue, menuEntryByEnumId } from '@dispatch/domain/menu/menu-catalogue';
import { formIdOf } from '@dispatch/domain/resources/define';
import { insufficientPermissionMessage } from '@dispatch/domain/messages';
import { permissionLevels } from '@dispatch/domain/permissions';
import { customerResource } from '@dispatch/domain/resources/customers';
import { jobResource } from '@dispatch/domain/resources/jobs';
import { auditTrail } from '../../db/schema/audit';
import { listenToDispatch, type DispatchListener } from '../../../test/dispatch-listener';
import { createSample } from '../../../test/resource-samples';
import { callerOf, createTestApp, type TestApp } from '../../../test/test-app';
import { databaseKinds } from '../../../test/test-tenancy';

const jobs = formIdOf('JobMaintenance');
const trucks = formIdOf('TruckMaintenance');
const temporary = 'gravel trucks at dawn';

describe.each(databaseKinds)('users and groups on %s', (kind) => {
  let t: TestApp;
  let events: DispatchListener;
  const tokens: Record<string, string> = {};
  const call = callerOf(() => t, tokens, 'admin');

  const tokenRequest = (username: string, password: string) =>
    t.app.inject({
      method: 'POST',
      url: '/token',
      headers: { database: t.database, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        client_id: username,
        client_secret: password,
        grant_type: 'client_credentials',
      }).toString(),
    });
  const changePassword = (body: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/change-password',
      headers: { database: t.database },
      payload: body,
    });

  beforeAll(async () => {
    t = await createTestApp(kind);
    await t.addUser({
      username: 'admin',
      isSysadmin: true,
      groupIds: [1001],
      // Every master-data form, to make the customers and jobs external users belong to.
      permissions: Object.fromEntries(menuCatalogue.map((entry) => [entry.id, 5])),
    });
    await t.addUser({ username: 'clerk', groupIds: [1001], permissions: { [jobs]: 5 } });
    tokens.admin = await t.login('admin');
    tokens.clerk = await t.login('clerk');
    events = await listenToDispatch(await t.tenancy.open(t.database));
  });
  afterAll(async () => {
    await events?.stop();
    await t?.close();
  });

  it('refuses every users and groups route to a non-administrator, naming the form', async () => {
    const routes: [string, string][] = [
      ['GET', '/api/v1/users'],
      ['POST', '/api/v1/users'],
      ['GET', '/api/v1/groups'],
      ['POST', '/api/v1/groups'],
      ['GET', '/api/v1/external-users'],
      ['GET', '/api/v1/users/1/sessions'],
      ['DELETE', '/api/v1/users/1/sessions/1'],
    ];
    for (const [method, url] of routes) {
      const refused = await call(method as 'GET', url, 'clerk', method === 'POST' ? {} : undefined);
      expect(refused.statusCode, `${method} ${url}`).toBe(403);
      expect(refused.json<{ message: string }>().message).toMatch(
        /^(You do not have permissions to access this form|Only system administrators)/,
      );
    }
    const named = await call('GET', '/api/v1/users', 'clerk');
    expect(named.json<{ message: string }>().message).toBe(
      insufficientPermissionMessage(menuEntryByEnumId('UserMaintenance')!.longName),
    );
  });

  it("keeps the users' pick list to administrators, even from a level on User Maintenance", async () => {
    await t.addUser({
      username: 'dispatcherWithAll',
      groupIds: [1001],
      permissions: Object.fromEntries(menuCatalogue.map((entry) => [entry.id, 5])),
    });
    tokens.dispatcherWithAll = await t.login('dispatcherWithAll');
    const refused = await call('GET', '/api/v1/users/options', 'dispatcherWithAll');
    expect(refused.statusCode).toBe(403);
    const listed = await call('GET', '/api/v1/users/options', 'admin');
    expect(listed.statusCode).toBe(200);
    expect(listed.json<{ data: { name: string }[] }>().data.map((user) => user.name)).toContain(
      'clerk',
    );
  });

  it('creates a user with a temporary password the user must change before logging in', async () => {
    const created = await call('POST', '/api/v1/users', 'admin', {
      username: 'Dana',
      temporaryPassword: temporary,
      groups: [{ groupId: 1001 }, { groupId: 1002 }],
      permissions: [{ formId: trucks, permissionId: permissionLevels.ReadOnlyNoPrices }],
      profile: [{ fullName: 'Dana Ortiz' }],
    });
    expect(created.statusCode, created.body).toBe(201);
    const user = created.json<Record<string, unknown>>();
    expect(user).toMatchObject({ username: 'Dana', mustChangePassword: true });
    expect(JSON.stringify(user)).not.toContain(temporary);
    expect(JSON.stringify(user)).not.toContain('scrypt');

    const refused = await tokenRequest('dana', temporary);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: 'password_change_required' });

    const common = await changePassword({
      username: 'dana',
      currentPassword: temporary,
      newPassword: 'password1234',
    });
    expect(common.statusCode).toBe(400);
    expect(common.json<{ data: unknown }>().data).toEqual([
      {
        field: 'newPassword',
        reason: 'is one of the most common passwords: choose one that is harder to guess',
      },
    ]);
    const short = await changePassword({
      username: 'dana',
      currentPassword: temporary,
      newPassword: 'too short',
    });
    expect(short.json<{ data: unknown }>().data).toEqual([
      { field: 'newPassword', reason: 'must be at least 12 characters' },
    ]);
    for (const weak of [' '.repeat(12), 'a'.repeat(12)]) {
      const refusedWeak = await changePassword({
        username: 'dana',
        currentPassword: temporary,
        newPassword: weak,
      });
      expect(refusedWeak.statusCode).toBe(400);
      expect(refusedWeak.json<{ data: unknown }>().data).toEqual([
        { field: 'newPassword', reason: 'must use at least 5 different characters, spaces aside' },
      ]);
    }
    const wrong = await changePassword({
      username: 'dana',
      currentPassword: 'not the temporary one',
      newPassword: 'a much better passphrase',
    });
    expect(wrong.json<{ data: unknown }>().data).toEqual([
      { field: 'currentPassword', reason: 'is not right for this user' },
    ]);

    const changed = await changePassword({
      username: 'dana',
      currentPassword: temporary,
      newPassword: 'a much better passphrase',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await tokenRequest('dana', temporary)).statusCode).toBe(401);
    tokens.dana = await t.login('dana', 'a much better passphrase');
    const groups = await call('GET', '/api/v1/user/groups', 'dana');
    expect(groups.json<{ data: { id: number }[] }>().data.map((group) => group.id)).toEqual([
      1001, 1002,
    ]);
  });

  it('refuses a common temporary password and a username taken in another case', async () => {
    const common = await call('POST', '/api/v1/users', 'admin', {
      username: 'eve',
      temporaryPassword: 'qwertyuiop123',
    });
    expect(common.statusCode).toBe(400);
    expect(common.json<{ data: { field: string }[] }>().data[0]!.field).toBe('temporaryPassword');
    const oneLetter = await call('POST', '/api/v1/users', 'admin', {
      username: 'eve',
      temporaryPassword: 'a'.repeat(12),
    });
    expect(oneLetter.statusCode).toBe(400);
    expect(oneLetter.json<{ data: unknown }>().data).toEqual([
      {
        field: 'temporaryPassword',
        reason: 'must use at least 5 different characters, spaces aside',
      },
    ]);
    const taken = await call('POST', '/api/v1/users', 'admin', {
      username: 'CLERK',
      temporaryPassword: temporary,
    });
    expect(taken.statusCode).toBe(400);
    expect(taken.json<{ data: unknown }>().data).toEqual([
      { field: 'username', reason: 'is already taken by another user' },
    ]);
    const missing = await call('POST', '/api/v1/users', 'admin', { username: 'frank' });
    expect(missing.json<{ data: unknown }>().data).toEqual([
      { field: 'temporaryPassword', reason: 'is required for a new user' },
    ]);
  });

  it("changes what a logged-in user may open within a second, and tells the user's sessions", async () => {
    const clerkId = (await call('GET', '/api/v1/users?search=clerk', 'admin')).json<{
      data: { id: number }[];
    }>().data[0]!.id;
    expect((await call('GET', '/api/v1/trucks', 'clerk')).statusCode).toBe(403);
    const record = (await call('GET', `/api/v1/users/${clerkId}`, 'admin')).json<{
      version: number;
      permissions: { formId: number; permissionId: number }[];
    }>();
    const started = Date.now();
    const saved = await call('PUT', `/api/v1/users/${clerkId}`, 'admin', {
      version: record.version,
      permissions: [...record.permissions, { formId: trucks, permissionId: 2 }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const event = await events.next('permissionsChanged_v1');
    expect(event.data).toEqual({ userIds: [clerkId] });
    let status = 0;
    while (Date.now() - started < 1000) {
      status = (await call('GET', '/api/v1/trucks', 'clerk')).statusCode;
      if (status === 200) break;
    }
    expect(status).toBe(200);
    expect((await call('POST', '/api/v1/trucks', 'clerk', {})).statusCode).toBe(403);
  });

  it("gives a member its group's level when it is higher than its own", async () => {
    const created = await call('POST', '/api/v1/groups', 'admin', {
      id: 2001,
      groupName: 'Truck office',
      permissions: [{ formId: trucks, permissionId: permissionLevels.FullWithPrices }],
    });
    expect(created.statusCode, created.body).toBe(201);
    const clerk = (await call('GET', '/api/v1/users?search=clerk', 'admin')).json<{
      data: { id: number }[];
    }>().data[0]!;
    const record = (await call('GET', `/api/v1/users/${clerk.id}`, 'admin')).json<{
      version: number;
      groups: { groupId: number }[];
    }>();
    const saved = await call('PUT', `/api/v1/users/${clerk.id}`, 'admin', {
      version: record.version,
      groups: [...record.groups, { groupId: 2001 }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const levels = (await call('GET', '/api/formauthorization', 'clerk')).json<{
      data: { FormId: number; PermissionId: number }[];
    }>().data;
    expect(levels.find((level) => level.FormId === trucks)?.PermissionId).toBe(5);
    expect(levels.find((level) => level.FormId === jobs)?.PermissionId).toBe(5);
  });

  it('keeps the system-type groups, lists and ends sessions, and audits each change', async () => {
    const refused = await call('DELETE', '/api/v1/groups/1001', 'admin');
    expect(refused.statusCode).toBe(409);
    const clerk = (await call('GET', '/api/v1/users?search=clerk', 'admin')).json<{
      data: { id: number }[];
    }>().data[0]!;
    const listed = await call('GET', `/api/v1/users/${clerk.id}/sessions`, 'admin');
    const live = listed.json<{ data: { id: number }[] }>().data;
    expect(live.length).toBeGreaterThan(0);
    const ended = await call(
      'DELETE',
      `/api/v1/users/${clerk.id}/sessions/${live[0]!.id}`,
      'admin',
    );
    expect(ended.statusCode, ended.body).toBe(200);
    const logout = await events.next('logoutEvent_v1');
    expect(logout.sessionIds).toEqual([live[0]!.id]);
    expect((await call('GET', '/api/v1/user/groups', 'clerk')).statusCode).toBe(401);

    const rows = await t.db
      .select({ resource: auditTrail.resource, action: auditTrail.action })
      .from(auditTrail);
    expect(rows).toEqual(
      expect.arrayContaining([
        { resource: 'users', action: 'created' },
        { resource: 'users', action: 'passwordChanged' },
        { resource: 'groups', action: 'created' },
        { resource: 'sessions', action: 'ended' },
      ]),
    );
  });

  it('keeps external users to their customer, and only while the parameter allows them', async () => {
    const customer = await createSample(t, tokens.admin!, customerResource);
    const body = { username: 'site.boss', customerId: customer.id, temporaryPassword: temporary };
    const off = await call('POST', '/api/v1/external-users', 'admin', body);
    expect(off.statusCode).toBe(409);
    expect(off.json<{ message: string }>().message).toMatch(/externalUsersEnabled/);
    const on = await call('PUT', '/api/v1/admin/system-parameters/externalUsersEnabled', 'admin', {
      value: true,
      version: 0,
    });
    expect(on.statusCode, on.body).toBe(200);
    const otherJob = await createSample(t, tokens.admin!, jobResource);
    const foreign = await call('POST', '/api/v1/external-users', 'admin', {
      ...body,
      jobs: [{ jobId: otherJob.id }],
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json<{ data: unknown }>().data).toEqual([
      { field: 'jobs.0.jobId', reason: "is not one of the customer's jobs" },
    ]);
    const created = await call('POST', '/api/v1/external-users', 'admin', body);
    expect(created.statusCode, created.body).toBe(201);
    expect((await call('GET', '/api/v1/users?search=site.boss', 'admin')).json()).toMatchObject({
      count: 0,
    });
    const changed = await changePassword({
      username: 'site.boss',
      currentPassword: temporary,
      newPassword: 'pour the slab friday',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    tokens.external = await t.login('site.boss', 'pour the slab friday');
    for (const url of ['/api/v1/customers', '/api/v1/jobs', '/api/v1/trucks', '/api/v1/users']) {
      expect((await call('GET', url, 'external')).statusCode, url).toBe(403);
    }
    const version = (await call('GET', '/api/v1/admin/system-parameters', 'admin'))
      .json<{ data: { key: string; version: number }[] }>()
      .data.find((parameter) => parameter.key === 'externalUsersEnabled')!.version;
    await call('PUT', '/api/v1/admin/system-parameters/externalUsersEnabled', 'admin', {
      value: false,
      version,
    });
    const refused = await tokenRequest('site.boss', 'pour the slab friday');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: 'external_users_disabled' });
  });
});
