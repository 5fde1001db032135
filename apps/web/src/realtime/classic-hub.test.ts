/**
 * R-TOKEN-1..2, R-INTERCOM-2..3: the web's token login to classic goes through the classic hub
 * (AuthenticateWithToken, answered by AuthTokenAccepted or ErrorLoggingIn), as the real classic
 * application offers it, not through an HTTP endpoint only the stand-in had; a classic ticket is
 * asked for with CreateTicket and ViewTicket. The web's own link
 * (the official SignalR 2 jQuery client) talks to the classic stand-in (apps/intercom) over
 * WebSockets; a small HTTP server answers what the API answers for the calls involved.
 */
import { menuCatalogue } from '@dispatch/domain/menu/menu-catalogue';
import type { MenuEntry } from '@dispatch/domain/menu/menu-entry';
import { afterEach, describe, expect, it } from 'vitest';
import { setServerBaseUrl } from '../lib/api-client';
import {
  apiServer,
  close,
  listen,
  startApi,
  startIntercom,
  stopStandIns,
} from '../test/classic-stand-in';
import {
  classicTokenLogin,
  connectClassicLink,
  leaveClassicSkipMode,
  openClassicForm,
  stopClassicLink,
  viewClassicTicket,
} from './classic-link';
import { classicStateStore } from './connection-status';

afterEach(async () => {
  await stopClassicLink();
  await stopStandIns();
});

describe('token login to classic', () => {
  it('logs in through AuthenticateWithToken, naming the database and its server', async () => {
    const apiUrl = await startApi();
    setServerBaseUrl(apiUrl);
    const intercom = await startIntercom(apiUrl);
    leaveClassicSkipMode();
    await connectClassicLink(intercom.url);

    const result = await classicTokenLogin({ token: 'dispatcher-token', database: 'DEMO' });
    expect(result.outcome).toBe('success');
    // The stand-in's HTTP token login is gone: the hub logged the user in, on the API's server.
    expect(intercom.state.user).toEqual({
      username: 'dispatcher',
      server: 'SQL01',
      database: 'DEMO',
    });
    expect(classicStateStore.get()).toMatchObject({ state: 'connected', authenticated: true });
  });

  it('stops at once when classic refuses the token, with classic’s words', async () => {
    const apiUrl = await startApi();
    setServerBaseUrl(apiUrl);
    const intercom = await startIntercom(apiUrl);
    leaveClassicSkipMode();
    await connectClassicLink(intercom.url);

    const started = Date.now();
    const result = await classicTokenLogin({
      token: 'forged-token',
      database: 'DEMO',
      server: 'SQL01',
    });
    expect(result).toEqual({
      outcome: 'rejected',
      username: '',
      message: 'The server rejected the token.',
    });
    // One try: no 2 s wait for another.
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(intercom.state.user).toBeNull();
  });

  it('tries again, 2 s apart, while classic cannot check the token', async () => {
    // The API's port, free for now: classic's token check finds nobody there.
    const probe = apiServer();
    const apiUrl = await listen(probe);
    const port = Number(new URL(apiUrl).port);
    await close(probe);
    const intercom = await startIntercom(apiUrl);
    leaveClassicSkipMode();
    await connectClassicLink(intercom.url);

    const login = classicTokenLogin({
      token: 'dispatcher-token',
      database: 'DEMO',
      server: 'SQL01',
    });
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(intercom.state.user).toBeNull();
    await startApi(port);

    expect((await login).outcome).toBe('success');
    expect(intercom.state.user?.username).toBe('dispatcher');
  }, 15_000);
});

function classicEntry(enumId: string): MenuEntry {
  const entry = menuCatalogue.find((each) => each.enumId === enumId);
  if (!entry) throw new Error(`no menu entry ${enumId}`);
  return entry;
}

describe('classic tickets', () => {
  it('asks classic for a new ticket (CreateTicket) from a ticketing form, and shows one with ViewTicket', async () => {
    const apiUrl = await startApi();
    setServerBaseUrl(apiUrl);
    const intercom = await startIntercom(apiUrl);
    leaveClassicSkipMode();
    await connectClassicLink(intercom.url);
    expect(
      (await classicTokenLogin({ token: 'dispatcher-token', database: 'DEMO', server: 'SQL01' }))
        .outcome,
    ).toBe('success');

    expect(await openClassicForm(classicEntry('LegacyConcreteTicketing'))).toBe(true);
    expect(await openClassicForm(classicEntry('LegacyQuickTicketing'))).toBe(true);
    expect(await viewClassicTicket(42)).toBe(true);
    // Other classic forms still open with OpenForm.
    expect(await openClassicForm(classicEntry('LegacyTruckMaintenance'))).toBe(true);

    expect(intercom.state.forms.map(({ enumId, name, args }) => ({ enumId, name, args }))).toEqual([
      { enumId: 'CreateTicket', name: 'New Ticket', args: { systemTypeId: 1 } },
      { enumId: 'CreateTicket', name: 'New Ticket', args: null },
      { enumId: 'ViewTicket', name: 'Ticket 42', args: { ticketId: 42 } },
      { enumId: 'LegacyTruckMaintenance', name: 'Truck Maintenance', args: null },
    ]);
  });

  it('opens no ticket while nobody is logged in to classic', async () => {
    const apiUrl = await startApi();
    const intercom = await startIntercom(apiUrl);
    leaveClassicSkipMode();
    await connectClassicLink(intercom.url);

    expect(await viewClassicTicket(42)).toBe(false);
    expect(await openClassicForm(classicEntry('LegacyConcreteTicketing'))).toBe(false);
    expect(intercom.state.forms).toEqual([]);
  });
});
