import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientConfigSchema } from '@dispatch/domain/settings/config';
import { loggerOptions } from './http/logger';
import { sessions } from './db/schema/auth';
import { readEnv } from './env';
import { pourPageRateLimit } from './modules/order-tracking/public-scope';
import { createTestApp, type TestApp } from '../test/test-app';

describe('the API serves the web app, its configuration, and logs nothing secret', () => {
  const dist = mkdtempSync(path.join(tmpdir(), 'dispatch-web-'));
  const logLines: string[] = [];
  let t: TestApp;
  let bare: TestApp;

  beforeAll(async () => {
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Dispatch</title>');
    writeFileSync(path.join(dist, 'app.js'), 'console.log(1)');
    writeFileSync(path.join(dist, 'configuration.json'), JSON.stringify({ serverAddress: '' }));
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logLines.push(chunk.toString());
        done();
      },
    });
    const env = readEnv({ LOG_LEVEL: 'info', NODE_ENV: 'test' });
    t = await createTestApp(
      'pglite',
      { WEB_DIST_DIR: dist },
      {
        logger: { ...(loggerOptions(env) as object), stream },
      },
    );
    bare = await createTestApp('pglite');
    await t.addUser({ username: 'clerk', password: 'hunter2-hunter2' });
  });
  afterAll(async () => {
    await t.close();
    await bare.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('answers client routes opened directly with index.html, and files as themselves', async () => {
    for (const url of ['/', '/orders/concrete', '/security/login?token=x', '/home']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expect(response.body).toContain('<title>Dispatch</title>');
    }
    expect((await t.app.inject({ method: 'GET', url: '/app.js' })).body).toBe('console.log(1)');
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/nope' })).statusCode).toBe(404);
    expect((await bare.app.inject({ method: 'GET', url: '/orders/concrete' })).statusCode).toBe(
      404,
    );
  });

  it('R-TRACK-5: serves the pour page, limited per address as its data is', async () => {
    const open = (remoteAddress: string) =>
      t.app.inject({ method: 'GET', url: '/pour/DEMO.some-token', remoteAddress });
    const answers: number[] = [];
    for (let request = 0; request <= pourPageRateLimit.max; request++) {
      answers.push((await open('10.9.0.1')).statusCode);
    }
    expect(answers.slice(0, pourPageRateLimit.max).every((code) => code === 200)).toBe(true);
    expect(answers.at(-1)).toBe(429);
    const other = await open('10.9.0.2');
    expect(other.statusCode).toBe(200);
    expect(other.body).toContain('<title>Dispatch</title>');
  });

  it('sends its security headers on pages and API answers alike', async () => {
    for (const url of ['/orders/concrete', '/healthz', '/api/v1/nope']) {
      const { headers } = await t.app.inject({ method: 'GET', url });
      expect(headers['content-security-policy'], url).toContain("default-src 'self'");
      expect(headers['content-security-policy'], url).toContain("connect-src 'self' ws: wss:");
      expect(headers['x-content-type-options'], url).toBe('nosniff');
      expect(headers['strict-transport-security'], url).toMatch(/max-age=\d+/);
    }
  });

  it('serves configuration.json, and configuration.local.json only when the installation has one', async () => {
    const config = await t.app.inject({ method: 'GET', url: '/configuration.json' });
    expect(config.json()).toEqual({ serverAddress: '' });
    expect(
      (await t.app.inject({ method: 'GET', url: '/configuration.local.json' })).statusCode,
    ).toBe(204);
    writeFileSync(
      path.join(dist, 'configuration.local.json'),
      JSON.stringify({ loggerLevel: 'debug' }),
    );
    const local = await t.app.inject({ method: 'GET', url: '/configuration.local.json' });
    expect(local.json()).toEqual({ loggerLevel: 'debug' });
    const defaults = await bare.app.inject({ method: 'GET', url: '/configuration.json' });
    expect(defaults.json()).toEqual(clientConfigSchema.parse({}));
  });

  it('never writes passwords, tokens or query strings to its logs', async () => {
    const token = await t.login('clerk', 'hunter2-hunter2', { seat_token: 'seat-secret-1' });
    await t.app.inject({
      method: 'GET',
      url: `/home?token=${token}`,
    });
    await t.app.inject({
      method: 'GET',
      url: '/api/v1/sysadmin',
      headers: { authorization: `Bearer ${token}` },
    });
    await t.app.inject({
      method: 'POST',
      url: '/token',
      headers: { database: t.database, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'client_id=clerk&client_secret=wrong-secret-9&grant_type=client_credentials',
    });
    const logs = logLines.join('');
    expect(logs).toContain('login failed');
    expect(logs).toContain('"url":"/home"');
    for (const secret of [
      'hunter2-hunter2',
      'wrong-secret-9',
      token,
      token.split('.')[1]!,
      'seat-secret-1',
    ]) {
      expect(logs).not.toContain(secret);
    }
  });
});

describe('a plain start is production-safe', () => {
  let developer: TestApp;
  let behindProxy: TestApp;
  beforeAll(async () => {
    [developer, behindProxy] = await Promise.all([
      createTestApp('pglite', { NODE_ENV: 'development' }),
      createTestApp('pglite', { TRUST_PROXY: '203.0.113.1' }),
    ]);
    await behindProxy.addUser({ username: 'clerk', password: 'hunter2-hunter2' });
  });
  afterAll(async () => {
    await developer?.close();
    await behindProxy?.close();
  });

  const refused = (test: TestApp) =>
    test.app.inject({ method: 'GET', url: '/api/v1/connection' }).then((answer) => ({
      status: answer.statusCode,
      stacktrace: answer.json<{ stacktrace: string | null }>().stacktrace,
    }));

  it('is production unless told otherwise, and trusts no proxy', () => {
    const env = readEnv({});
    expect(env.NODE_ENV).toBe('production');
    expect(env.TRUST_PROXY).toBe(false);
    expect(readEnv({ TRUST_PROXY: '10.0.0.1, 10.1.0.0/16' }).TRUST_PROXY).toEqual([
      '10.0.0.1',
      '10.1.0.0/16',
    ]);
    expect(readEnv({ HUB_ALLOWED_ORIGINS: 'https://a.test,https://b.test' })).toMatchObject({
      HUB_ALLOWED_ORIGINS: ['https://a.test', 'https://b.test'],
    });
  });

  it("answers errors without the server's stack, except to a developer's own server", async () => {
    const production = await createTestApp('pglite', { NODE_ENV: 'production' });
    try {
      expect(await refused(production)).toEqual({ status: 401, stacktrace: null });
    } finally {
      await production.close();
    }
    const developers = await refused(developer);
    expect(developers.status).toBe(401);
    expect(developers.stacktrace).toMatch(/\.ts:\d+/);
  });

  it('takes the client address from X-Forwarded-For only from the configured proxy', async () => {
    const signIn = (remoteAddress: string) =>
      behindProxy.app.inject({
        method: 'POST',
        url: '/token',
        headers: {
          database: behindProxy.database,
          'content-type': 'application/x-www-form-urlencoded',
          'x-forwarded-for': '198.51.100.4',
        },
        payload: 'client_id=clerk&client_secret=hunter2-hunter2&grant_type=client_credentials',
        remoteAddress,
      });
    expect((await signIn('203.0.113.1')).statusCode).toBe(200);
    expect((await signIn('192.0.2.50')).statusCode).toBe(200);
    const recorded = await behindProxy.db
      .select({ ipAddress: sessions.ipAddress })
      .from(sessions)
      .orderBy(asc(sessions.id));
    expect(recorded.map((row) => row.ipAddress)).toEqual(['198.51.100.4', '192.0.2.50']);
  });
});
