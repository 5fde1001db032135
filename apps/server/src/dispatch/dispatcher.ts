import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import {
  createHub,
  sameHostOrigin,
  type Hub,
  type HubConnection,
  type ListeningHub,
} from '@dispatch/signalr';
import {
  databaseGroup,
  systemTypeGroup,
  type DispatchEventMap,
} from '@dispatch/domain/dispatch/dispatch-events';
import { allowedSystemTypes } from '@dispatch/domain/system-types';
import type { DatabaseConnection } from '../db/client';
import type { Tenancy } from '../db/tenancy';
import type { ChangeFeed, NotifiedEvent } from './change-feed';
import { createRecordLocks } from './record-locks';
import { hubReading, type ScaleSource, type SourceReading } from './scales';
import { createConfiguredScaleSource } from './configured-scales';
import { createSharedScales } from './shared-scales';

/** Who a hub connection belongs to: the session behind the access token it connected with. */
export type DispatchUser = {
  sessionId: number;
  userId: number;
  username: string;
  database: string;
};

/** A live session, as far as the hub needs it to let a connection in. */
export type HubSession = {
  sessionId: number;
  userId: number;
  username: string;
  customerId: number | null;
  /** The user's groups: those of system types decide which trucks and plants it hears of. */
  groupIds: readonly number[];
};

/**
 * Who holds an access token. Sessions are auth's, which sits above dispatch (auth publishes its
 * events through dispatch), so the composition hands them in (dispatch/hub-wiring.ts).
 */
export type HubSessions = {
  databaseOfToken(token: string): string | undefined;
  find(
    connection: DatabaseConnection,
    options: { database: string; token: string; now: Date; onWarning: (warning: string) => void },
  ): Promise<HubSession | undefined>;
};

/** The Login of a connection, as a method the composition adds sees it. */
export type HubLogin = { database: string; sessionId: number; token: string };

/** A call of a hub method the composition adds: only connections that called Login reach it. */
export type LoggedInCall = {
  connection: HubConnection<DispatchUser>;
  login: HubLogin;
  args: unknown[];
  log: FastifyBaseLogger;
  /**
   * The last reading of a scale the caller is subscribed to, with its frame (R-SCALE-4);
   * undefined when the caller is not subscribed or nothing has been read yet.
   */
  scaleReading: (scaleId: number) => SourceReading | undefined;
};

export type DispatcherDeps = {
  sessions: HubSessions;
  /** Hub methods of the business modules (PrintTicket), by name, handed in by the composition. */
  methods?: Record<string, (call: LoggedInCall) => unknown>;
  tenancy: Tenancy;
  changeFeed: ChangeFeed;
  now: () => Date;
  logger: FastifyBaseLogger;
  scaleSource?: ScaleSource;
  /** This process among the dispatchers of one database (ADR 011); default host, pid and a random part. */
  instanceId?: string;
  /** Keep-alive and timeouts of the hub; tests shorten them. */
  hubTimings?: { keepAliveIntervalMs?: number; clientTimeoutMs?: number };
  /** Origins besides the hub's own host whose pages may call it (HUB_ALLOWED_ORIGINS). */
  allowedOrigins?: readonly string[];
};

/** One connection as the dispatcher's connection list shows it. */
export type DispatchConnectionInfo = {
  connectionId: string;
  username: string;
  database: string;
  /** Whether it called Login (only then does it receive events). */
  loggedIn: boolean;
  /** Its access flags (SetConnectionAccessFlag), sorted. */
  accessFlags: string[];
  /** When it last called Ping; null if it never did. */
  lastPingAt: string | null;
};

export type Dispatcher = {
  hub: Hub<DispatchUser>;
  /**
   * The connections this dispatcher serves, with their access flags and last Ping (R-HUB-1):
   * what an operator reads to see who is connected and whether their screens are alive.
   */
  connections(): DispatchConnectionInfo[];
  listen(port: number, host?: string): Promise<ListeningHub>;
  close(): Promise<void>;
};

export const dispatchHubPath = '/dispatchHub';

/** After a forced logout the client is told first, then cut off: its token no longer works. */
const forcedLogoutGraceMs = 1_000;

const text = (field: string, max = 200) =>
  z
    .string({ error: `${field} is required` })
    .trim()
    .min(1, `${field} is required`)
    .max(max);
/** A record id as a hub method's argument. */
export const hubRecordId = z.coerce.number().int().min(1).max(2_147_483_647);
const loginArgs = z.tuple([
  text('username', 100),
  text('token', 500),
  z.union([z.number(), z.string(), z.null()]).optional(),
  text('database', 31),
]);
const lockArgs = z.tuple([text('table', 63), hubRecordId]);
const scaleArgs = z.tuple([hubRecordId]);
const flagArgs = z.tuple([text('flag', 50)]);
/** A connection may carry this many access flags at most: each one is memory the hub keeps. */
export const maxAccessFlags = 32;

type Session = {
  database: string;
  sessionId: number;
  /** The token the connection logged in with: PrintTicket checks the user's rights with it. */
  token: string;
  flags: Set<string>;
  scales: Set<number>;
  /** The hub groups it joined beside its database's: one per system type of the user. */
  systemTypeGroups: string[];
};
const sessionKey = 'dispatch.session';
/** When the connection last called Ping (a Date); kept outside the session, Ping needs no Login. */
const lastPingKey = 'dispatch.lastPing';

/** A hub method's arguments, or the error its caller is told. */
export function parseHubArgs<T>(schema: z.ZodType<T>, args: unknown[], method: string): T {
  const parsed = schema.safeParse(args);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw new Error(`${method}: ${issue?.message ?? 'invalid arguments'}`);
}

function sessionOf(connection: HubConnection<DispatchUser>, method: string): Session {
  const session = connection.items.get(sessionKey) as Session | undefined;
  if (!session) throw new Error(`${method}: call Login first.`);
  return session;
}

/**
 * The DispatchHub (R-HUB-1..2): connections log in to a named database, and every write committed
 * there reaches them as its event. Each dispatcher process LISTENs for itself and delivers to its
 * own connections, so any number of them can serve one database.
 */
export function createDispatcher(deps: DispatcherDeps): Dispatcher {
  const instanceId = deps.instanceId ?? `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const log = deps.logger.child({ component: 'dispatcher' });
  // Shared with the other dispatchers of each database through PostgreSQL (R-SCALEOUT-1, 2).
  const locks = createRecordLocks({
    tenancy: deps.tenancy,
    instanceId,
    liveConnectionIds: () => Array.from(hub.connections(), (connection) => connection.id),
    logger: log,
  });
  const scales = createSharedScales({
    tenancy: deps.tenancy,
    instanceId,
    source: deps.scaleSource ?? createConfiguredScaleSource({ tenancy: deps.tenancy, logger: log }),
    deliver: (database, scaleId, reading) =>
      hub.clients.group(scaleGroup(database, scaleId)).send('updateScale_v1', hubReading(reading)),
    logger: log,
  });
  const { sessions } = deps;
  const listening = new Map<string, Promise<() => void>>();

  const hub: Hub<DispatchUser> = createHub<DispatchUser>({
    path: dispatchHubPath,
    logger: log,
    // A thousand screens at a hundred events a second: one write per socket every 35 ms carries
    // everything queued, instead of one per event (a quiet hub still sends at once). Measured with
    // `npm run bench:hub` from 10 to 50 ms: shorter intervals cost more in writes than they save in
    // waiting, and the busier machine delays the API's writes too.
    sendIntervalMs: 35,
    ...deps.hubTimings,
    allowedOrigin: (origin, request) =>
      sameHostOrigin(origin, request) || (deps.allowedOrigins ?? []).includes(origin),
    async authenticate(accessToken) {
      const database = accessToken ? sessions.databaseOfToken(accessToken) : undefined;
      if (!accessToken || !database || !(await deps.tenancy.find(database))) return undefined;
      const connection = await deps.tenancy.open(database);
      const session = await sessions.find(connection, {
        database,
        token: accessToken,
        now: deps.now(),
        onWarning: (warning) => log.warn(warning),
      });
      if (!session) return undefined;
      return {
        sessionId: session.sessionId,
        userId: session.userId,
        username: session.username,
        database,
      };
    },
    methods: {
      Login: async (connection, ...args) => {
        const [username, token, , database] = parseHubArgs(loginArgs, args, 'Login');
        const name = database.toUpperCase();
        const user = connection.user;
        if (name !== user.database || sessions.databaseOfToken(token) !== name) {
          throw new Error('Login: the token does not belong to that database.');
        }
        const session = await sessions.find(await deps.tenancy.open(name), {
          database: name,
          token,
          now: deps.now(),
          onWarning: (warning) => log.warn(warning),
        });
        if (
          !session ||
          session.userId !== user.userId ||
          session.username.toLowerCase() !== username.toLowerCase()
        ) {
          throw new Error('Login: the token does not belong to that user.');
        }
        // The hub carries every customer's orders and trucks: a customer's staff gets none of it.
        if (session.customerId !== null) {
          throw new Error('Login: external users do not receive dispatch events.');
        }
        await watchDatabase(name);
        const previous = connection.items.get(sessionKey) as Session | undefined;
        for (const group of previous?.systemTypeGroups ?? [])
          hub.groups.remove(connection.id, group);
        const systemTypeGroups = allowedSystemTypes(session.groupIds).map((id) =>
          systemTypeGroup(name, id),
        );
        connection.items.set(sessionKey, {
          database: name,
          sessionId: session.sessionId,
          token,
          flags: previous?.flags ?? new Set(),
          scales: previous?.scales ?? new Set(),
          systemTypeGroups,
        } satisfies Session);
        hub.groups.add(connection.id, databaseGroup(name));
        for (const group of systemTypeGroups) hub.groups.add(connection.id, group);
        return { loggedIn: true, connectionId: connection.id, username: session.username };
      },
      Logout: (connection) => {
        leave(connection);
        return true;
      },
      // R-HUB-1: the client's liveness check. It is answered (and echoed as the ping event), and
      // the time is kept with the connection: the connection list shows each screen's last Ping.
      Ping: (connection) => {
        const now = deps.now();
        connection.items.set(lastPingKey, now);
        const ping: DispatchEventMap['ping'] = { serverTime: now.toISOString() };
        connection.send('ping', ping);
        return ping;
      },
      LockRecord: async (connection, ...args) => {
        const session = sessionOf(connection, 'LockRecord');
        const [table, id] = parseHubArgs(lockArgs, args, 'LockRecord');
        return locks.lock(session.database, table, id, {
          connectionId: connection.id,
          username: connection.user.username,
        });
      },
      UnlockRecord: async (connection, ...args) => {
        const session = sessionOf(connection, 'UnlockRecord');
        const [table, id] = parseHubArgs(lockArgs, args, 'UnlockRecord');
        return locks.unlock(session.database, table, id, connection.id);
      },
      SubscribeToScale: async (connection, ...args) => {
        const session = sessionOf(connection, 'SubscribeToScale');
        const [scaleId] = parseHubArgs(scaleArgs, args, 'SubscribeToScale');
        const { db } = await deps.tenancy.open(session.database);
        const { rows } = await db.execute<{ id: number }>(
          sql`select id from plants where id = ${scaleId} and system_type_id = 2 and not inactive_flag`,
        );
        if (!rows[0]) throw new Error(`SubscribeToScale: there is no scale ${scaleId}.`);
        session.scales.add(scaleId);
        hub.groups.add(connection.id, scaleGroup(session.database, scaleId));
        await scales.subscribe(session.database, scaleId, connection.id);
        return true;
      },
      UnsubscribeFromScale: async (connection, ...args) => {
        const session = sessionOf(connection, 'UnsubscribeFromScale');
        const [scaleId] = parseHubArgs(scaleArgs, args, 'UnsubscribeFromScale');
        await unsubscribeScale(connection, session, scaleId);
        return true;
      },
      SetConnectionAccessFlag: (connection, ...args) => {
        const session = sessionOf(connection, 'SetConnectionAccessFlag');
        const [flag] = parseHubArgs(flagArgs, args, 'SetConnectionAccessFlag');
        if (!session.flags.has(flag) && session.flags.size >= maxAccessFlags) {
          throw new Error(`SetConnectionAccessFlag: at most ${maxAccessFlags} flags.`);
        }
        session.flags.add(flag);
        return sortedFlags(session);
      },
      RemoveConnectionAccessFlag: (connection, ...args) => {
        const session = sessionOf(connection, 'RemoveConnectionAccessFlag');
        const [flag] = parseHubArgs(flagArgs, args, 'RemoveConnectionAccessFlag');
        session.flags.delete(flag);
        return sortedFlags(session);
      },
      ...Object.fromEntries(
        Object.entries(deps.methods ?? {}).map(([name, method]) => [
          name,
          (connection: HubConnection<DispatchUser>, ...args: unknown[]) => {
            const { database, sessionId, token, scales: subscribed } = sessionOf(connection, name);
            const scaleReading = (scaleId: number) =>
              subscribed.has(scaleId) ? scales.latest(database, scaleId) : undefined;
            const login = { database, sessionId, token };
            return method({ connection, login, args, log, scaleReading });
          },
        ]),
      ),
    },
    onDisconnected: (connection) => leave(connection),
  });

  function sortedFlags(session: Session): string[] {
    return [...session.flags].sort();
  }

  function scaleGroup(database: string, scaleId: number): string {
    return `scale:${database}:${scaleId}`;
  }

  async function unsubscribeScale(
    connection: HubConnection<DispatchUser>,
    session: Session,
    scaleId: number,
  ): Promise<void> {
    session.scales.delete(scaleId);
    hub.groups.remove(connection.id, scaleGroup(session.database, scaleId));
    await scales.unsubscribe(session.database, scaleId, connection.id);
  }

  /** Logout or disconnect: no more events, locks and scales let go. */
  function leave(connection: HubConnection<DispatchUser>): void {
    const session = connection.items.get(sessionKey) as Session | undefined;
    locks
      .releaseAll(session?.database ?? connection.user.database, connection.id)
      .catch((error: unknown) => log.warn({ err: error }, 'record locks were not released'));
    if (!session) return;
    for (const scaleId of [...session.scales]) {
      unsubscribeScale(connection, session, scaleId).catch((error: unknown) =>
        log.warn({ err: error }, 'a scale subscription was not ended'),
      );
    }
    hub.groups.remove(connection.id, databaseGroup(session.database));
    for (const group of session.systemTypeGroups) hub.groups.remove(connection.id, group);
    connection.items.delete(sessionKey);
  }

  async function watchDatabase(database: string): Promise<void> {
    let watch = listening.get(database);
    if (!watch) {
      watch = deps.changeFeed.subscribe(database, (event) => deliver(database, event));
      watch.catch(() => listening.delete(database));
      listening.set(database, watch);
    }
    await watch;
  }

  function deliver(database: string, event: NotifiedEvent): void {
    const data = event.data === undefined ? { ids: event.ids ?? [] } : event.data;
    if (typeof event.accessFlag === 'string') {
      deliverToFlagged(database, event.accessFlag, event, data);
      return;
    }
    if (!event.sessionIds) {
      const group =
        typeof event.systemTypeId === 'number'
          ? systemTypeGroup(database, event.systemTypeId)
          : databaseGroup(database);
      hub.clients.group(group).send(event.name, data);
      return;
    }
    // An event for some sessions (a forced logout, a user's quick menu) reaches only them; the
    // sessions a forced logout ended then lose the hub too.
    const ended = new Set(event.sessionIds);
    for (const connection of hub.connections()) {
      const session = connection.items.get(sessionKey) as Session | undefined;
      const sessionId = session?.sessionId ?? connection.user.sessionId;
      if (connection.user.database !== database || !ended.has(sessionId)) continue;
      connection.send(event.name, data);
      if (event.name === 'logoutEvent_v1') {
        leave(connection);
        setTimeout(() => connection.abort('The session was ended.'), forcedLogoutGraceMs).unref();
      }
    }
  }

  /**
   * An event for the connections that set an access flag (SetConnectionAccessFlag): only those of
   * the database holding the flag receive it, and of them, with a system type, only its users.
   */
  function deliverToFlagged(
    database: string,
    flag: string,
    event: NotifiedEvent,
    data: unknown,
  ): void {
    const typeGroup =
      typeof event.systemTypeId === 'number' ? systemTypeGroup(database, event.systemTypeId) : null;
    for (const connection of hub.connections()) {
      const session = connection.items.get(sessionKey) as Session | undefined;
      if (!session || session.database !== database || !session.flags.has(flag)) continue;
      if (typeGroup !== null && !session.systemTypeGroups.includes(typeGroup)) continue;
      connection.send(event.name, data);
    }
  }

  let server: ListeningHub | undefined;
  return {
    hub,
    connections() {
      return Array.from(hub.connections(), (connection) => {
        const session = connection.items.get(sessionKey) as Session | undefined;
        const lastPing = connection.items.get(lastPingKey) as Date | undefined;
        return {
          connectionId: connection.id,
          username: connection.user.username,
          database: session?.database ?? connection.user.database,
          loggedIn: session !== undefined,
          accessFlags: session ? sortedFlags(session) : [],
          lastPingAt: lastPing ? lastPing.toISOString() : null,
        };
      });
    },
    async listen(port, host) {
      server = await hub.listen(port, host);
      return server;
    },
    async close() {
      // Clients are told they may reconnect: another dispatcher, or this one restarted, takes them.
      await hub.close({ allowReconnect: true });
      await server?.close();
      // Scales go to another dispatcher at once; locks are let go (R-SCALEOUT-1, 2).
      await scales.close();
      await locks.close();
      const stops = await Promise.allSettled(listening.values());
      for (const stop of stops) if (stop.status === 'fulfilled') stop.value();
      listening.clear();
    },
  };
}
