/**
 * R-MAINT-21: a tax schedule is made of tax levels (state, county, city) charged together, as
 * rows keyed by schedule and level (ChildBinding.rowKey), saved with the schedule under its
 * version, each level once (onceEach), a new row whole (R-RES-11). Administrators only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callerOf, createTestApp, type TestApp } from '../../test/test-app';
import { databaseKinds } from '../../test/test-tenancy';

type Json = Record<string, unknown>;
type Schedule = Json & {
  id: number;
  version: number;
  levels: { id: number; taxLevelId: number }[];
};

describe.each(databaseKinds)('tax schedules on %s', (kind) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const call = callerOf(() => t, tokens, 'admin');
  const levelsOf = (schedule: Schedule) => schedule.levels.map((row) => row.taxLevelId);

  beforeAll(async () => {
    // The reference data holds tax levels 1 to 8 (state, counties).
    t = await createTestApp(kind);
    await t.addUser({ username: 'admin', isSysadmin: true, groupIds: [1001, 1002, 1003] });
    await t.addUser({ username: 'clerk', groupIds: [1001], permissions: {} });
    tokens.admin = await t.login('admin');
    tokens.clerk = await t.login('clerk');
  });
  afterAll(() => t?.close());

  it('saves a schedule with its levels, and changes them under its version', async () => {
    const created = await call('POST', '/api/v1/tax-schedules', 'admin', {
      id: 901,
      description: 'Test county',
      levels: [{ taxLevelId: 1 }, { taxLevelId: 2 }],
    });
    expect(created.statusCode, created.body).toBe(201);
    const schedule = created.json<Schedule>();
    expect(levelsOf(schedule)).toEqual([1, 2]);

    // Sent back as answered, less one level and plus another.
    const changed = await call('PUT', '/api/v1/tax-schedules/901', 'admin', {
      ...schedule,
      levels: [schedule.levels[0], { taxLevelId: 3 }],
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(levelsOf(changed.json<Schedule>())).toEqual([1, 3]);
    const read = await call('GET', '/api/v1/tax-schedules/901');
    expect(levelsOf(read.json<Schedule>())).toEqual([1, 3]);
  });

  it('names a level listed twice, and a new row without its level', async () => {
    const twice = await call('POST', '/api/v1/tax-schedules', 'admin', {
      id: 902,
      description: 'Twice',
      levels: [{ taxLevelId: 1 }, { taxLevelId: 1 }],
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json<{ data: Json[] }>().data).toEqual([
      { field: 'levels.1.taxLevelId', reason: 'is already on row 1: list each tax level once' },
    ]);
    const missing = await call('POST', '/api/v1/tax-schedules', 'admin', {
      id: 903,
      description: 'Missing',
      levels: [{}],
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json<{ data: Json[] }>().data).toEqual([
      { field: 'levels.0.taxLevelId', reason: 'is required' },
    ]);
    expect((await call('GET', '/api/v1/tax-schedules/902')).statusCode).toBe(404);
  });

  it('keeps schedules to administrators', async () => {
    const refused = await call('POST', '/api/v1/tax-schedules', 'clerk', {
      id: 904,
      description: 'Not mine',
    });
    expect(refused.statusCode).toBe(403);
  });
});
