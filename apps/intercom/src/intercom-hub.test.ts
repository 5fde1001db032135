import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@dispatch/domain/messages';
import { createIntercomServer, type IntercomServer } from './intercom-server';
import { intercomMessages } from './intercom-messages';
import { createOfficialClient, type OfficialClient } from './test/official-client';
import { demoSessions, startFakeApi } from './test/fake-api';

let api: Awaited<ReturnType<typeof startFakeApi>>;
let intercom: IntercomServer;
let base: string;
const clients: OfficialClient[] = [];

async function connectedClient(): Promise<OfficialClient> {
  const client = await createOfficialClient({ hubUrl: `${base}/signalr` });
  clients.push(client);
  await client.start();
  return client;
}

async function post(path: string, body: unknown = {}) {
  return fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

beforeAll(async () => {
  api = await startFakeApi(demoSessions);
});
afterAll(async () => {
  await api.close();
});

describe('the classic hub through the official SignalR 2 client', () => {
  beforeAll(async () => {
    intercom = createIntercomServer({ apiUrl: api.url });
    const { port } = await intercom.listen(0);
    base = `http://127.0.0.1:${port}`;
  });
  afterEach(async () => {
    for (const client of clients.splice(0)) client.close();
    // Each test starts from the classic login screen.
    await post('/api/logout');
  });
  afterAll(async () => {
    await intercom.close();
  });

  it('connects over WebSockets, starts, and stops', async () => {
    const client = await connectedClient();
    expect(client.connection.state).toBe(1); // connected
    expect(client.connection.transport.name).toBe('webSockets');
    await expect.poll(() => intercom.state.clients).toBe(1);

    client.connection.stop();
    expect(client.connection.state).toBe(4); // disconnected
    // The client's abort request makes the server forget the connection at once.
    await expect.poll(() => intercom.state.clients).toBe(0);
  });

  it('AuthPing answers AuthPingback with whether and who is logged in', async () => {
    const client = await connectedClient();
    await client.invoke('AuthPing');
    expect((await client.nextEvent('AuthPingback', 0)).args).toEqual([false, null]);

    await client.invoke('Authenticate', 'SQL01', 'DEMO', 'dispatcher');
    const mark = client.events.length;
    await client.invoke('AuthPing');
    expect((await client.nextEvent('AuthPingback', mark)).args).toEqual([true, 'dispatcher']);
  });

  it('Authenticate logs the classic user in and raises UserIsAuthenticated', async () => {
    const client = await connectedClient();
    const result = await client.invoke('Authenticate', 'SQL01', 'DEMO', 'dispatcher');
    expect(result).toBeUndefined();
    expect((await client.nextEvent('UserIsAuthenticated', 0)).args).toEqual(['dispatcher']);
    expect(intercom.state.user).toEqual({
      username: 'dispatcher',
      server: 'SQL01',
      database: 'DEMO',
    });
  });

  it('Authenticate with a blank field raises ErrorLoggingIn with the required-fields message', async () => {
    const client = await connectedClient();
    await expect(
      client.invoke('Authenticate', 'SQL01', ' ', 'dispatcher'),
    ).resolves.toBeUndefined();
    expect((await client.nextEvent('ErrorLoggingIn', 0)).args).toEqual([
      messages.classicAuthRequired,
    ]);
    await expect(
      client.invoke('Authenticate', null, 'DEMO', 'dispatcher'),
    ).resolves.toBeUndefined();
    expect(client.events.filter((event) => event.name === 'ErrorLoggingIn')).toHaveLength(2);
    expect(client.events.some((event) => event.name === 'UserIsAuthenticated')).toBe(false);
    expect(intercom.state.user).toBeNull();
  });

  it('AuthenticateWithToken accepts a valid token: AuthTokenAccepted, then UserIsAuthenticated', async () => {
    const client = await connectedClient();
    await client.invoke('AuthenticateWithToken', 'SQL01', 'demo', 'dispatcher-token');
    await client.nextEvent('UserIsAuthenticated', 0);
    expect(client.events.map((event) => [event.name, ...event.args])).toEqual([
      ['AuthTokenAccepted'],
      ['UserIsAuthenticated', 'dispatcher'],
    ]);
    expect(intercom.state.user).toEqual({
      username: 'dispatcher',
      server: 'SQL01',
      database: 'DEMO',
    });
  });

  it('AuthenticateWithToken refuses a rejected token, a blank session and another database', async () => {
    const client = await connectedClient();
    await client.invoke('AuthenticateWithToken', 'SQL01', 'DEMO', 'forged-token');
    expect((await client.nextEvent('ErrorLoggingIn', 0)).args).toEqual([
      intercomMessages.tokenRejected,
    ]);
    await client.invoke('AuthenticateWithToken', 'SQL01', 'DEMO', 'blank-token');
    expect((await client.nextEvent('ErrorLoggingIn', 1)).args).toEqual([
      intercomMessages.tokenWithoutSession,
    ]);
    await client.invoke('AuthenticateWithToken', 'SQL01', 'LIVE', 'dispatcher-token');
    expect((await client.nextEvent('ErrorLoggingIn', 2)).args).toEqual([
      'The token belongs to database DEMO, not LIVE.',
    ]);
    await client.invoke('AuthenticateWithToken', 'SQL01', 'DEMO', '');
    expect((await client.nextEvent('ErrorLoggingIn', 3)).args).toEqual([
      intercomMessages.tokenLoginRequired,
    ]);
    expect(client.events.map((event) => event.name)).not.toContain('AuthTokenAccepted');
    expect(intercom.state.user).toBeNull();
  });

  it('OpenForm, CreateTicket and ViewTicket are refused while nobody is logged in', async () => {
    const client = await connectedClient();
    for (const [method, args] of [
      ['OpenForm', [60101]],
      ['CreateTicket', []],
      ['ViewTicket', [42]],
    ] as const) {
      await expect(client.invoke(method, ...args)).rejects.toMatchObject({
        message: intercomMessages.noClassicUser,
        source: 'HubException',
      });
    }
    expect(intercom.state.forms).toEqual([]);
  });

  it('OpenForm, CreateTicket and ViewTicket record opened forms named from the catalogue', async () => {
    const client = await connectedClient();
    await client.invoke('Authenticate', 'SQL01', 'DEMO', 'dispatcher');
    await expect(client.invoke('OpenForm', 60101)).resolves.toBe(true);
    await expect(
      client.invoke('OpenForm', 'LegacyRailSchedule', { date: '2026-11-22' }),
    ).resolves.toBe(true);
    await expect(client.invoke('OpenForm', 69999)).resolves.toBe(true);
    await expect(client.invoke('CreateTicket', { orderId: 7 })).resolves.toBe(true);
    await expect(client.invoke('ViewTicket', 1234)).resolves.toBe(true);

    expect(
      intercom.state.forms.map(({ formId, enumId, name, args, dirty }) => ({
        formId,
        enumId,
        name,
        args,
        dirty,
      })),
    ).toEqual([
      {
        formId: 60101,
        enumId: 'LegacyConcreteOrderEntry',
        name: 'Concrete Order Entry',
        args: null,
        dirty: false,
      },
      {
        formId: 60509,
        enumId: 'LegacyRailSchedule',
        name: 'Rail Schedule',
        args: { date: '2026-11-22' },
        dirty: false,
      },
      { formId: 69999, enumId: null, name: 'Form 69999', args: null, dirty: false },
      {
        formId: null,
        enumId: 'CreateTicket',
        name: 'New Ticket',
        args: { orderId: 7 },
        dirty: false,
      },
      {
        formId: null,
        enumId: 'ViewTicket',
        name: 'Ticket 1234',
        args: { ticketId: 1234 },
        dirty: false,
      },
    ]);
  });

  it('OpenForm refuses a web screen and a missing id', async () => {
    const client = await connectedClient();
    await client.invoke('Authenticate', 'SQL01', 'DEMO', 'dispatcher');
    await expect(client.invoke('OpenForm', 70101)).rejects.toMatchObject({
      message:
        'Form 70101 (Market Segments Report) is not a classic form: it opens in the web client.',
    });
    await expect(client.invoke('OpenForm', '')).rejects.toMatchObject({
      message: intercomMessages.formRequired,
    });
    expect(intercom.state.forms).toEqual([]);
  });

  it('QueryDirtyFormsCount answers and raises DirtyFormsCount', async () => {
    const client = await connectedClient();
    await client.invoke('Authenticate', 'SQL01', 'DEMO', 'dispatcher');
    await expect(client.invoke('QueryDirtyFormsCount')).resolves.toBe(0);
    expect((await client.nextEvent('DirtyFormsCount', 0)).args).toEqual([0]);

    await client.invoke('OpenForm', 60205);
    const [form] = intercom.state.forms;
    expect((await post(`/api/forms/${form!.key}/dirty`)).status).toBe(200);
    const mark = client.events.length;
    await expect(client.invoke('QueryDirtyFormsCount')).resolves.toBe(1);
    expect((await client.nextEvent('DirtyFormsCount', mark)).args).toEqual([1]);
  });

  it("the page's buttons push DirtyFormsCount to every connected client", async () => {
    const client = await connectedClient();
    const other = await connectedClient();
    await client.invoke('Authenticate', 'SQL01', 'DEMO', 'dispatcher');
    await client.invoke('OpenForm', 60101);
    await client.invoke('OpenForm', 60202);
    const [first, second] = intercom.state.forms;

    const mark = client.events.length;
    await post(`/api/forms/${first!.key}/dirty`);
    expect((await client.nextEvent('DirtyFormsCount', mark)).args).toEqual([1]);
    await post(`/api/forms/${second!.key}/dirty`);
    await expect
      .poll(() => client.events.slice(mark).map((event) => event.args[0]))
      .toEqual([1, 2]);
    await post(`/api/forms/${first!.key}/saved`);
    await post(`/api/forms/${second!.key}/close`);
    await expect
      .poll(() =>
        other.events
          .filter((event) => event.name === 'DirtyFormsCount')
          .map((event) => event.args[0]),
      )
      .toEqual([1, 2, 1, 0]);
  });

  it('Logout logs the classic user out, closes the forms and raises LoggedOut', async () => {
    const client = await connectedClient();
    await client.invoke('Authenticate', 'SQL01', 'DEMO', 'dispatcher');
    await client.invoke('OpenForm', 60101);
    await post(`/api/forms/${intercom.state.forms[0]!.key}/dirty`);
    const mark = client.events.length;
    await expect(client.invoke('Logout')).resolves.toBeUndefined();
    await client.nextEvent('LoggedOut', mark);
    expect(intercom.state).toMatchObject({ user: null, forms: [], dirtyCount: 0 });
    expect(client.events.slice(mark).map((event) => [event.name, ...event.args])).toContainEqual([
      'DirtyFormsCount',
      0,
    ]);
  });

  it('a token login on one connection tells every hub client the user is authenticated', async () => {
    const other = await connectedClient();
    const client = await connectedClient();
    await client.invoke('AuthenticateWithToken', 'SQL01', 'DEMO', 'dispatcher-token');
    expect((await other.nextEvent('UserIsAuthenticated', 0)).args).toEqual(['dispatcher']);
    expect(other.events.map((event) => event.name)).not.toContain('AuthTokenAccepted');
  });

  it('an unknown hub method, or a known one with the wrong argument count, is an error', async () => {
    const client = await connectedClient();
    await expect(client.invoke('OpenTheVault')).rejects.toMatchObject({
      message: "'OpenTheVault' method could not be resolved with 0 argument(s).",
      source: 'Exception',
    });
    await expect(client.invoke('Authenticate', 'SQL01')).rejects.toMatchObject({
      message: "'Authenticate' method could not be resolved with 1 argument(s).",
    });
    // Method names match ignoring case, as in .NET.
    await expect(client.invoke('querydirtyformscount')).resolves.toBe(0);
  });

  it('a hub the server does not have is an error', async () => {
    const client = await connectedClient();
    const other = client.connection.createHubProxy('dispatchHub');
    await expect(
      new Promise((resolve, reject) => {
        other.invoke('Ping').done(resolve).fail(reject);
      }),
    ).rejects.toMatchObject({ message: "'dispatchhub' Hub could not be resolved." });
  });
});

describe('a classic desktop with a fixed user (INTERCOM_USER)', () => {
  let fixed: IntercomServer;
  beforeAll(async () => {
    fixed = createIntercomServer({ apiUrl: api.url, fixedUser: 'operator' });
    const { port } = await fixed.listen(0);
    base = `http://127.0.0.1:${port}`;
  });
  afterAll(async () => {
    for (const client of clients.splice(0)) client.close();
    await fixed.close();
  });

  it('reports its own user, whoever Authenticate named: the client sees the mismatch', async () => {
    const client = await connectedClient();
    await client.invoke('Authenticate', 'SQL01', 'DEMO', 'dispatcher');
    expect((await client.nextEvent('UserIsAuthenticated', 0)).args).toEqual(['operator']);
    expect(fixed.state.user?.username).toBe('operator');
  });
});

describe('token login when the desktop must be logged in (INTERCOM_REQUIRE_DESKTOP_LOGIN)', () => {
  let guarded: IntercomServer;
  beforeAll(async () => {
    guarded = createIntercomServer({ apiUrl: api.url, requireDesktopLogin: true });
    const { port } = await guarded.listen(0);
    base = `http://127.0.0.1:${port}`;
  });
  afterAll(async () => {
    for (const client of clients.splice(0)) client.close();
    await guarded.close();
  });

  it('AuthenticateWithToken is refused until someone logs in at the desktop (R-TOKEN-2)', async () => {
    const client = await connectedClient();
    await client.invoke('AuthenticateWithToken', 'SQL01', 'DEMO', 'dispatcher-token');
    expect((await client.nextEvent('ErrorLoggingIn', 0)).args).toEqual([
      intercomMessages.noClassicUser,
    ]);
    // A rejected token is still told as such.
    await client.invoke('AuthenticateWithToken', 'SQL01', 'DEMO', 'forged-token');
    expect((await client.nextEvent('ErrorLoggingIn', 1)).args).toEqual([
      intercomMessages.tokenRejected,
    ]);

    await client.invoke('Authenticate', 'SQL01', 'DEMO', 'clerk');
    const mark = client.events.length;
    await client.invoke('AuthenticateWithToken', 'SQL01', 'DEMO', 'dispatcher-token');
    expect((await client.nextEvent('AuthTokenAccepted', mark)).args).toEqual([]);
    expect(guarded.state.user?.username).toBe('dispatcher');
  });
});

describe('token login while the API is away', () => {
  let away: IntercomServer;
  beforeAll(async () => {
    const gone = await startFakeApi({});
    await gone.close();
    away = createIntercomServer({ apiUrl: gone.url });
    const { port } = await away.listen(0);
    base = `http://127.0.0.1:${port}`;
  });
  afterAll(async () => {
    for (const client of clients.splice(0)) client.close();
    await away.close();
  });

  it('AuthenticateWithToken fails as a call, which the client tries again (R-TOKEN-1)', async () => {
    const client = await connectedClient();
    await expect(
      client.invoke('AuthenticateWithToken', 'SQL01', 'DEMO', 'dispatcher-token'),
    ).rejects.toMatchObject({
      message: 'The server could not check the token (unreachable).',
      source: 'HubException',
    });
    expect(client.events.map((event) => event.name)).not.toContain('ErrorLoggingIn');
    expect(away.state.user).toBeNull();
  });
});
