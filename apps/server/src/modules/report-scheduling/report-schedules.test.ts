/**
 * R-RSCHED-1..R-RSCHED-7 and the inbox routes of R-RPT-56 over HTTP, on PGlite and PostgreSQL:
 * administrators only (403 naming the form), bad input refused naming the field, the next run
 * worked out on save, stale versions refused naming who changed the schedule, every change
 * audited and published, and an inbox that is each user's own.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReportSchedule } from '@dispatch/domain/report-schedules/report-schedule-schemas';
import { nextRunAfter } from '@dispatch/domain/report-schedules/schedule-frequency';
import { localTimeZone } from '@dispatch/domain/report-schedules/zoned-time';
import { auditTrail } from '../../db/schema/audit';
import { listenToDispatch, type DispatchListener } from '../../../test/dispatch-listener';
import { callerOf, createTestApp, type TestApp } from '../../../test/test-app';
import { databaseKinds } from '../../../test/test-tenancy';

const path = '/api/v1/report-schedules';
type Problem = { field: string; reason: string };
type Failure = { message: string; code: string | null; data: Problem[] & Record<string, unknown> };

describe.each(databaseKinds)('report schedules on %s', (kind) => {
  let t: TestApp;
  let events: DispatchListener;
  let clerkId: number;
  const tokens: Record<string, string> = {};
  const call = callerOf(() => t, tokens, 'admin');

  const body = () => ({
    name: 'Daily shipped orders',
    reportKey: 'shippedOrders',
    period: 'yesterday',
    params: { plantIds: [], customerIds: [], productIds: [], systemTypeId: 1 },
    formats: ['pdf', 'csv'],
    frequency: 'daily',
    timeOfDay: '06:00',
    recipientUserIds: [clerkId],
    recipientEmails: ['Office@Example.com'],
  });

  beforeAll(async () => {
    t = await createTestApp(kind);
    await t.addUser({ username: 'admin', isSysadmin: true });
    await t.addUser({ username: 'admin2', isSysadmin: true });
    clerkId = await t.addUser({ username: 'clerk', groupIds: [1001] });
    tokens.admin = await t.login('admin');
    tokens.admin2 = await t.login('admin2');
    tokens.clerk = await t.login('clerk');
    events = await listenToDispatch(await t.tenancy.open(t.database));
  });
  afterAll(async () => {
    await events?.stop();
    await t?.close();
  });

  it('refuses anyone but an administrator, naming the form (R-RSCHED-1)', async () => {
    for (const [method, url, payload] of [
      ['GET', path, undefined],
      ['GET', `${path}/1`, undefined],
      ['POST', path, body()],
      ['PUT', `${path}/1`, { ...body(), version: 1 }],
      ['DELETE', `${path}/1`, undefined],
      ['POST', `${path}/1/run`, undefined],
    ] as const) {
      const refused = await call(method, url, 'clerk', payload);
      expect(refused.statusCode, `${method} ${url}`).toBe(403);
      expect(refused.json<Failure>().message).toBe(
        'You do not have permissions to access this form Report Scheduling',
      );
    }
    expect((await t.app.inject({ method: 'GET', url: path })).statusCode).toBe(401);
  });

  it('refuses bad input naming each field (R-RSCHED-2)', async () => {
    const bad = await call('POST', path, 'admin', {
      ...body(),
      name: '',
      frequency: 'weekly',
      timeOfDay: '6 am',
      params: { plantIds: ['x'], customerIds: [], productIds: [] },
    });
    expect(bad.statusCode).toBe(400);
    const fields = bad.json<Failure>().data.map((problem) => problem.field);
    expect(fields).toEqual(expect.arrayContaining(['name', 'timeOfDay', 'params.plantIds.0']));

    const notTaken = await call('POST', path, 'admin', {
      ...body(),
      reportKey: 'driverHours',
      params: { plantIds: [], customerIds: [3], productIds: [], systemTypeId: 2 },
    });
    expect(notTaken.statusCode).toBe(400);
    expect(notTaken.json<Failure>().data).toEqual(
      expect.arrayContaining([
        { field: 'params.customerIds', reason: 'is not a parameter of Driver hours' },
        { field: 'params.systemTypeId', reason: 'is not a parameter of Driver hours' },
      ]),
    );

    const weekly = await call('POST', path, 'admin', { ...body(), frequency: 'weekly' });
    expect(weekly.json<Failure>().data).toEqual([
      { field: 'weekday', reason: 'is required for a weekly schedule' },
    ]);

    const nobody = await call('POST', path, 'admin', { ...body(), recipientUserIds: [99999] });
    expect(nobody.statusCode).toBe(400);
    expect(nobody.json<Failure>().data).toEqual([
      { field: 'recipientUserIds.0', reason: 'is not a staff user of this database' },
    ]);
  });

  let saved: ReportSchedule;

  it('makes a schedule with its next run, audited and published (R-RSCHED-4, R-RSCHED-6)', async () => {
    events.clear();
    const created = await call('POST', path, 'admin', body());
    expect(created.statusCode).toBe(201);
    saved = created.json<ReportSchedule>();
    const expectedNext = nextRunAfter(
      { frequency: 'daily', weekday: null, monthDay: null, timeOfDay: '06:00' },
      t.clock.now,
      localTimeZone(),
    );
    expect(saved).toMatchObject({
      name: 'Daily shipped orders',
      reportKey: 'shippedOrders',
      period: 'yesterday',
      formats: ['pdf', 'csv'],
      recipientUserIds: [clerkId],
      recipientUsers: { [clerkId]: 'clerk' },
      recipientEmails: ['office@example.com'],
      active: true,
      owner: 'admin',
      nextRunAt: expectedNext.toISOString(),
      lastRun: null,
      timeZone: localTimeZone(),
      version: 1,
      modifiedBy: 'admin',
    });
    await events.next(
      'resourceChanged_v1',
      (event) =>
        (event.data as { resource: string; id: number }).resource === 'reportSchedules' &&
        (event.data as { id: number }).id === saved.id,
    );
    const audit = await t.db
      .select()
      .from(auditTrail)
      .where(
        and(eq(auditTrail.resource, 'reportSchedules'), eq(auditTrail.recordId, String(saved.id))),
      );
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'created', username: 'admin', before: null });

    const listed = (await call('GET', path)).json<{ count: number; data: ReportSchedule[] }>();
    expect(listed.data.map((schedule) => schedule.id)).toEqual([saved.id]);
    expect((await call('GET', `${path}/${saved.id}`)).json<ReportSchedule>()).toEqual(saved);
    expect((await call('GET', `${path}/99999`)).statusCode).toBe(404);
  });

  it('changes a schedule with the version read, refusing a stale one naming who (R-RSCHED-7)', async () => {
    const monthly = await call('PUT', `${path}/${saved.id}`, 'admin2', {
      ...body(),
      frequency: 'monthly',
      monthDay: 'last',
      weekday: 3,
      period: 'lastMonth',
      version: saved.version,
    });
    expect(monthly.statusCode).toBe(200);
    const changed = monthly.json<ReportSchedule>();
    expect(changed).toMatchObject({
      frequency: 'monthly',
      monthDay: 'last',
      // A monthly schedule keeps no weekday.
      weekday: null,
      version: 2,
      modifiedBy: 'admin2',
      owner: 'admin',
      nextRunAt: nextRunAfter(
        { frequency: 'monthly', weekday: null, monthDay: 'last', timeOfDay: '06:00' },
        t.clock.now,
        localTimeZone(),
      ).toISOString(),
    });

    const stale = await call('PUT', `${path}/${saved.id}`, 'admin', { ...body(), version: 1 });
    expect(stale.statusCode).toBe(409);
    const failure = stale.json<Failure>();
    expect(failure.code).toBe('stale_version');
    expect(failure.message).toMatch(
      /^Report schedule Daily shipped orders was changed by admin2 at .+ since you opened it\./,
    );

    const paused = await call('PUT', `${path}/${saved.id}`, 'admin', {
      ...body(),
      active: false,
      version: 2,
    });
    expect(paused.json<ReportSchedule>()).toMatchObject({ active: false, nextRunAt: null });
    expect(
      (await call('PUT', `${path}/99999`, 'admin', { ...body(), version: 1 })).statusCode,
    ).toBe(404);
    const badUpdate = await call('PUT', `${path}/${saved.id}`, 'admin', body());
    expect(badUpdate.json<Failure>().data).toEqual([
      { field: 'version', reason: 'is required: the version you read' },
    ]);
    const audit = await t.db
      .select({ action: auditTrail.action, username: auditTrail.username })
      .from(auditTrail)
      .where(
        and(eq(auditTrail.resource, 'reportSchedules'), eq(auditTrail.recordId, String(saved.id))),
      );
    expect(audit).toEqual([
      { action: 'created', username: 'admin' },
      { action: 'updated', username: 'admin2' },
      { action: 'updated', username: 'admin' },
    ]);
  });

  it('removes a schedule, audited; then it is not found', async () => {
    const made = (
      await call('POST', path, 'admin', { ...body(), name: 'To remove' })
    ).json<ReportSchedule>();
    const removed = await call('DELETE', `${path}/${made.id}`);
    expect(removed.statusCode).toBe(204);
    expect((await call('GET', `${path}/${made.id}`)).statusCode).toBe(404);
    expect((await call('DELETE', `${path}/${made.id}`)).statusCode).toBe(404);
    expect((await call('POST', `${path}/${made.id}/run`)).statusCode).toBe(404);
    const [audit] = await t.db
      .select()
      .from(auditTrail)
      .where(
        and(
          eq(auditTrail.resource, 'reportSchedules'),
          eq(auditTrail.recordId, String(made.id)),
          eq(auditTrail.action, 'deleted'),
        ),
      );
    expect(audit).toMatchObject({ username: 'admin', after: null });
  });

  it('answers each user their own inbox, and 404 for entries that are not theirs (R-RPT-56)', async () => {
    const inbox = await call('GET', '/api/v1/report-inbox', 'clerk');
    expect(inbox.statusCode).toBe(200);
    expect(inbox.json()).toEqual({ error: false, count: 0, data: [] });
    expect(
      (await call('GET', '/api/v1/report-inbox?limit=0', 'clerk')).json<Failure>().data,
    ).toEqual([{ field: 'limit', reason: 'must be at least 1' }]);
    expect(
      (await call('POST', '/api/v1/report-inbox/1/read', 'clerk', { read: true })).statusCode,
    ).toBe(404);
    expect(
      (await call('POST', '/api/v1/report-inbox/1/read', 'clerk', { read: 'yes' })).json<Failure>()
        .data,
    ).toEqual([{ field: 'read', reason: 'must be true or false' }]);
    expect((await call('GET', '/api/v1/report-inbox/1/files/1/a.pdf', 'clerk')).statusCode).toBe(
      404,
    );
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/report-inbox' })).statusCode).toBe(
      401,
    );
  });
});
