/// <reference types="node" />
/**
 * R-CONNECT-1, R-CONST-3, R-LIVE-3: the dispatcher link's reconnecting, counted as the spec counts
 * it. The web's own connect flow and DispatchHub client (the official @microsoft/signalr client)
 * run against a real hub (@dispatch/signalr) over WebSockets; the hub's socket is cut the way a
 * dying dispatcher or network cuts it, and the hub then refuses every new connection.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { connectFlowButtons } from '@dispatch/domain/connection/connect-flow';
import { loginStatusSchema } from '@dispatch/domain/session/login-status';
import { createHub } from '@dispatch/signalr';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resetAppConfig } from '../lib/app-config';
import { setServerBaseUrl } from '../lib/api-client';
import { pressConnectFlowButton, startConnectFlow, stopConnectFlow } from '../session/connect-flow';
import { connectFlowStore } from '../session/connect-flow-state';
import { endSession, startSession } from '../session/session-store';
import { dispatchStateStore } from './connection-status';
import { onHubReconnected } from './hub-events';

type Dispatcher = {
  /** Whether the hub lets connections in (false: every negotiate answers 401). */
  open: boolean;
  /** Connection attempts: each negotiate the hub was asked for. */
  attempts: number;
  logins: number;
  /** Cuts every WebSocket without a close message, as a crashed dispatcher would. */
  cut(): void;
  close(): Promise<void>;
  url: string;
};

async function startDispatcher(): Promise<Dispatcher> {
  const sockets = new Set<Duplex>();
  const state = { open: true, attempts: 0, logins: 0 };
  const hub = createHub<{ username: string }>({
    path: '/dispatchHub',
    allowedOrigin: () => true,
    authenticate: (token) => {
      state.attempts += 1;
      return state.open && token === 'ann-token' ? { username: 'ann' } : undefined;
    },
    methods: {
      Login: () => {
        state.logins += 1;
        return { loggedIn: true };
      },
      Logout: () => true,
    },
  });
  const server: Server = createServer((_request, response) => {
    response.statusCode = 404;
    response.end();
  });
  hub.attach(server);
  server.on('upgrade', (_request, socket: Duplex) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(state, {
    url: `http://127.0.0.1:${port}`,
    cut() {
      for (const socket of sockets) socket.destroy();
    },
    async close() {
      await hub.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  });
}

describe('the dispatcher link after a drop', () => {
  let dispatcher: Dispatcher;

  beforeEach(async () => {
    dispatcher = await startDispatcher();
    resetAppConfig({
      addresses: {
        server: dispatcher.url,
        dispatcher: dispatcher.url,
        legacy: '',
        dispatcherOverridden: true,
      },
    });
    setServerBaseUrl(dispatcher.url);
    startSession({
      status: loginStatusSchema.parse({
        loggedIn: true,
        username: 'ann',
        database: 'DEMO',
        authToken: 'ann-token',
      }),
      adminOnly: false,
      skipMode: true,
      expiresIn: 43200,
      quickLaunchFormIds: null,
    });
  });
  afterEach(async () => {
    await stopConnectFlow();
    endSession();
    resetAppConfig();
    await dispatcher.close();
  });

  it('reconnects by itself twice, then offers Retry Dispatcher within seconds (R-CONNECT-1)', async () => {
    let reconnections = 0;
    const stopListening = onHubReconnected(() => (reconnections += 1));
    startConnectFlow({
      classicAuthentication: 'byToken',
      skipClassic: true,
      onForcedLogout: () => undefined,
    });
    await expect
      .poll(() => connectFlowStore.get()?.dispatcher.phase, { timeout: 10_000 })
      .toBe('connected');
    expect(dispatcher.logins).toBe(1);
    expect(reconnections).toBe(0);

    dispatcher.open = false;
    const attemptsBefore = dispatcher.attempts;
    const droppedAt = Date.now();
    dispatcher.cut();
    // R-DISPATCH-1: reconnecting shows as connecting, the wait before the first attempt included.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(dispatchStateStore.get()).toBe('connecting');

    await expect
      .poll(() => connectFlowStore.get()?.dispatcher.phase, { timeout: 12_000 })
      .toBe('failed');
    const gaveUpAfterMs = Date.now() - droppedAt;
    // The drop counts 1, each failed reconnect 1 more: past 2 the flow stops, after 2 attempts.
    expect(dispatcher.attempts - attemptsBefore).toBe(2);
    expect(connectFlowStore.get()?.dispatcher.attempts).toBe(3);
    expect(connectFlowStore.get()?.modal.buttons).toEqual([connectFlowButtons.retryDispatcher]);
    // Waiting 1 s, then 2 s, between attempts: not SignalR's own 0, 2, 10 and 30 s first.
    expect(gaveUpAfterMs).toBeLessThan(10_000);
    // Disconnected once the flow gave up.
    expect(dispatchStateStore.get()).toBe('disconnected');
    // Nothing tries again by itself once the button is offered.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(dispatcher.attempts - attemptsBefore).toBe(2);

    // Retry Dispatcher connects and logs in again; the screens are told to read again (R-LIVE-3).
    dispatcher.open = true;
    pressConnectFlowButton(connectFlowButtons.retryDispatcher);
    await expect
      .poll(() => connectFlowStore.get()?.dispatcher.phase, { timeout: 10_000 })
      .toBe('connected');
    expect(dispatcher.logins).toBe(2);
    expect(dispatchStateStore.get()).toBe('connected');
    expect(reconnections).toBe(1);
    stopListening();
  }, 30_000);

  it('counts a reconnect that succeeds as a reconnection, and starts counting afresh after it', async () => {
    let reconnections = 0;
    const stopListening = onHubReconnected(() => (reconnections += 1));
    startConnectFlow({
      classicAuthentication: 'byToken',
      skipClassic: true,
      onForcedLogout: () => undefined,
    });
    await expect
      .poll(() => connectFlowStore.get()?.dispatcher.phase, { timeout: 10_000 })
      .toBe('connected');

    dispatcher.cut();
    await expect.poll(() => reconnections, { timeout: 8_000 }).toBe(1);
    expect(connectFlowStore.get()?.dispatcher).toEqual({ phase: 'connected', attempts: 0 });
    expect(dispatcher.logins).toBe(2);
    stopListening();
  }, 20_000);
});
