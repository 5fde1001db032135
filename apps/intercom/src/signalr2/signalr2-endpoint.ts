import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import type { IntercomLogger } from '../logger';
import { allowCors, sendJson, sendText } from '../http-io';
import { createConnectionTokens } from './connection-tokens';
import { HubException, HubResolutionError, hubNotResolved } from './hub-errors';
import {
  hubError,
  hubEventMessage,
  hubResult,
  initMessage,
  keepAliveMessage,
  negotiateAnswer,
  parseConnectionData,
  parseHubInvocation,
  protocolVersionFor,
  type ConnectionTimings,
  type HubInvocation,
} from './protocol';

/** One client of the hub, as a hub method sees its caller. */
export type HubCaller = {
  readonly connectionId: string;
  send(event: string, args: readonly unknown[]): void;
};

export type SignalR2EndpointOptions = {
  /** Where the endpoint lives, e.g. '/signalr'. */
  readonly basePath: string;
  /** The hub's name as events carry it; clients address it in any case. */
  readonly hubName: string;
  readonly timings: ConnectionTimings;
  /** Runs a hub method; its result goes back as R. Throw HubException to refuse. */
  readonly invoke: (invocation: HubInvocation, caller: HubCaller) => Promise<unknown>;
  readonly logger: IntercomLogger;
};

export type SignalR2Endpoint = {
  /** Answers requests under the base path; false for any other path. */
  handleRequest(request: IncomingMessage, response: ServerResponse, url: URL): boolean;
  /** Takes WebSocket upgrades under the base path; false for any other path. */
  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer, url: URL): boolean;
  /** Calls a client method on every connection subscribed to the hub. */
  broadcast(event: string, args: readonly unknown[]): void;
  /** Connections with an open socket. */
  connectionCount(): number;
  close(): void;
};

type Connection = {
  readonly id: string;
  subscribed: boolean;
  socket: WebSocket | null;
  cursor: number;
  keepAlive: NodeJS.Timeout | null;
  /** Forgets the connection when no reconnect came within the disconnect timeout. */
  expiry: NodeJS.Timeout | null;
  /** The invocation running now: the next waits for it. */
  queue: Promise<void>;
};

const onlyWebSockets = 'This intercom stand-in supports the webSockets transport only.';

/**
 * ASP.NET SignalR 2 over WebSockets: negotiate, connect, start, ping, abort and reconnect, hub
 * invocations with their replies, server-to-client hub calls, and keep-alive frames. Messages
 * sent while a client is reconnecting are not replayed (SignalR 2 would replay from its cursor):
 * the intercom's events all describe current state, which a client asks for again anyway.
 */
export function createSignalR2Endpoint(options: SignalR2EndpointOptions): SignalR2Endpoint {
  const { basePath, hubName, timings, logger } = options;
  const hubKey = hubName.toLowerCase();
  const tokens = createConnectionTokens();
  const connections = new Map<string, Connection>();
  const sockets = new WebSocketServer({ noServer: true, maxPayload: 256 * 1024 });
  const keepAliveMs = Math.max(50, (timings.keepAliveTimeoutSeconds * 1000) / 3);

  const nextCursor = (connection: Connection) => `d-${(connection.cursor += 1)}`;
  const sendRaw = (connection: Connection, text: string) => {
    const { socket } = connection;
    if (socket && socket.readyState === socket.OPEN) socket.send(text);
  };
  const sendEvent = (connection: Connection, event: string, args: readonly unknown[]) =>
    sendRaw(connection, hubEventMessage(nextCursor(connection), hubName, event, args));

  function forget(connection: Connection): void {
    if (connection.keepAlive) clearInterval(connection.keepAlive);
    if (connection.expiry) clearTimeout(connection.expiry);
    connection.socket?.terminate();
    connection.socket = null;
    connections.delete(connection.id);
  }

  /** Hub names the client subscribed to must all exist, as in SignalR 2. */
  function checkHubs(url: URL): { ok: true; subscribed: boolean } | { ok: false; message: string } {
    const hubs = parseConnectionData(url.searchParams.get('connectionData'));
    if (hubs === null) return { ok: false, message: 'connectionData is not a list of hubs.' };
    const unknown = hubs.find((hub) => hub !== hubKey);
    if (unknown !== undefined) return { ok: false, message: hubNotResolved(unknown).message };
    return { ok: true, subscribed: hubs.includes(hubKey) };
  }

  async function handleInvocation(connection: Connection, invocation: HubInvocation) {
    const caller: HubCaller = {
      connectionId: connection.id,
      send: (event, args) => sendEvent(connection, event, args),
    };
    try {
      if (invocation.hub.toLowerCase() !== hubKey) throw hubNotResolved(invocation.hub);
      const result = await options.invoke(invocation, caller);
      sendRaw(connection, hubResult(invocation.id, result));
    } catch (error) {
      if (error instanceof HubException || error instanceof HubResolutionError) {
        sendRaw(connection, hubError(invocation.id, error.message, error instanceof HubException));
        return;
      }
      logger.error(`Hub method ${invocation.method} failed`, error);
      sendRaw(connection, hubError(invocation.id, 'The hub method failed.', false));
    }
  }

  function attach(connection: Connection, socket: WebSocket, reconnecting: boolean): void {
    if (connection.socket && connection.socket !== socket) connection.socket.terminate();
    if (connection.expiry) clearTimeout(connection.expiry);
    connection.expiry = null;
    connection.socket = socket;
    if (!connection.keepAlive) {
      connection.keepAlive = setInterval(() => sendRaw(connection, keepAliveMessage), keepAliveMs);
    }
    socket.on('message', (data, isBinary) => {
      if (isBinary) return;
      const text = Array.isArray(data)
        ? Buffer.concat(data)
        : data instanceof ArrayBuffer
          ? Buffer.from(data)
          : data;
      const invocation = parseHubInvocation(text.toString('utf8'));
      if (!invocation) {
        logger.warn(`Ignored a message that is not a hub invocation on ${connection.id}`);
        return;
      }
      // One at a time, in order: an OpenForm sent right after AuthenticateWithToken must not
      // overtake the token check it depends on.
      connection.queue = connection.queue.then(() => handleInvocation(connection, invocation));
    });
    socket.on('close', () => {
      if (connection.socket !== socket) return;
      connection.socket = null;
      if (connection.keepAlive) clearInterval(connection.keepAlive);
      connection.keepAlive = null;
      // Kept for a while: the client reconnects to the same connection after a drop.
      connection.expiry = setTimeout(
        () => forget(connection),
        timings.disconnectTimeoutSeconds * 1000,
      );
      connection.expiry.unref();
    });
    socket.on('error', (error) =>
      logger.warn(`Socket error on ${connection.id}: ${error.message}`),
    );
    // A reconnecting client warns about an init message: only a new connection gets one.
    if (!reconnecting) sendRaw(connection, initMessage(nextCursor(connection)));
  }

  function refuseUpgrade(socket: Duplex, status: number, message: string): void {
    const reason = status === 403 ? 'Forbidden' : 'Bad Request';
    socket.end(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Type: text/plain; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(message)}\r\nConnection: close\r\n\r\n${message}`,
    );
  }

  function route(url: URL): string | null {
    if (url.pathname === basePath) return '';
    return url.pathname.startsWith(`${basePath}/`) ? url.pathname.slice(basePath.length) : null;
  }

  return {
    handleRequest(request, response, url) {
      const action = route(url);
      if (action === null) return false;
      allowCors(request, response);
      const method = request.method ?? 'GET';
      const connectionId = tokens.verify(url.searchParams.get('connectionToken'));

      if (action === '/negotiate' && method === 'GET') {
        const hubs = checkHubs(url);
        if (!hubs.ok) {
          sendText(response, 400, hubs.message);
          return true;
        }
        const issued = tokens.issue();
        sendJson(
          response,
          200,
          negotiateAnswer({
            basePath,
            ...issued,
            protocolVersion: protocolVersionFor(url.searchParams.get('clientProtocol')),
            timings,
          }),
        );
      } else if (action === '/ping' && method === 'GET') {
        sendJson(response, 200, { Response: 'pong' });
      } else if (action === '/start' && method === 'GET') {
        if (url.searchParams.get('transport') !== 'webSockets') {
          sendText(response, 400, onlyWebSockets);
        } else if (connectionId === null) {
          sendText(response, 403, 'The connection token is not valid.');
        } else if (!connections.get(connectionId)?.socket) {
          sendText(response, 400, 'Connect the WebSocket before starting the connection.');
        } else {
          sendJson(response, 200, { Response: 'started' });
        }
      } else if (action === '/abort' && method === 'POST') {
        if (connectionId === null) {
          sendText(response, 403, 'The connection token is not valid.');
        } else {
          const connection = connections.get(connectionId);
          if (connection) forget(connection);
          sendText(response, 200, '');
        }
      } else if (['/connect', '/reconnect', '/send', '/poll'].includes(action)) {
        sendText(response, 400, onlyWebSockets);
      } else if (action.startsWith(`${basePath}/`)) {
        // $.hubConnection(url) appends /signalr unless told not to: say so instead of a bare 404.
        sendText(
          response,
          404,
          `The hub is at ${basePath}: $.hubConnection(url) appends ${basePath} itself, so pass ` +
            `{ useDefaultPath: false } when the URL already ends in ${basePath}.`,
        );
      } else {
        sendText(response, 404, `${url.pathname} is not part of this SignalR endpoint.`);
      }
      return true;
    },

    handleUpgrade(request, socket, head, url) {
      const action = route(url);
      if (action === null) return false;
      if (action !== '/connect' && action !== '/reconnect') {
        refuseUpgrade(socket, 400, `No WebSocket at ${url.pathname}.`);
        return true;
      }
      if (url.searchParams.get('transport') !== 'webSockets') {
        refuseUpgrade(socket, 400, onlyWebSockets);
        return true;
      }
      const connectionId = tokens.verify(url.searchParams.get('connectionToken'));
      if (connectionId === null) {
        refuseUpgrade(socket, 403, 'The connection token is not valid.');
        return true;
      }
      const hubs = checkHubs(url);
      if (!hubs.ok) {
        refuseUpgrade(socket, 400, hubs.message);
        return true;
      }
      sockets.handleUpgrade(request, socket, head, (webSocket) => {
        const reconnecting = action === '/reconnect';
        // A reconnect after the connection was forgotten starts it afresh, with the same id:
        // the token is still valid, as it would be in SignalR 2.
        let connection = connections.get(connectionId);
        if (!connection) {
          connection = {
            id: connectionId,
            subscribed: hubs.subscribed,
            socket: null,
            cursor: 0,
            keepAlive: null,
            expiry: null,
            queue: Promise.resolve(),
          };
          connections.set(connectionId, connection);
        }
        connection.subscribed = hubs.subscribed;
        attach(connection, webSocket, reconnecting);
      });
      return true;
    },

    broadcast(event, args) {
      for (const connection of connections.values()) {
        if (connection.subscribed) sendEvent(connection, event, args);
      }
    },

    connectionCount() {
      return [...connections.values()].filter((connection) => connection.socket !== null).length;
    },

    close() {
      for (const connection of [...connections.values()]) forget(connection);
      sockets.close();
    },
  };
}
