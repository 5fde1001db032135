import { and, eq, gt, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { ForceLogoutEvent } from '@dispatch/domain/session/forced-logout';
import {
  createFormPermissions,
  type FormPermission,
  type FormPermissions,
} from '@dispatch/domain/permissions';
import type { DatabaseConnection, Db, Tx } from '../db/client';
import { sessions } from '../db/schema/auth';
import { publish } from '../dispatch/publish';
import { hashToken, newAccessToken } from './tokens';

/** Who is calling: resolved from the bearer token on every request. */
export type AuthContext = {
  sessionId: number;
  userId: number;
  username: string;
  database: string;
  connection: DatabaseConnection;
  isSysadmin: boolean;
  adminOnly: boolean;
  /** An external user's customer (R-EXT-1); null for staff. */
  customerId: number | null;
  groupIds: number[];
  permissions: FormPermissions;
  expiresAt: Date;
};

/**
 * Access tokens name their database before a dot (`DEMO.k3…`), so a request reaches the right
 * named database without another header; the part after the dot is 256 random bits, and only the
 * hash of the whole token is stored.
 */
export function databaseOfToken(token: string): string | undefined {
  const dot = token.indexOf('.');
  if (dot <= 0) return undefined;
  const database = token.slice(0, dot);
  return /^[A-Z][A-Z0-9_]{0,30}$/.test(database) ? database : undefined;
}

export async function createSession(
  db: Db,
  options: {
    database: string;
    userId: number;
    seatToken: string | undefined;
    connectionId: string | undefined;
    ipAddress: string;
    now: Date;
    ttlSeconds: number;
  },
): Promise<{ token: string; expiresAt: Date }> {
  const token = `${options.database}.${newAccessToken()}`;
  const expiresAt = new Date(options.now.getTime() + options.ttlSeconds * 1000);
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    userId: options.userId,
    seatTokenHash: options.seatToken ? hashToken(options.seatToken) : null,
    connectionId: options.connectionId?.slice(0, 200) ?? null,
    createdAt: options.now,
    expiresAt,
    lastUsedAt: options.now,
    ipAddress: options.ipAddress,
  });
  return { token, expiresAt };
}

type SessionRow = {
  session_id: number;
  expires_at: Date | string;
  last_used_at: Date | string;
  user_id: number;
  user_version: number;
  username: string;
  is_sysadmin: boolean;
  admin_only: boolean;
  customer_id: number | null;
};

type Grants = { groupIds: number[]; permissions: FormPermissions };

/**
 * Every level granted to a user on a form: its own and its groups' (R-PERM-7), one row each, as
 * (form_id, permission_id). The highest of a form's rows applies (createFormPermissions).
 */
export function grantedLevels(userId: number): SQL {
  return sql`
    select form_id, permission_id from form_permissions where user_id = ${userId}
    union all
    select gp.form_id, gp.permission_id
      from group_form_permissions gp join user_groups ug on ug.group_id = gp.group_id
     where ug.user_id = ${userId}`;
}

/**
 * Groups and form permissions change rarely and are many rows (a dispatcher has hundreds of forms),
 * so they are cached per user and user version: whoever changes a user's groups or permissions,
 * or a group's permissions, bumps `users.version` (of each member), which retires the cached entry.
 * The session itself is read on every request, so logout and revocation act at once.
 */
const grantsCache = new Map<string, Grants>();
const grantsCacheLimit = 1000;

async function loadGrants(
  connection: DatabaseConnection,
  row: SessionRow,
  database: string,
  onWarning: (warning: string) => void,
): Promise<Grants> {
  const key = `${database}:${row.user_id}:${row.user_version}`;
  const cached = grantsCache.get(key);
  if (cached) return cached;
  const { rows } = await connection.db.execute<{
    group_ids: number[] | null;
    permissions: [number, number][] | string | null;
  }>(sql`
    select (select array_agg(g.group_id order by g.group_id) from user_groups g where g.user_id = ${row.user_id}) as group_ids,
           (select json_agg(json_build_array(p.form_id, p.permission_id)) from (${grantedLevels(row.user_id)}) p) as permissions`);
  const grantsRow = rows[0];
  const pairs: [number, number][] =
    typeof grantsRow?.permissions === 'string'
      ? (JSON.parse(grantsRow.permissions) as [number, number][])
      : (grantsRow?.permissions ?? []);
  const entries: FormPermission[] = pairs.map(([formId, permission]) => ({ formId, permission }));
  const grants = {
    groupIds: (grantsRow?.group_ids ?? []).map(Number),
    permissions: createFormPermissions(entries, onWarning),
  };
  if (grantsCache.size >= grantsCacheLimit) grantsCache.clear();
  grantsCache.set(key, grants);
  return grants;
}

/** The live session a token names, or undefined when it is unknown, revoked, expired or its user inactive. */
export async function findSession(
  connection: DatabaseConnection,
  options: { database: string; token: string; now: Date; onWarning: (warning: string) => void },
): Promise<AuthContext | undefined> {
  const { rows } = await connection.db.execute<SessionRow>(sql`
    select s.id as session_id, s.expires_at, s.last_used_at,
           u.id as user_id, u.version as user_version, u.username, u.is_sysadmin, u.admin_only, u.customer_id
      from sessions s join users u on u.id = s.user_id
     where s.token_hash = ${hashToken(options.token)}
       and s.revoked_at is null
       and s.expires_at > ${options.now.toISOString()}
       and not u.inactive_flag`);
  const row = rows[0];
  if (!row) return undefined;
  const lastUsed = new Date(row.last_used_at);
  if (options.now.getTime() - lastUsed.getTime() > 60_000) {
    // Touch at most once a minute: a write per request would cost more than the read it follows.
    await connection.db
      .update(sessions)
      .set({ lastUsedAt: options.now })
      .where(eq(sessions.id, row.session_id));
  }
  const grants = await loadGrants(connection, row, options.database, options.onWarning);
  return {
    sessionId: row.session_id,
    userId: row.user_id,
    username: row.username,
    database: options.database,
    connection,
    isSysadmin: row.is_sysadmin,
    adminOnly: row.admin_only,
    customerId: row.customer_id,
    groupIds: grants.groupIds,
    permissions: grants.permissions,
    expiresAt: new Date(row.expires_at),
  };
}

/**
 * Ends sessions and, in the same transaction, tells their hub connections (logoutEvent_v1,
 * R-ENTITY-37) and every process's session cache; answers how many were ended.
 */
async function endSessions(
  db: Db | Tx,
  where: SQL | undefined,
  now: Date,
  event: ForceLogoutEvent,
): Promise<number> {
  return db.transaction(async (tx) => {
    const ended = await tx
      .update(sessions)
      .set({ revokedAt: now })
      .where(and(where, isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
      .returning({ id: sessions.id });
    if (ended.length > 0) {
      await publish(tx, {
        name: 'logoutEvent_v1',
        data: event,
        sessionIds: ended.map((session) => session.id),
      });
    }
    return ended.length;
  });
}

/**
 * The sessions of these users still open: where a message for those users only goes (their quick
 * menu, their permissions, their background jobs), never to the whole database.
 */
export async function liveSessionIdsOf(db: Db | Tx, userIds: readonly number[]): Promise<number[]> {
  if (userIds.length === 0) return [];
  const live = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(
      and(
        inArray(sessions.userId, [...userIds]),
        isNull(sessions.revokedAt),
        sql`${sessions.expiresAt} > now()`,
      ),
    );
  return live.map((session) => session.id);
}

export async function revokeSession(db: Db | Tx, sessionId: number, now: Date): Promise<void> {
  await endSessions(db, eq(sessions.id, sessionId), now, { logoutType: 'none', identifier: null });
}

/** Ends every live session of a user. */
export function revokeUserSessions(db: Db | Tx, userId: number, now: Date): Promise<number> {
  return endSessions(db, eq(sessions.userId, userId), now, {
    logoutType: 'none',
    identifier: null,
  });
}

/** Ends every live session opened from one browser seat; the event names the seat (R-LOGOUT-4). */
export function revokeSeatSessions(db: Db | Tx, seatToken: string, now: Date): Promise<number> {
  return endSessions(db, eq(sessions.seatTokenHash, hashToken(seatToken)), now, {
    logoutType: 'seatId',
    identifier: seatToken,
  });
}
