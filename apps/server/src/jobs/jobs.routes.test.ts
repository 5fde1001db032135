/**
 * The jobs routes (R-JOB-2..R-JOB-4, R-JOB-8) on a real database: a user lists and opens their own
 * jobs and files, never another's (404, administrators apart), cancels what is still open, and runs
 * a failed job again; bad ids are 400 naming the field, and only administrators list everyone's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { backgroundJobFiles, backgroundJobs } from '../db/schema/background-jobs';
import { callerOf, createTestApp, type TestApp } from '../../test/test-app';
import { databaseKinds } from '../../test/test-tenancy';

describe.each(databaseKinds)('jobs routes on %s', (kind) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const ids: Record<string, number> = {};
  const call = callerOf(() => t, tokens, 'ann');

  const addJob = async (
    owner: string,
    values: Partial<typeof backgroundJobs.$inferInsert> = {},
  ) => {
    const [row] = await t.db
      .insert(backgroundJobs)
      .values({
        queueJobId: randomUUID(),
        kind: 'report',
        title: `${owner}'s ticket register`,
        params: {
          reportKey: 'ticketRegister',
          params: { from: '2026-11-01', to: '2026-11-02' },
          formats: ['csv'],
        },
        requestedByUserId: ids[owner]!,
        requestedBy: owner,
        ...values,
      })
      .returning();
    return row!;
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    for (const [name, isSysadmin] of [
      ['ann', false],
      ['bob', false],
      ['root', true],
    ] as const) {
      ids[name] = await t.addUser({ username: name, isSysadmin, groupIds: [1001] });
      tokens[name] = await t.login(name);
    }
  });
  afterAll(() => t.close());

  it('R-JOB-2: lists only the caller’s jobs, newest first, with their files', async () => {
    const older = await addJob('ann', { state: 'completed', progress: 100, message: '12 tickets' });
    await t.db.insert(backgroundJobFiles).values({
      jobId: older.id,
      name: 'ticket-register.csv',
      contentType: 'text/csv',
      size: 5,
      content: Buffer.from('a,b\n'),
    });
    const newer = await addJob('ann');
    const bobs = await addJob('bob');

    const mine = await call('GET', '/api/v1/background-jobs');
    expect(mine.statusCode).toBe(200);
    const list = mine.json<{ data: { id: number; files: { name: string; url: string }[] }[] }>();
    expect(list.data.map((job) => job.id)).toEqual([newer.id, older.id]);
    expect(list.data[1]!.files).toEqual([
      expect.objectContaining({
        name: 'ticket-register.csv',
        url: expect.stringMatching(
          new RegExp(`^/api/v1/background-jobs/${older.id}/files/\\d+/ticket-register.csv$`),
        ),
      }),
    ]);

    const file = await call('GET', list.data[1]!.files[0]!.url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('text/csv');
    expect(file.headers['content-disposition']).toContain('attachment');
    expect(file.body).toBe('a,b\n');

    // Another user's job, and its file, do not exist for the caller.
    expect((await call('GET', `/api/v1/background-jobs/${bobs.id}`)).statusCode).toBe(404);
    expect((await call('GET', list.data[1]!.files[0]!.url, 'bob')).statusCode).toBe(404);
    // An administrator sees it, and may list everyone's.
    expect((await call('GET', `/api/v1/background-jobs/${bobs.id}`, 'root')).statusCode).toBe(200);
    const everyone = await call('GET', '/api/v1/background-jobs?everyone=true', 'root');
    expect(everyone.json<{ data: unknown[] }>().data.length).toBeGreaterThanOrEqual(3);
    const refused = await call('GET', '/api/v1/background-jobs?everyone=true');
    expect(refused.statusCode).toBe(403);
  });

  it('R-JOB-8: answers 400 naming the field for bad queries and ids', async () => {
    const badKind = await call('GET', '/api/v1/background-jobs?kind=payroll');
    expect(badKind.statusCode).toBe(400);
    expect(badKind.json<{ message: string }>().message).toMatch(/^kind: /);
    const badLimit = await call('GET', '/api/v1/background-jobs?limit=5000');
    expect(badLimit.statusCode).toBe(400);
    expect(badLimit.json<{ message: string }>().message).toMatch(/^limit: /);
    expect((await call('GET', '/api/v1/background-jobs/0')).statusCode).toBe(400);
    expect((await call('GET', '/api/v1/background-jobs')).statusCode).toBe(200);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/v1/background-jobs' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('R-JOB-8: cancels an open job once; only a failed or cancelled job runs again', async () => {
    const open = await addJob('ann');
    const cancelled = await call('POST', `/api/v1/background-jobs/${open.id}/cancel`);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ id: open.id, state: 'cancelled' });
    const again = await call('POST', `/api/v1/background-jobs/${open.id}/cancel`);
    expect(again.statusCode).toBe(409);
    expect(
      (await call('POST', `/api/v1/background-jobs/${open.id}/cancel`, 'bob')).statusCode,
    ).toBe(404);

    const running = await addJob('ann', { state: 'running' });
    expect((await call('POST', `/api/v1/background-jobs/${running.id}/retry`)).statusCode).toBe(
      409,
    );
  });
});
