import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { createApiRoutes } from './api-routes';
import { createClassicDesktop, type DesktopSnapshot } from './classic-desktop';
import { answerPreflight, HttpError, sendJson, sendText } from './http-io';
import { createIntercomHub, intercomEvents, intercomHubName } from './intercom-hub';
import { pageSecurityPolicy, renderPage, renderPageMain } from './intercom-page';
import { silentLogger, type IntercomLogger } from './logger';
import { defaultTimings } from './signalr2/protocol';
import { createSignalR2Endpoint } from './signalr2/signalr2-endpoint';
import { createTokenChecker } from './token-check';

export type IntercomServerOptions = {
  /** The API that tokens are checked against, e.g. http://127.0.0.1:8484. */
  readonly apiUrl: string;
  readonly logger?: IntercomLogger;
  /** INTERCOM_USER: Authenticate reports this user whoever asked (the mismatch case). */
  readonly fixedUser?: string | null;
  /** INTERCOM_REQUIRE_DESKTOP_LOGIN: token login is refused (ErrorLoggingIn) until someone logs in. */
  readonly requireDesktopLogin?: boolean;
  /** Keep-alive frames go out every third of this; SignalR 2's default is 20 s. */
  readonly keepAliveTimeoutSeconds?: number;
  readonly now?: () => Date;
};

export type IntercomState = DesktopSnapshot & {
  /** Hub connections with an open socket. */
  readonly clients: number;
};

export type IntercomServer = {
  listen(port: number, host?: string): Promise<{ port: number }>;
  close(): Promise<void>;
  /** What GET /api/state answers: the classic user, the opened forms, the dirty count. */
  readonly state: IntercomState;
};

/** The hub answers any origin (the web client is served elsewhere); the page does not. */
const corsPaths = /^\/signalr(\/|$)/;

/**
 * The stand-in for the classic desktop application: its ASP.NET SignalR 2 hub at /signalr (token
 * login too, through AuthenticateWithToken), and a page showing what the web client made the
 * classic application open.
 */
export function createIntercomServer(options: IntercomServerOptions): IntercomServer {
  const logger = options.logger ?? silentLogger;
  const desktop = createClassicDesktop(options.now ? { now: options.now } : {});
  const checkToken = createTokenChecker({ apiUrl: options.apiUrl });

  const hubEndpoint = createSignalR2Endpoint({
    basePath: '/signalr',
    hubName: intercomHubName,
    timings: {
      ...defaultTimings,
      keepAliveTimeoutSeconds:
        options.keepAliveTimeoutSeconds ?? defaultTimings.keepAliveTimeoutSeconds,
    },
    invoke: (invocation, caller) => hub.invoke(invocation, caller),
    logger,
  });
  const broadcast = (event: string, args: readonly unknown[]) => hubEndpoint.broadcast(event, args);
  const hub = createIntercomHub({
    desktop,
    checkToken,
    fixedUser: options.fixedUser ?? null,
    requireDesktopLogin: options.requireDesktopLogin ?? false,
    broadcast,
  });
  const state = (): IntercomState => ({
    ...desktop.snapshot(),
    clients: hubEndpoint.connectionCount(),
  });
  const apiRoutes = createApiRoutes({
    desktop,
    broadcast,
    state,
  });

  // Whatever changed the count (a hub call, the page, a logout), every client hears the new one.
  let lastDirtyCount = 0;
  desktop.onChange((snapshot) => {
    if (snapshot.dirtyCount === lastDirtyCount) return;
    lastDirtyCount = snapshot.dirtyCount;
    broadcast(intercomEvents.dirtyFormsCount, [snapshot.dirtyCount]);
  });

  function servePage(response: ServerResponse, part: 'page' | 'main'): void {
    const nonce = randomBytes(16).toString('base64');
    const pageState = { ...state(), apiUrl: options.apiUrl };
    const html = part === 'page' ? renderPage(pageState, nonce) : renderPageMain(pageState);
    response.writeHead(200, {
      'content-type': 'text/html; charset=utf-8',
      'content-length': Buffer.byteLength(html),
      'cache-control': 'no-cache, no-store',
      'content-security-policy': pageSecurityPolicy(nonce),
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
    });
    response.end(html);
  }

  async function handleRequest(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://intercom.invalid');
    if (request.method === 'OPTIONS' && corsPaths.test(url.pathname)) {
      return answerPreflight(request, response);
    }
    if (hubEndpoint.handleRequest(request, response, url)) return;
    if (url.pathname === '/' && request.method === 'GET') return servePage(response, 'page');
    if (url.pathname === '/page-main' && request.method === 'GET') {
      return servePage(response, 'main');
    }
    if (await apiRoutes(request, response, url)) return;
    sendJson(response, 404, { message: `No ${request.method} ${url.pathname} here.` });
  }

  const server = createServer((request, response) => {
    handleRequest(request, response).catch((error: unknown) => {
      if (response.headersSent) {
        response.destroy();
      } else if (error instanceof HttpError) {
        sendJson(response, error.status, { message: error.message });
      } else {
        logger.error(`${request.method} ${request.url?.split('?')[0]} failed`, error);
        sendText(response, 500, 'The intercom stand-in failed to answer.');
      }
    });
  });
  server.on('upgrade', (request: IncomingMessage, socket, head: Buffer) => {
    const url = new URL(request.url ?? '/', 'http://intercom.invalid');
    if (!hubEndpoint.handleUpgrade(request, socket, head, url)) socket.destroy();
  });

  return {
    listen(port, host = '127.0.0.1') {
      return new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => {
          server.off('error', reject);
          resolve({ port: (server.address() as AddressInfo).port });
        });
      });
    },
    async close() {
      hubEndpoint.close();
      if (!server.listening) return;
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) =>
        server.close((error) => (error ? reject(error) : resolve())),
      );
    },
    get state() {
      return state();
    },
  };
}
