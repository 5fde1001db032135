import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { WebSocket, WebSocketServer } from 'ws';
import { readAccessToken } from './access-token';
import { newRandomId } from './connection-tokens';
import type { ConnectionTokens } from './connection-tokens';
import {
  answerJson,
  answerPreflight,
  answerText,
  refuseUpgrade,
  setCorsHeaders,
  type OriginRule,
} from './http-responses';
import type { HubLogger, HubOptions } from './types';

const AVAILABLE_TRANSPORTS = [{ transport: 'WebSockets', transferFormats: ['Text', 'Binary'] }];
const UNAUTHORIZED_HEADERS = { 'WWW-Authenticate': 'Bearer' };

type Route = { kind: 'negotiate' | 'connect'; query: URLSearchParams };

export type EndpointDeps<TUser> = {
  path: string;
  authenticate: HubOptions<TUser>['authenticate'];
  allowedOrigin: OriginRule;
  logger: HubLogger;
  tokens: ConnectionTokens;
  webSocketServer: WebSocketServer;
  isClosing(): boolean;
  /** connectionToken is undefined for skipNegotiation connections. */
  /** transport is the socket ws upgraded, kept so broadcasts can write pre-built frames. */
  startConnection(
    socket: WebSocket,
    transport: Duplex,
    connectionId: string,
    connectionToken: string | undefined,
    user: TUser,
  ): void;
};

function ignoreSocketError(): void {}

function normalisePath(path: string): string {
  const trimmed = path.replace(/\/+$/, '');
  return (trimmed === '' ? '/' : trimmed).toLowerCase();
}

/** negotiate v0 and v1; a client asking for a later version gets the latest this server speaks. */
function parseNegotiateVersion(query: URLSearchParams): 0 | 1 | undefined {
  const text = query.get('negotiateVersion');
  if (text === null) {
    return 0;
  }
  if (!/^\d{1,9}$/.test(text)) {
    return undefined;
  }
  return Number(text) >= 1 ? 1 : 0;
}

/** The HTTP side of a hub: negotiate, CORS, and the WebSocket upgrade at the hub path. */
export function createHubEndpoints<TUser>(deps: EndpointDeps<TUser>) {
  const hubPath = normalisePath(deps.path);
  const negotiatePath = normalisePath(`${hubPath}/negotiate`);

  function matchRoute(url: string | undefined): Route | undefined {
    let parsed: URL;
    try {
      parsed = new URL(url ?? '/', 'http://hub.invalid');
    } catch {
      return undefined;
    }
    // ASP.NET Core routing ignores case and a trailing slash; so does the official client's URL building.
    const path = normalisePath(parsed.pathname);
    if (path === hubPath) {
      return { kind: 'connect', query: parsed.searchParams };
    }
    if (path === negotiatePath) {
      return { kind: 'negotiate', query: parsed.searchParams };
    }
    return undefined;
  }

  /** undefined: rejected; 'failed': the host's authenticate threw (logged, never with the token). */
  async function authenticate(
    request: IncomingMessage,
    query: URLSearchParams,
  ): Promise<{ user: TUser } | 'rejected' | 'failed'> {
    try {
      const user = await deps.authenticate(readAccessToken(request, query), request);
      return user === undefined ? 'rejected' : { user };
    } catch (error) {
      deps.logger.error({ err: error }, 'signalr authenticate failed');
      return 'failed';
    }
  }

  async function negotiate(
    request: IncomingMessage,
    response: ServerResponse,
    query: URLSearchParams,
  ): Promise<void> {
    const version = parseNegotiateVersion(query);
    if (version === undefined) {
      answerText(response, 400, 'The client requested an invalid negotiate version.');
      return;
    }
    const outcome = await authenticate(request, query);
    if (outcome === 'failed') {
      answerText(response, 500, 'Authentication failed on the server.');
      return;
    }
    if (outcome === 'rejected') {
      answerText(response, 401, 'Unauthorized.', UNAUTHORIZED_HEADERS);
      return;
    }
    if (deps.isClosing()) {
      answerText(response, 503, 'The hub is shutting down.');
      return;
    }
    const { connectionId, connectionToken } = deps.tokens.issue(version, Date.now());
    answerJson(
      response,
      version === 0
        ? { negotiateVersion: 0, connectionId, availableTransports: AVAILABLE_TRANSPORTS }
        : {
            negotiateVersion: 1,
            connectionId,
            connectionToken,
            availableTransports: AVAILABLE_TRANSPORTS,
          },
    );
  }

  /** Returns false when the request is not for this hub, so the host's handlers can have it. */
  function handleRequest(request: IncomingMessage, response: ServerResponse): boolean {
    const route = matchRoute(request.url);
    if (route === undefined) {
      return false;
    }
    // Bodies are never read (negotiate's is empty); drain so the connection can be reused.
    request.resume();
    if (request.method === 'OPTIONS') {
      answerPreflight(request, response, deps.allowedOrigin);
      return true;
    }
    setCorsHeaders(request, response, deps.allowedOrigin);
    if (deps.isClosing()) {
      answerText(response, 503, 'The hub is shutting down.');
      return true;
    }
    if (route.kind === 'negotiate') {
      if (request.method !== 'POST') {
        answerText(response, 405, 'Negotiate takes POST.', { Allow: 'POST, OPTIONS' });
        return true;
      }
      negotiate(request, response, route.query).catch((error: unknown) => {
        deps.logger.error({ err: error }, 'signalr negotiate failed');
        if (!response.headersSent) {
          answerText(response, 500, 'Negotiate failed on the server.');
        }
      });
      return true;
    }
    if (request.method === 'GET') {
      answerText(response, 400, 'This hub accepts WebSocket connections only.');
    } else {
      answerText(response, 405, 'This hub accepts WebSocket connections only.', {
        Allow: 'GET, OPTIONS',
      });
    }
    return true;
  }

  async function accept(
    request: IncomingMessage,
    socket: Duplex,
    head: Buffer,
    query: URLSearchParams,
  ): Promise<void> {
    if (deps.isClosing()) {
      refuseUpgrade(socket, 503, 'The hub is shutting down.');
      return;
    }
    const outcome = await authenticate(request, query);
    if (outcome === 'failed') {
      refuseUpgrade(socket, 500, 'Authentication failed on the server.');
      return;
    }
    if (outcome === 'rejected') {
      refuseUpgrade(socket, 401, 'Unauthorized.', UNAUTHORIZED_HEADERS);
      return;
    }
    if (deps.isClosing()) {
      refuseUpgrade(socket, 503, 'The hub is shutting down.');
      return;
    }
    if (socket.destroyed) {
      return;
    }
    const token = query.get('id') ?? undefined;
    let connectionId: string;
    if (token === undefined) {
      // skipNegotiation: the client connects straight away, so this is a fresh connection.
      connectionId = newRandomId();
    } else {
      const claim = deps.tokens.claim(token, Date.now());
      if (claim.kind === 'unknown') {
        refuseUpgrade(socket, 404, 'No connection with this id.');
        return;
      }
      if (claim.kind === 'conflict') {
        refuseUpgrade(socket, 409, 'Another socket is already using this connection.');
        return;
      }
      connectionId = claim.connectionId;
    }
    let started = false;
    socket.once('close', () => {
      // ws refused the handshake (bad key, version, ...): the claimed token will never be used.
      if (!started && token !== undefined) {
        deps.tokens.release(token);
      }
    });
    deps.webSocketServer.handleUpgrade(request, socket, head, (webSocket) => {
      started = true;
      deps.startConnection(webSocket, socket, connectionId, token, outcome.user);
    });
  }

  /** Returns false when the upgrade is not for this hub. */
  function handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): boolean {
    const route = matchRoute(request.url);
    if (route === undefined) {
      return false;
    }
    if (route.kind !== 'connect' || request.headers.upgrade?.toLowerCase() !== 'websocket') {
      refuseUpgrade(socket, 400, 'Only WebSocket upgrades at the hub path are accepted.');
      return true;
    }
    // The client may hang up while authenticate runs or while a refusal is written; an 'error'
    // without a listener would crash the process. Once upgraded, ws handles the socket's errors.
    socket.on('error', ignoreSocketError);
    accept(request, socket, head, route.query).catch((error: unknown) => {
      deps.logger.error({ err: error }, 'signalr upgrade failed');
      refuseUpgrade(socket, 500, 'The connection failed on the server.');
    });
    return true;
  }

  return { handleRequest, handleUpgrade };
}
