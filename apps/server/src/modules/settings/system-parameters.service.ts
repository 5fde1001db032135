/**
 * The system parameters of a named database (R-PARAM-1..9): read through the domain catalogue,
 * changed with a version check, an audit row and serverConfigUpdate_v1 in one transaction, and
 * the server configuration's share kept per database until a change commits (R-PARAM-5, R-PARAM-6).
 */
import { and, desc, eq, inArray } from 'drizzle-orm';
import {
  checkParameterValue,
  parameterValue,
  serverSettingsOf,
  systemParameterCatalogue,
  systemParameterKeys,
  type ServerSettings,
  type SystemParameterKey,
  type SystemParameterRow,
  type SystemParameterValues,
} from '@dispatch/domain/settings/system-parameters';
import { recordAudit } from '../../audit/audit-trail';
import type { Db, Tx } from '../../db/client';
import { auditTrail } from '../../db/schema/audit';
import { systemParameters } from '../../db/schema/settings';
import { createFeedCache, type FeedCache } from '../../dispatch/feed-cache';
import { publish } from '../../dispatch/publish';
import type { Env } from '../../env';
import { ApiError, notFound, validationError } from '../../http/api-error';
import { apiErrorOf } from '../../http/database-errors';
import type { ServerDeps } from '../../http/server';

/** The audit trail's resource name for parameter changes. */
export const parameterAuditResource = 'systemParameters';

export const serverConfigUpdateEvent = 'serverConfigUpdate_v1';

/** R-PARAM-5: the environment's settings are the defaults a stored parameter overrides. */
export function environmentDefaults(env: Env): Partial<SystemParameterValues> {
  return { disabledForms: env.DISABLED_FORMS };
}

function defaultOf(key: SystemParameterKey, env: Env): unknown {
  return environmentDefaults(env)[key] ?? systemParameterCatalogue[key].default;
}

type StoredRow = { key: string; value: unknown; version: number; modifiedAt: Date };

async function storedRows(db: Db | Tx, keys: readonly string[]): Promise<StoredRow[]> {
  return db
    .select({
      key: systemParameters.key,
      value: systemParameters.value,
      version: systemParameters.version,
      modifiedAt: systemParameters.modifiedAt,
    })
    .from(systemParameters)
    .where(inArray(systemParameters.key, [...keys]));
}

/** R-PARAM-9: one parameter's value for a business rule (requireJobAddresses357, ...). */
export async function readSystemParameter<K extends SystemParameterKey>(
  tx: Db | Tx,
  key: K,
): Promise<SystemParameterValues[K]> {
  const [row] = await storedRows(tx, [key]);
  return parameterValue(key, row?.value);
}

/** The server configuration's share of the parameters, as stored in this database. */
export async function readServerSettings(db: Db | Tx, env: Env): Promise<ServerSettings> {
  const rows = await storedRows(db, systemParameterKeys);
  return serverSettingsOf(
    Object.fromEntries(rows.map((row) => [row.key, row.value])),
    environmentDefaults(env),
  );
}

/** Who last changed each parameter, from the audit trail (the table keeps no modifiedBy). */
async function lastChangedBy(db: Db | Tx, keys: readonly string[]): Promise<Map<string, string>> {
  const rows = await db
    .selectDistinctOn([auditTrail.recordId], {
      key: auditTrail.recordId,
      username: auditTrail.username,
    })
    .from(auditTrail)
    .where(
      and(eq(auditTrail.resource, parameterAuditResource), inArray(auditTrail.recordId, [...keys])),
    )
    .orderBy(auditTrail.recordId, desc(auditTrail.at), desc(auditTrail.id));
  return new Map(rows.map((row) => [row.key, row.username]));
}

function rowOf(
  key: SystemParameterKey,
  stored: StoredRow | undefined,
  by: string | undefined,
  env: Env,
): SystemParameterRow {
  const spec = systemParameterCatalogue[key];
  const fallback = defaultOf(key, env);
  const valid = stored !== undefined && spec.schema.safeParse(stored.value).success;
  return {
    key,
    group: spec.group,
    kind: spec.kind,
    label: spec.label,
    description: spec.description,
    value: valid ? stored.value : fallback,
    default: fallback,
    set: valid,
    version: stored?.version ?? 0,
    modifiedAt: stored ? stored.modifiedAt.toISOString() : null,
    modifiedBy: stored ? (by ?? '') : '',
  };
}

/** R-PARAM-2: every parameter of the catalogue, in catalogue order. */
export async function listSystemParameters(db: Db, env: Env): Promise<SystemParameterRow[]> {
  const [rows, by] = await Promise.all([
    storedRows(db, systemParameterKeys),
    lastChangedBy(db, systemParameterKeys),
  ]);
  const stored = new Map(rows.map((row) => [row.key, row]));
  return systemParameterKeys.map((key) => rowOf(key, stored.get(key), by.get(key), env));
}

export type ParameterChange = {
  key: string;
  value: unknown;
  /** The version the administrator read: 0 while the parameter was not stored. */
  version: number;
  username: string;
  now: Date;
  env: Env;
};

function staleParameter(key: string, current: SystemParameterRow): ApiError {
  const who = current.modifiedBy || 'someone else';
  const when = current.modifiedAt ?? 'an unknown time';
  return new ApiError(
    'conflict',
    `${current.label} was changed by ${who} at ${when} since you read it. Reload to see their change, then make yours again.`,
    {
      code: 'stale_version',
      data: {
        key,
        currentVersion: current.version,
        modifiedBy: who,
        modifiedAt: current.modifiedAt,
      },
    },
  );
}

async function currentRow(tx: Tx, key: SystemParameterKey, env: Env): Promise<SystemParameterRow> {
  const [[stored], by] = await Promise.all([storedRows(tx, [key]), lastChangedBy(tx, [key])]);
  return rowOf(key, stored, by.get(key), env);
}

/**
 * R-PARAM-3, R-PARAM-6, R-PARAM-7: checks the value, stores it if the version read is still the
 * stored one, and in the same transaction writes the audit row and publishes serverConfigUpdate_v1
 * with the configuration every client should now use.
 */
export async function changeSystemParameter(
  db: Db,
  change: ParameterChange,
): Promise<SystemParameterRow> {
  const { key } = change;
  if (!(systemParameterKeys as string[]).includes(key)) {
    throw notFound(`The system parameter ${key}`);
  }
  const parameterKey = key as SystemParameterKey;
  const checked = checkParameterValue(parameterKey, change.value);
  if (!checked.ok) throw validationError(checked.problems);
  try {
    return await db.transaction(async (tx) => {
      const before = await currentRow(tx, parameterKey, change.env);
      if (before.version !== change.version) throw staleParameter(key, before);
      const written =
        change.version === 0
          ? await tx
              .insert(systemParameters)
              .values({
                key,
                value: checked.value,
                description: systemParameterCatalogue[parameterKey].description,
                modifiedAt: change.now,
              })
              .onConflictDoNothing()
              .returning({ version: systemParameters.version })
          : await tx
              .update(systemParameters)
              .set({
                value: checked.value,
                version: change.version + 1,
                modifiedAt: change.now,
              })
              .where(
                and(eq(systemParameters.key, key), eq(systemParameters.version, change.version)),
              )
              .returning({ version: systemParameters.version });
      // Another change committed between the read and this write.
      if (written.length === 0)
        throw staleParameter(key, await currentRow(tx, parameterKey, change.env));
      await recordAudit(tx, {
        username: change.username,
        at: change.now,
        resource: parameterAuditResource,
        recordId: key,
        action: 'updated',
        before: { value: before.value, set: before.set, version: before.version },
        after: { value: checked.value, set: true, version: written[0]!.version },
      });
      await publish(tx, {
        name: serverConfigUpdateEvent,
        data: {
          key,
          version: written[0]!.version,
          by: change.username,
          config: await readServerSettings(tx, change.env),
        },
      });
      return currentRow(tx, parameterKey, change.env);
    });
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw apiErrorOf(error) ?? error;
  }
}

/**
 * The server configuration's share per database, kept until serverConfigUpdate_v1 commits there
 * (in any process), so the anonymous GET /api/v1/settings/config costs no query while nothing
 * changes. One per change feed: the settings routes and the administration routes share it.
 */
const settingsCaches = new WeakMap<object, FeedCache>();

export function serverSettingsCache(deps: ServerDeps): FeedCache {
  let cache = settingsCaches.get(deps.changeFeed);
  if (!cache) {
    cache = createFeedCache(deps.changeFeed, {
      maxAgeMs: 60_000,
      invalidatedBy: (event) => event.name === serverConfigUpdateEvent,
      maxEntriesPerDatabase: 1,
    });
    settingsCaches.set(deps.changeFeed, cache);
  }
  return cache;
}

const defaultDatabases = new WeakMap<object, { at: number; name: Promise<string | undefined> }>();
/** The catalogue of named databases changes rarely: its answer is kept this long. */
const defaultDatabaseTtlMs = 10_000;

/** The named database whose settings an anonymous caller gets when it names none: the only one, or DEMO. */
function defaultDatabase(deps: ServerDeps): Promise<string | undefined> {
  const kept = defaultDatabases.get(deps.tenancy);
  if (kept && Date.now() - kept.at < defaultDatabaseTtlMs) return kept.name;
  const name = deps.tenancy
    .list()
    .then((all) =>
      all.length === 1
        ? all[0]!.databaseName
        : all.find((database) => database.databaseName === 'DEMO')?.databaseName,
    );
  defaultDatabases.set(deps.tenancy, { at: Date.now(), name });
  name.catch(() => defaultDatabases.delete(deps.tenancy));
  return name;
}

/**
 * R-PARAM-5: the settings GET /api/v1/settings/config answers for the database the caller names
 * (the `database` header, as at login), else the default database; the environment's alone when
 * there is none. An unknown database is refused, naming the header.
 */
export async function serverSettingsFor(
  deps: ServerDeps,
  databaseHeader: string | undefined,
): Promise<ServerSettings> {
  const named = databaseHeader?.trim();
  let database: string | undefined;
  if (named) {
    database = (await deps.tenancy.find(named.toUpperCase()))?.databaseName;
    if (!database) {
      throw validationError([{ field: 'database', reason: 'is not a database of this server' }]);
    }
  } else {
    database = await defaultDatabase(deps);
  }
  if (!database) return serverSettingsOf({}, environmentDefaults(deps.env));
  const { db } = await deps.tenancy.open(database);
  return serverSettingsCache(deps).read(database, 'settings', () =>
    readServerSettings(db, deps.env),
  );
}
