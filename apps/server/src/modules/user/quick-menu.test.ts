/**
 * R-MENU-15: a user's quick menu, stored with the user and sent to that user's live sessions only
 * (quickLaunchFormUpdate_v1) in the transaction that stores it.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { menuEntryByEnumId } from '@dispatch/domain/menu/menu-catalogue';
import { sessions, users } from '../../db/schema/auth';
import { listenToDispatch, type DispatchListener } from '../../../test/dispatch-listener';
import { callerOf, createTestApp, type TestApp } from '../../../test/test-app';
import { databaseKinds } from '../../../test/test-tenancy';

const jobs = menuEntryByEnumId('JobMaintenance')!.id;
const trucks = menuEntryByEnumId('TruckMaintenance')!.id;
const userMaintenance = menuEntryByEnumId('UserMaintenance')!.id;

describe.each(databaseKinds)('the quick menu on %s', (kind) => {
  let t: TestApp;
  let events: DispatchListener;
  const tokens: Record<string, string> = {};
  const call = callerOf(() => t, tokens, 'ann');

  beforeAll(async () => {
    t = await createTestApp(kind);
    for (const username of ['ann', 'bob']) await t.addUser({ username, groupIds: [1001] });
    tokens.ann = await t.login('ann');
    tokens.annSecondTab = await t.login('ann');
    tokens.bob = await t.login('bob');
    events = await listenToDispatch(await t.tenancy.open(t.database));
  });
  afterAll(async () => {
    await events?.stop();
    await t?.close();
  });

  it('starts empty, stores what the user pins, and tells only their sessions', async () => {
    expect((await call('GET', '/api/v1/user/quick-menu')).json()).toEqual({ formIds: [] });
    const saved = await call('PUT', '/api/v1/user/quick-menu', 'ann', { formIds: [trucks, jobs] });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ formIds: [trucks, jobs] });
    expect((await call('GET', '/api/v1/user/quick-menu', 'annSecondTab')).json()).toEqual({
      formIds: [trucks, jobs],
    });
    expect((await call('GET', '/api/v1/user/quick-menu', 'bob')).json()).toEqual({ formIds: [] });

    const event = await events.next('quickLaunchFormUpdate_v1');
    expect(event.data).toEqual({ formIds: [trucks, jobs], username: 'ann' });
    const [ann] = await t.db.select({ id: users.id }).from(users).where(eq(users.username, 'ann'));
    const annSessions = await t.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(eq(sessions.userId, ann!.id));
    expect([...(event.sessionIds ?? [])].sort()).toEqual(annSessions.map((s) => s.id).sort());
  });

  it('refuses a form the quick menu does not offer, naming it, and keeps what was stored', async () => {
    const refused = await call('PUT', '/api/v1/user/quick-menu', 'ann', {
      formIds: [jobs, userMaintenance],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ data: unknown[] }>().data).toEqual([
      { field: 'formIds.1', reason: 'is not a form the quick menu offers' },
    ]);
    expect((await call('GET', '/api/v1/user/quick-menu')).json()).toEqual({
      formIds: [trucks, jobs],
    });
  });
});
