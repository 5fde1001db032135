/**
 * Issue 25, item 4: the server keeps each user's language, as the web tells it, for what it
 * writes for them away from their screen (jobs/job-language.ts reads it back).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userProfiles, users } from '../../db/schema/auth';
import { jobLanguageOf } from '../../jobs/job-language';
import { callerOf, createTestApp, type TestApp } from '../../../test/test-app';
import { databaseKinds } from '../../../test/test-tenancy';

const path = '/api/v1/user/language';

describe.each(databaseKinds)("a user's language on %s", (kind) => {
  let t: TestApp;
  const ids: Record<string, number> = {};
  const tokens: Record<string, string> = {};
  const call = callerOf(() => t, tokens, 'ana');

  beforeAll(async () => {
    t = await createTestApp(kind);
    for (const username of ['ana', 'bob']) {
      ids[username] = await t.addUser({ username, groupIds: [1001] });
      tokens[username] = await t.login(username);
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  const stored = async (userId: number) =>
    (
      await t.db
        .select({ language: userProfiles.language })
        .from(userProfiles)
        .where(eq(userProfiles.userId, userId))
    )[0]?.language;

  it("stores the caller's language, and only theirs; jobs read it back", async () => {
    expect(await jobLanguageOf(t.db, ids.ana!)).toBe('en');
    const saved = await call('PUT', path, 'ana', { language: 'es' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ language: 'es' });
    expect(await stored(ids.ana!)).toBe('es');
    expect(await stored(ids.bob!)).toBe('en');
    expect(await jobLanguageOf(t.db, ids.ana!)).toBe('es');
    expect(await jobLanguageOf(t.db, null)).toBe('en');

    expect((await call('PUT', path, 'ana', { language: 'en' })).json()).toEqual({
      language: 'en',
    });
    expect(await stored(ids.ana!)).toBe('en');
  });

  it('gives a user without a profile one', async () => {
    await t.db.delete(userProfiles).where(eq(userProfiles.userId, ids.bob!));
    expect(await jobLanguageOf(t.db, ids.bob!)).toBe('en');
    expect((await call('PUT', path, 'bob', { language: 'es' })).statusCode).toBe(200);
    const [profile] = await t.db
      .select({ fullName: userProfiles.fullName, language: userProfiles.language })
      .from(userProfiles)
      .innerJoin(users, eq(users.id, userProfiles.userId))
      .where(eq(users.username, 'bob'));
    expect(profile).toEqual({ fullName: 'bob', language: 'es' });
  });

  it('refuses a language it does not speak, naming the field, and keeps the one stored', async () => {
    for (const payload of [{ language: 'fr' }, { language: 7 }, {}]) {
      const refused = await call('PUT', path, 'ana', payload);
      expect(refused.statusCode, JSON.stringify(payload)).toBe(400);
      expect(refused.json<{ data: unknown[] }>().data).toEqual([
        { field: 'language', reason: 'must be one of en, es' },
      ]);
    }
    expect(await stored(ids.ana!)).toBe('en');
  });

  it('refuses a caller who is not signed in', async () => {
    const anonymous = await t.app.inject({
      method: 'PUT',
      url: path,
      payload: { language: 'es' },
    });
    expect(anonymous.statusCode).toBe(401);
    const forged = await call('PUT', path, 'nobody', { language: 'es' });
    expect(forged.statusCode).toBe(401);
  });
});
