import { sql } from 'drizzle-orm';
import { hashPassword } from '../../auth/passwords';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@dispatch/domain/messages';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { databaseKinds } from '../../../test/test-tenancy';
import { throttlePolicy } from '../../auth/login-throttle';

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const formHeaders = { 'content-type': 'application/x-www-form-urlencoded' };

describe.each(databaseKinds)('authentication and sessions on %s', (kind) => {
  let t: TestApp;
  const token = (body: Record<string, string>, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/token',
      headers: { ...formHeaders, database: t.database, ...headers },
      payload: form(body),
    });
  const credentials = (username: string, password: string) => ({
    client_id: username,
    client_secret: password,
    grant_type: 'client_credentials',
  });
  const get = (url: string, accessToken?: string) =>
    t.app.inject({
      method: 'GET',
      url,
      headers: accessToken ? { authorization: `Bearer ${accessToken}` } : {},
    });

  beforeAll(async () => {
    t = await createTestApp(kind);
    await t.addUser({ username: 'Dispatcher', password: 'right-horse', groupIds: [1001] });
    await t.addUser({ username: 'office', password: 'staple', adminOnly: true, isSysadmin: true });
    await t.addUser({ username: 'gone', password: 'staple', inactive: true });
    await t.addUser({ username: 'throttled', password: 'correct' });
  });
  afterAll(() => t.close());

  it('answers a correct login with a bearer token, its lifetime, adminOnly and mqServer', async () => {
    const response = await token(credentials('dispatcher', 'right-horse'), {
      seat_token: 'seat-1',
      connection_id: 'c-1',
    });
    expect(response.statusCode).toBe(200);
    const body = response.json<Record<string, unknown>>();
    expect(body).toMatchObject({ token_type: 'bearer', expires_in: 12 * 3600, adminOnly: false });
    expect(body.access_token).toMatch(new RegExp(`^${t.database}\\.[A-Za-z0-9_-]{43}$`));
    expect(body.mqServer).toMatch(/^http:\/\/.+:8123$/);
    const connection = await get('/api/v1/connection', body.access_token as string);
    expect(connection.json()).toMatchObject({
      database: t.database,
      username: 'Dispatcher',
      loggedIn: true,
    });
  });

  it('says adminOnly for an administrator-only user', async () => {
    const response = await token(credentials('OFFICE', 'staple'));
    expect(response.json()).toMatchObject({ adminOnly: true });
  });

  it('stores neither passwords nor tokens in clear', async () => {
    const accessToken = await t.login('dispatcher', 'right-horse');
    const { rows } = await t.db.execute<{ password_hash: string }>(
      sql`select password_hash from users where username = 'Dispatcher'`,
    );
    expect(rows[0]!.password_hash).toMatch(/^scrypt\$\d+\$8\$1\$/);
    // The cost of every password the product sets (the suite's users are stored cheaper).
    expect(await hashPassword('right-horse')).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(rows[0]!.password_hash).not.toContain('right-horse');
    const stored = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from sessions where token_hash = ${accessToken}`,
    );
    expect(stored.rows[0]!.n).toBe(0);
  });

  it.each([
    ['a wrong password', credentials('dispatcher', 'wrong')],
    ['an unknown user', credentials('nobody', 'right-horse')],
    ['an inactive user', credentials('gone', 'staple')],
  ])('refuses %s with the R-ERR-2 text', async (_case, body) => {
    const response = await token(body);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      error: 'invalid_grant',
      error_description: messages.loginInvalid,
    });
  });

  it('names what is missing or wrong in the request', async () => {
    const noDatabase = await t.app.inject({
      method: 'POST',
      url: '/token',
      headers: formHeaders,
      payload: form(credentials('dispatcher', 'right-horse')),
    });
    expect(noDatabase.statusCode).toBe(400);
    expect(noDatabase.json()).toMatchObject({ error_description: messages.loginRequired });

    const unknownDatabase = await token(credentials('dispatcher', 'right-horse'), {
      database: 'NOWHERE',
    });
    expect(unknownDatabase.json()).toMatchObject({ error_description: messages.databaseNotFound });

    const badGrant = await token({
      ...credentials('dispatcher', 'right-horse'),
      grant_type: 'password',
    });
    expect(badGrant.statusCode).toBe(400);
    expect(badGrant.json()).toMatchObject({
      error: 'invalid_request',
      error_description: 'grant_type: grant_type must be client_credentials',
    });

    const noUser = await token({ client_secret: 'x', grant_type: 'client_credentials' });
    expect(noUser.statusCode).toBe(400);
    expect(noUser.json<{ data: { field: string }[] }>().data[0]!.field).toBe('client_id');
  });

  const tokenFrom = (address: string, body: Record<string, string>, headers = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/token',
      headers: { ...formHeaders, database: t.database, ...headers },
      payload: form(body),
      remoteAddress: address,
    });

  it('slows repeated failures for a username from one address with 429, a clear message and a growing wait', async () => {
    const guesser = '203.0.113.5';
    for (let i = 0; i < throttlePolicy.freeFailuresPerUserAndAddress; i += 1) {
      const guess = await tokenFrom(guesser, credentials('throttled', `guess-${i}`));
      expect(guess.statusCode).toBe(401);
    }
    const held = await tokenFrom(guesser, credentials('throttled', 'correct'));
    expect(held.statusCode).toBe(429);
    expect(held.json()).toMatchObject({ error: 'too_many_attempts' });
    expect(held.json<{ error_description: string }>().error_description).toBe(
      'Too many failed login attempts. Please wait 1 minute and try again.',
    );
    expect(Number(held.headers['retry-after'])).toBe(30);

    // One more failure after the wait doubles the next wait.
    t.clock.advance(31_000);
    expect((await tokenFrom(guesser, credentials('throttled', 'guess-again'))).statusCode).toBe(
      401,
    );
    const longer = await tokenFrom(guesser, credentials('throttled', 'correct'));
    expect(longer.statusCode).toBe(429);
    expect(Number(longer.headers['retry-after'])).toBe(60);
    t.clock.advance(61_000);
    expect((await tokenFrom(guesser, credentials('throttled', 'correct'))).statusCode).toBe(200);
  });

  it('lets the real user sign in from their own address while a guesser elsewhere is held', async () => {
    await t.addUser({ username: 'targeted', password: 'mine-alone' });
    for (let i = 0; i < throttlePolicy.freeFailuresPerUserAndAddress + 3; i += 1) {
      await tokenFrom('198.51.100.66', credentials('targeted', `guess-${i}`));
    }
    expect((await tokenFrom('198.51.100.66', credentials('targeted', 'x'))).statusCode).toBe(429);
    const user = await tokenFrom('192.0.2.10', credentials('targeted', 'mine-alone'));
    expect(user.statusCode).toBe(200);
  });

  it('holds an address that fails across many usernames until its failures age out', async () => {
    const sprayer = '203.0.113.77';
    for (let i = 0; i < throttlePolicy.maxFailuresPerAddress; i += 1) {
      await tokenFrom(sprayer, credentials(`nobody-${i}`, 'Summer2026!'));
    }
    const held = await tokenFrom(sprayer, credentials('dispatcher', 'right-horse'));
    expect(held.statusCode).toBe(429);
    expect(Number(held.headers['retry-after'])).toBeGreaterThan(14 * 60);
    expect(
      (await tokenFrom('192.0.2.11', credentials('dispatcher', 'right-horse'))).statusCode,
    ).toBe(200);
    t.clock.advance(throttlePolicy.windowMs + 1000);
    expect((await tokenFrom(sprayer, credentials('dispatcher', 'right-horse'))).statusCode).toBe(
      200,
    );
  });

  it('does not believe X-Forwarded-For unless a proxy is configured (TRUST_PROXY)', async () => {
    await t.addUser({ username: 'forged', password: 'honest-pass' });
    const socket = '203.0.113.200';
    for (let i = 0; i < throttlePolicy.freeFailuresPerUserAndAddress; i += 1) {
      await tokenFrom(socket, credentials('forged', `guess-${i}`), {
        'x-forwarded-for': `10.9.8.${i}`,
      });
    }
    const forged = await tokenFrom(socket, credentials('forged', 'honest-pass'), {
      'x-forwarded-for': '10.9.8.200',
    });
    expect(forged.statusCode).toBe(429);
  });

  it('exchanges a live token for a new one, and names missing or bad tokens with R-ERR-1 codes', async () => {
    const first = await t.login('dispatcher', 'right-horse');
    const body = { client_id: 'dispatcher', grant_type: 'client_credentials' };
    const renewed = await token(body, { authorization: `Bearer ${first}` });
    expect(renewed.statusCode).toBe(200);
    expect(renewed.json<{ access_token: string }>().access_token).not.toBe(first);

    expect((await token(body)).json()).toMatchObject({ error: 'missing_token_error' });
    const bad = await token(body, { authorization: `Bearer ${t.database}.forged` });
    expect(bad.statusCode).toBe(401);
    expect(bad.json()).toMatchObject({ error: 'token_error' });
    const otherUser = await token(
      { ...body, client_id: 'office' },
      { authorization: `Bearer ${first}` },
    );
    expect(otherUser.json()).toMatchObject({ error: 'token_error' });
  });

  it('expires tokens', async () => {
    const accessToken = await t.login('dispatcher', 'right-horse');
    expect((await get('/api/v1/sysadmin', accessToken)).statusCode).toBe(200);
    t.clock.advance(12 * 3600 * 1000 + 1000);
    const expired = await get('/api/v1/sysadmin', accessToken);
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toMatchObject({
      code: 'token_error',
      errorTypeId: 2,
      responseError: true,
    });
  });

  it('ends one session on logout and every session on logout/all', async () => {
    const a = await t.login('dispatcher', 'right-horse');
    const b = await t.login('dispatcher', 'right-horse');
    const c = await t.login('dispatcher', 'right-horse');
    const post = (url: string, accessToken: string) =>
      t.app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${accessToken}` } });
    expect((await post('/api/v1/auth/logout', a)).statusCode).toBe(200);
    expect((await get('/api/v1/sysadmin', a)).statusCode).toBe(401);
    expect((await get('/api/v1/sysadmin', b)).statusCode).toBe(200);
    const all = await post('/api/v1/auth/logout/all', b);
    expect(all.json()).toMatchObject({ value: true });
    expect((await get('/api/v1/sysadmin', b)).statusCode).toBe(401);
    expect((await get('/api/v1/sysadmin', c)).statusCode).toBe(401);
  });

  it("lets an administrator end a user's or a seat's sessions, and nobody else", async () => {
    const admin = await t.login('office', 'staple');
    const seatA = await t.login('dispatcher', 'right-horse', { seat_token: 'seat-A' });
    const seatB = await t.login('dispatcher', 'right-horse', { seat_token: 'seat-B' });
    const end = (body: object, accessToken: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/admin/sessions/end',
        headers: { authorization: `Bearer ${accessToken}` },
        payload: body,
      });
    const refused = await end({ seatToken: 'seat-A' }, seatB);
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ message: string }>().message).toBe(
      'You do not have permissions to access this form User Maintenance',
    );
    expect((await end({ seatToken: 'seat-A' }, admin)).json()).toMatchObject({
      message: '1 session ended.',
    });
    expect((await get('/api/v1/sysadmin', seatA)).statusCode).toBe(401);
    expect((await get('/api/v1/sysadmin', seatB)).statusCode).toBe(200);
    expect((await end({ username: 'DISPATCHER' }, admin)).statusCode).toBe(200);
    expect((await get('/api/v1/sysadmin', seatB)).statusCode).toBe(401);
    expect((await end({ username: 'nobody' }, admin)).statusCode).toBe(404);
    expect((await end({ username: 'x', seatToken: 'y' }, admin)).statusCode).toBe(400);
  });
});
