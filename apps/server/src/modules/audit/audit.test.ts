/**
 * R-AUDIT-1..6: every change to an administrators' resource is in the audit trail with who, when,
 * the record before and after and the fields it changed; administrators read it, filtered and a
 * page at a time, newest first, and export it as CSV; no one else may.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntryView } from '@dispatch/domain/audit/audit-trail';
import { truckTypeIds } from '../../db/reference-ids';
import { callerOf, createTestApp, type TestApp } from '../../../test/test-app';
import { databaseKinds } from '../../../test/test-tenancy';

type Page = { error: boolean; count: number; data: AuditEntryView[] };
type Json = Record<string, unknown>;

const trail = '/api/v1/admin/audit-trail';

describe.each(databaseKinds)('the audit trail on %s', (kind) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const call = callerOf(() => t, tokens, 'admin');
  const read = async (query = '', who = 'admin') => {
    const response = await call('GET', `${trail}${query}`, who);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Page>();
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    await t.addUser({ username: 'admin', isSysadmin: true, groupIds: [1001, 1002, 1003] });
    await t.addUser({ username: 'auditor', isSysadmin: true, adminOnly: true });
    await t.addUser({ username: 'clerk', groupIds: [1001], permissions: { 51503: 5 } });
    for (const who of ['admin', 'auditor', 'clerk']) tokens[who] = await t.login(who);
  });
  afterAll(() => t?.close());

  it('refuses anyone who is not a system administrator', async () => {
    for (const url of [trail, `${trail}/export`]) {
      const refused = await call('GET', url, 'clerk');
      expect(refused.statusCode).toBe(403);
      // No administration form is an audit log (R-MENU-11): the administrator rule alone applies.
      expect(refused.json<{ message: string }>().message).toBe(
        'Only system administrators may do this.',
      );
    }
    const anonymous = await t.app.inject({ method: 'GET', url: trail });
    expect(anonymous.statusCode).toBe(401);
  });

  it('shows a truck type update with who, when, before and after, and the changed field', async () => {
    const url = `/api/v1/truck-types/${truckTypeIds.mixer10}`;
    const current = (await call('GET', url)).json<Json>();
    const updated = await call('PUT', url, 'admin', {
      maxLoadQuantity: 11,
      version: current.version,
    });
    expect(updated.statusCode, updated.body).toBe(200);

    const page = await read(`?resource=truckTypes&recordId=${truckTypeIds.mixer10}`);
    expect(page.count).toBe(1);
    expect(page.data[0]).toMatchObject({
      username: 'admin',
      resource: 'truckTypes',
      recordId: String(truckTypeIds.mixer10),
      recordLabel: 'Mixer 10 yd',
      action: 'updated',
      changes: [{ field: 'maxLoadQuantity', before: 10, after: 11 }],
    });
    expect(Date.parse(page.data[0]!.at)).toBe(t.clock.now.getTime());
  });

  it('filters by resource, user, record, action and time, newest first, a page at a time', async () => {
    const first = await call('POST', '/api/v1/credit-statuses', 'auditor', {
      id: 801,
      description: 'Audit watch',
    });
    expect(first.statusCode, first.body).toBe(201);
    const since = new Date(t.clock.now.getTime() + 30 * 60_000).toISOString();
    t.clock.advance(60 * 60_000);
    const changed = await call('PUT', '/api/v1/credit-statuses/801', 'auditor', {
      holdOrdersFlag: true,
      version: 1,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(
      (await call('DELETE', '/api/v1/credit-statuses/801?version=2', 'auditor')).statusCode,
    ).toBe(200);

    const mine = await read('?username=AUDIT');
    expect(mine.count).toBe(3);
    expect(mine.data.map((entry) => entry.action)).toEqual(['deactivated', 'updated', 'created']);
    expect(mine.data[2]!.changes).toEqual([
      { field: 'description', before: null, after: 'Audit watch' },
    ]);
    expect(mine.data[0]!.changes).toEqual([{ field: 'inactiveFlag', before: false, after: true }]);

    expect((await read('?resource=creditStatuses&action=updated')).data).toEqual([
      expect.objectContaining({
        recordId: '801',
        changes: [{ field: 'holdOrdersFlag', before: false, after: true }],
      }),
    ]);
    expect((await read(`?username=auditor&from=${encodeURIComponent(since)}`)).count).toBe(2);
    expect((await read(`?username=auditor&to=${encodeURIComponent(since)}`)).count).toBe(1);
    const today = t.clock.now.toISOString().slice(0, 10);
    expect((await read(`?recordId=801&from=${today}&to=${today}`)).count).toBeGreaterThanOrEqual(1);
    expect((await read('?resource=zones')).count).toBe(0);

    const second = await read('?username=auditor&pageSize=1&page=2');
    expect(second.count).toBe(3);
    expect(second.data.map((entry) => entry.action)).toEqual(['updated']);

    const bad = await call('GET', `${trail}?from=yesterday`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ data: { field: string }[] }>().data[0]!.field).toContain('from');
  });

  it('exports the filtered entries as CSV, one line per changed field', async () => {
    const csv = await call('GET', `${trail}/export?resource=creditStatuses&recordId=801`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toBe('At,User,Resource,Record,Name,Action,Field,Before,After');
    expect(lines).toHaveLength(4);
    expect(lines[2]).toContain(
      'auditor,creditStatuses,801,Audit watch,updated,holdOrdersFlag,false,true',
    );
  });

  it('records an administrators’ lookup change only when the write commits', async () => {
    const before = (await read('?resource=truckTypes')).count;
    const refused = await call('PUT', `/api/v1/truck-types/${truckTypeIds.mixer8}`, 'admin', {
      maxLoadQuantity: -1,
      version: 1,
    });
    expect(refused.statusCode).toBe(400);
    expect((await read('?resource=truckTypes')).count).toBe(before);
  });
});
