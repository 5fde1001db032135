import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { messages } from '@dispatch/domain/messages';
import { createIntercomServer, type IntercomServer } from './intercom-server';
import { intercomMessages } from './intercom-messages';
import { demoSessions, startFakeApi } from './test/fake-api';

let api: Awaited<ReturnType<typeof startFakeApi>>;

beforeAll(async () => {
  api = await startFakeApi(demoSessions);
});
afterAll(async () => {
  await api.close();
});

/** A stand-in on its own port, closed after the suite. */
function useIntercom(options: { requireDesktopLogin?: boolean } = {}) {
  const context = { intercom: null as unknown as IntercomServer, base: '' };
  beforeAll(async () => {
    context.intercom = createIntercomServer({ apiUrl: api.url, ...options });
    const { port } = await context.intercom.listen(0);
    context.base = `http://127.0.0.1:${port}`;
  });
  afterAll(async () => {
    await context.intercom.close();
  });
  const post = (path: string, body: unknown = {}, headers: Record<string, string> = {}) =>
    fetch(`${context.base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
  return { context, post };
}

describe('cross-origin requests', () => {
  const { context } = useIntercom();

  it('grants CORS, with credentials, to the hub only', async () => {
    const origin = 'http://localhost:8484';
    const hubPreflight = await fetch(`${context.base}/signalr/negotiate`, {
      method: 'OPTIONS',
      headers: { origin, 'access-control-request-method': 'GET' },
    });
    expect(hubPreflight.headers.get('access-control-allow-origin')).toBe(origin);
    expect(hubPreflight.headers.get('access-control-allow-credentials')).toBe('true');
  });

  it("grants no CORS to the page's own endpoints", async () => {
    const origin = 'http://evil.example';
    const preflight = await fetch(`${context.base}/api/logout`, {
      method: 'OPTIONS',
      headers: { origin, 'access-control-request-method': 'POST' },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    const state = await fetch(`${context.base}/api/state`, { headers: { origin } });
    expect(state.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('has no HTTP token login: the web client logs in through AuthenticateWithToken', async () => {
    const response = await fetch(`${context.base}/api/token-login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token: 'dispatcher-token', database: 'DEMO' }),
    });
    expect(response.status).toBe(404);
    expect(context.intercom.state.user).toBeNull();
  });
});

describe('the page and its endpoints', () => {
  const { context, post } = useIntercom();
  const state = async (): Promise<unknown> => (await fetch(`${context.base}/api/state`)).json();
  beforeEach(async () => {
    await post('/api/logout');
    await post('/api/login', { server: 'SQL01', database: 'DEMO', username: 'clerk' });
  });

  it('logs in at the desktop, refusing blank fields with the classic message', async () => {
    const blank = await post('/api/login', { server: 'SQL02', database: '', username: 'clerk' });
    expect(blank.status).toBe(400);
    expect(await blank.json()).toEqual({ message: messages.classicAuthRequired });
    expect(context.intercom.state.user?.server).toBe('SQL01');
    const login = { server: 'SQL02', database: 'TRAINING', username: 'clerk' };
    expect((await post('/api/login', login)).status).toBe(200);
    expect(await state()).toMatchObject({
      user: { username: 'clerk', server: 'SQL02', database: 'TRAINING' },
      forms: [],
      dirtyCount: 0,
      clients: 0,
    });
  });

  it('opens forms by id or enum id, marks them dirty and saved, and closes them', async () => {
    const opened = await post('/api/forms', {
      formId: 'LegacyTruckMaintenance',
      args: { truck: 12 },
    });
    expect(opened.status).toBe(201);
    const form = (await opened.json()) as { key: string };
    expect(form).toMatchObject({
      formId: 60205,
      name: 'Truck Maintenance',
      args: { truck: 12 },
      dirty: false,
    });
    expect((await post('/api/forms', { formId: 60101 })).status).toBe(201);

    const dirty = await post(`/api/forms/${form.key}/dirty`);
    expect(dirty.status).toBe(200);
    expect(await dirty.json()).toMatchObject({ dirtyCount: 1 });
    expect(await (await post(`/api/forms/${form.key}/saved`)).json()).toMatchObject({
      dirtyCount: 0,
    });
    const closed = (await (await post(`/api/forms/${form.key}/close`)).json()) as {
      forms: unknown[];
    };
    expect(closed.forms).toHaveLength(1);
    expect((await post(`/api/forms/${form.key}/dirty`)).status).toBe(404);
  });

  it('refuses to open a web screen, or any form with nobody logged in', async () => {
    expect((await post('/api/forms', { formId: 70201 })).status).toBe(400);
    await post('/api/logout');
    const refused = await post('/api/forms', { formId: 60101 });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({ message: intercomMessages.noClassicUser });
  });

  it('renders the page with the user, database, server and opened forms, escaped', async () => {
    await post('/api/login', { server: 'SQL01', database: 'DEMO', username: '<b>clerk</b>' });
    await post('/api/forms', { formId: 60302 });
    const [form] = context.intercom.state.forms;
    await post(`/api/forms/${form!.key}/dirty`);
    const response = await fetch(`${context.base}/`);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('content-security-policy')).toMatch(/script-src 'nonce-[^']+'/);
    const html = await response.text();
    expect(html).toContain('<title>Classic AUJS intercom (stand-in)</title>');
    expect(html).toContain('&lt;b&gt;clerk&lt;/b&gt;');
    expect(html).not.toContain('<b>clerk</b>');
    expect(html).toContain('SQL01');
    expect(html).toContain('Quick Ticketing');
    expect(html).toContain('60302 · LegacyQuickTicketing');
    expect(html).toContain('Unsaved changes');
    for (const label of ['Mark dirty', 'Mark saved', 'Close']) expect(html).toContain(label);
  });

  it('answers 404 for paths it does not have', async () => {
    expect((await fetch(`${context.base}/nothing-here`)).status).toBe(404);
    expect((await post('/api/forms/f1/explode')).status).toBe(404);
  });
});
