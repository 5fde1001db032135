import { createServer } from 'node:http';
import type { IncomingMessage, Server as HttpServer, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import { createConnectionTokens } from './connection-tokens';
import { createFlushScheduler } from './flush-scheduler';
import { createGroupRegistry } from './group-registry';
import { encodeInvocation } from './hub-protocol';
import { createHubEndpoints } from './hub-endpoints';
import { answerText, refuseUpgrade, sameHostOrigin } from './http-responses';
import { createMemoryBackplane } from './memory-backplane';
import { SocketConnection } from './socket-connection';
import type { ConnectionHost, ConnectionTimings } from './socket-connection';
import type {
  BackplaneMessage,
  Hub,
  HubConnection,
  HubLogger,
  HubMethod,
  HubOptions,
  SendTarget,
} from './types';

const DEFAULT_KEEP_ALIVE_INTERVAL_MS = 15_000;
const DEFAULT_CLIENT_TIMEOUT_MS = 30_000;
const DEFAULT_HANDSHAKE_TIMEOUT_MS = 15_000;
const DEFAULT_MAXIMUM_MESSAGE_BYTES = 32_768;
/** How long close() lets sockets finish their closing handshake before cutting them. */
const CLOSE_GRACE_MS = 2_000;
const SHUTDOWN_ERROR = 'The server is shutting down.';

type RequestListener = (request: IncomingMessage, response: ServerResponse) => void;

const defaultLogger: HubLogger = {
  info() {},
  warn(obj, msg) {
    console.warn(msg ?? 'signalr', obj);
  },
  error(obj, msg) {
    console.error(msg ?? 'signalr', obj);
  },
};

function positive(value: number | undefined, fallback: number, name: string): number {
  const resolved = value ?? fallback;
  if (!Number.isFinite(resolved) || resolved <= 0) {
    throw new Error(`createHub: ${name} must be a positive number of milliseconds or bytes.`);
  }
  return resolved;
}

/** Case-insensitive, as ASP.NET Core matches hub method names; a Map so 'constructor' is not a method. */
function methodTable<TUser>(
  methods: Record<string, HubMethod<TUser>>,
): Map<string, HubMethod<TUser>> {
  const table = new Map<string, HubMethod<TUser>>();
  const names = new Map<string, string>();
  for (const [name, method] of Object.entries(methods)) {
    const key = name.toLowerCase();
    const clash = names.get(key);
    if (clash !== undefined) {
      throw new Error(`createHub: the hub methods '${clash}' and '${name}' differ only in case.`);
    }
    names.set(key, name);
    table.set(key, method);
  }
  return table;
}

export function createHub<TUser>(options: HubOptions<TUser>): Hub<TUser> {
  if (!/^\/[^?#]*$/.test(options.path)) {
    throw new Error(
      `createHub: path must start with '/' and hold no query, got '${options.path}'.`,
    );
  }
  const timings: ConnectionTimings = {
    keepAliveIntervalMs: positive(
      options.keepAliveIntervalMs,
      DEFAULT_KEEP_ALIVE_INTERVAL_MS,
      'keepAliveIntervalMs',
    ),
    clientTimeoutMs: positive(
      options.clientTimeoutMs,
      DEFAULT_CLIENT_TIMEOUT_MS,
      'clientTimeoutMs',
    ),
    handshakeTimeoutMs: positive(
      options.handshakeTimeoutMs,
      DEFAULT_HANDSHAKE_TIMEOUT_MS,
      'handshakeTimeoutMs',
    ),
  };
  const maximumMessageBytes = positive(
    options.maximumMessageBytes,
    DEFAULT_MAXIMUM_MESSAGE_BYTES,
    'maximumMessageBytes',
  );
  const logger = options.logger ?? defaultLogger;
  const methods = methodTable(options.methods);
  // A negotiated connection has as long to connect as a connected one has to shake hands.
  const tokens = createConnectionTokens(timings.handshakeTimeoutMs);
  const sockets = new Set<SocketConnection<TUser>>();
  const connected = new Map<string, SocketConnection<TUser>>();
  const groups = createGroupRegistry<SocketConnection<TUser>>();
  /** onConnected's completion per connection, so onDisconnected never runs before it. */
  const connectedHooks = new WeakMap<SocketConnection<TUser>, Promise<void>>();
  const backplane = options.backplane ?? createMemoryBackplane();
  const webSocketServer = new WebSocketServer({
    noServer: true,
    clientTracking: false,
    perMessageDeflate: false,
    // Frames may batch several records; each record is checked against maximumMessageBytes.
    maxPayload: Math.max(maximumMessageBytes * 4, 1024 * 1024),
  });
  let closing: Promise<void> | undefined;

  // One timer for every connection, as ASP.NET Core's heartbeat, rather than timers per socket.
  const tickMs = Math.min(
    1000,
    Math.max(
      10,
      Math.min(timings.keepAliveIntervalMs, timings.clientTimeoutMs, timings.handshakeTimeoutMs) /
        4,
    ),
  );
  const ticker = setInterval(() => {
    const now = Date.now();
    tokens.expire(now);
    for (const connection of sockets) {
      connection.checkTimers(now, timings);
    }
  }, tickMs);
  ticker.unref();

  function deliver(message: BackplaneMessage): void {
    let members: Iterable<SocketConnection<TUser>>;
    if (message.scope === 'all') {
      members = connected.values();
    } else if (message.scope === 'group') {
      const group = groups.members(message.group);
      if (group === undefined) {
        return;
      }
      members = group;
    } else {
      const connection = connected.get(message.connectionId);
      if (connection === undefined) {
        return;
      }
      members = [connection];
    }
    let record: Buffer;
    try {
      // Serialised once, then the same bytes go to every member.
      record = encodeInvocation(message.target, message.args);
    } catch (error) {
      logger.error({ err: error, target: message.target }, 'signalr send is not serialisable');
      return;
    }
    for (const connection of members) {
      connection.sendRecord(record);
    }
  }

  const unsubscribe = backplane.subscribe(deliver);

  function publish(message: BackplaneMessage): void {
    const published = backplane.publish(message);
    if (published !== undefined) {
      Promise.resolve(published).catch((error: unknown) => {
        logger.error(
          { err: error, scope: message.scope, target: message.target },
          'signalr backplane publish failed',
        );
      });
    }
  }

  const host: ConnectionHost<TUser> = {
    logger,
    maximumMessageBytes,
    flushScheduler: createFlushScheduler(options.sendIntervalMs ?? 0),
    findMethod: (name) => methods.get(name.toLowerCase()),
    handleHandshake(connection) {
      connected.set(connection.id, connection);
      logger.info({ connectionId: connection.id }, 'signalr connected');
      const { onConnected } = options;
      if (onConnected === undefined) {
        return;
      }
      // Queued first, so no invocation runs before the host has seen the connection.
      connectedHooks.set(
        connection,
        connection.enqueue(async () => {
          try {
            await onConnected(connection);
          } catch (error) {
            logger.error({ err: error, connectionId: connection.id }, 'signalr onConnected failed');
            connection.abort('The server could not set up the connection.');
          }
        }),
      );
    },
    handleClosed(connection, error) {
      sockets.delete(connection);
      if (!connection.handshaken) {
        return;
      }
      if (connected.get(connection.id) === connection) {
        connected.delete(connection.id);
      }
      groups.removeMember(connection);
      logger.info(
        { connectionId: connection.id, ...(error ? { reason: error.message } : {}) },
        'signalr disconnected',
      );
      const { onDisconnected } = options;
      if (onDisconnected === undefined) {
        return;
      }
      const afterConnected = connectedHooks.get(connection) ?? Promise.resolve();
      afterConnected
        .then(() => onDisconnected(connection, error))
        .catch((hookError: unknown) => {
          logger.error(
            { err: hookError, connectionId: connection.id },
            'signalr onDisconnected failed',
          );
        });
    },
  };

  const endpoints = createHubEndpoints<TUser>({
    path: options.path,
    authenticate: options.authenticate,
    allowedOrigin: options.allowedOrigin ?? sameHostOrigin,
    logger,
    tokens,
    webSocketServer,
    isClosing: () => closing !== undefined,
    startConnection(socket, transport, connectionId, connectionToken, user) {
      const connection = new SocketConnection(
        connectionId,
        user,
        socket,
        transport,
        host,
        Date.now(),
      );
      sockets.add(connection);
      if (connectionToken !== undefined) {
        void connection.closed.then(() => tokens.release(connectionToken));
      }
    },
  });

  function attachTo(server: HttpServer, ownsServer: boolean): void {
    // Like socket.io: take over the existing request listeners and hand them what is not ours,
    // so the host's framework never answers (or 404s) a hub request as well.
    const previous = server.listeners('request') as RequestListener[];
    server.removeAllListeners('request');
    server.on('request', (request: IncomingMessage, response: ServerResponse) => {
      if (endpoints.handleRequest(request, response)) {
        return;
      }
      for (const listener of previous) {
        listener.call(server, request, response);
      }
    });
    server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
      if (!endpoints.handleUpgrade(request, socket, head) && ownsServer) {
        refuseUpgrade(socket, 404, 'Not found.');
      }
    });
  }

  async function closeHub(allowReconnect: boolean): Promise<void> {
    clearInterval(ticker);
    tokens.clear();
    unsubscribe();
    const open = [...sockets];
    for (const connection of open) {
      connection.closeWith(SHUTDOWN_ERROR, allowReconnect);
    }
    const allClosed = Promise.all(open.map((connection) => connection.closed));
    let graceTimer: NodeJS.Timeout | undefined;
    const grace = new Promise<void>((resolve) => {
      graceTimer = setTimeout(resolve, CLOSE_GRACE_MS);
    });
    await Promise.race([allClosed, grace]);
    clearTimeout(graceTimer);
    for (const connection of sockets) {
      connection.terminate();
    }
    await allClosed;
  }

  const hub: Hub<TUser> = {
    attach(server) {
      attachTo(server, false);
    },

    async listen(port, hostname) {
      const server = createServer((_request, response) => answerText(response, 404, 'Not found.'));
      attachTo(server, true);
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, hostname, () => {
          server.off('error', reject);
          resolve();
        });
      });
      const address = server.address() as AddressInfo;
      return {
        port: address.port,
        async close() {
          await hub.close();
          await new Promise<void>((resolve) => {
            server.close(() => resolve());
            server.closeAllConnections();
          });
        },
      };
    },

    clients: {
      all: { send: (target, ...args) => publish({ scope: 'all', target, args }) },
      group: (group): SendTarget => ({
        send: (target, ...args) => publish({ scope: 'group', group, target, args }),
      }),
      connection: (connectionId): SendTarget => ({
        send: (target, ...args) => publish({ scope: 'connection', connectionId, target, args }),
      }),
    },

    groups: {
      add(connectionId, group) {
        const connection = connected.get(connectionId);
        if (connection !== undefined) {
          groups.add(connection, group);
        }
      },
      remove(connectionId, group) {
        const connection = connected.get(connectionId);
        if (connection !== undefined) {
          groups.remove(connection, group);
        }
      },
    },

    connections(): Iterable<HubConnection<TUser>> {
      return connected.values();
    },

    close(closeOptions) {
      closing ??= closeHub(closeOptions?.allowReconnect === true);
      return closing;
    },
  };
  return hub;
}
