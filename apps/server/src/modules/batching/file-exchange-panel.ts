/**
 * R-BATCH-10: the file exchange of the plants whose batch system has no live link. A load sent to
 * such a plant becomes `<ticketNumber>-<attempt>.job.json` in its outbox; the inboxes of the
 * file-exchange plants of every watched database are watched for the answers, which
 * file-exchange-results.ts takes. A database is watched from when the app first meets it, and its
 * plants are read again every few seconds, so a plant switched over, or given another inbox, is
 * followed without a restart.
 */
import path from 'node:path';
import { and, eq, isNotNull } from 'drizzle-orm';
import {
  batchJobFileName,
  batchJobFileSchema,
  type BatchPanelProtocol,
} from '@dispatch/domain/batching/batch-panel-files';
import type { Db } from '../../db/client';
import { plants } from '../../db/schema/plants';
import type { Tenancy } from '../../db/tenancy';
import type { BatchJob } from './batch-panel';
import {
  errorCode,
  messageOf,
  watchFolder,
  writeFileAtomically,
  type FolderWatch,
} from './exchange-folder';
import { takeResultFile } from './file-exchange-results';

export type Logger = {
  info(object: object, message?: string): void;
  warn(object: object, message?: string): void;
};

export type BatchPanelSettings = {
  protocol: BatchPanelProtocol;
  outbox: string | null;
  inbox: string | null;
};

/** A blank folder setting is none; a set one is made absolute once, so two spellings match. */
const folderOf = (value: string | null) => (value?.trim() ? path.resolve(value.trim()) : null);

/** How the plant's loads reach its batch panel, read at each send. */
export async function batchPanelSettingsOf(
  db: Db,
  plantId: number,
): Promise<BatchPanelSettings | undefined> {
  const [plant] = await db
    .select({
      protocol: plants.batchPanelProtocol,
      outbox: plants.batchPanelOutbox,
      inbox: plants.batchPanelInbox,
    })
    .from(plants)
    .where(eq(plants.id, plantId));
  if (!plant) return undefined;
  return {
    protocol: plant.protocol as BatchPanelProtocol,
    outbox: folderOf(plant.outbox),
    inbox: folderOf(plant.inbox),
  };
}

/** The inbox of each file-exchange plant of the database, by plant. */
async function inboxesOf(db: Db): Promise<Map<number, string>> {
  const rows = await db
    .select({ plantId: plants.id, inbox: plants.batchPanelInbox })
    .from(plants)
    .where(and(eq(plants.batchPanelProtocol, 'file-exchange'), isNotNull(plants.batchPanelInbox)));
  return new Map(
    rows.flatMap((row): [number, string][] => {
      const inbox = folderOf(row.inbox);
      return inbox ? [[row.plantId, inbox]] : [];
    }),
  );
}

function outboxProblem(error: unknown, outbox: string): string {
  switch (errorCode(error)) {
    case 'ENOENT':
      return `the outbox folder ${outbox} does not exist`;
    case 'ENOTDIR':
      return `the outbox ${outbox} is not a folder`;
    case 'EACCES':
    case 'EPERM':
    case 'EROFS':
      return `the outbox folder ${outbox} may not be written`;
    default:
      return `the outbox folder ${outbox} could not be written (${messageOf(error)})`;
  }
}

/** Writes the job's file into the outbox, whole; rejects with the reason the batchman reads. */
export async function writeJobFile(outbox: string, job: BatchJob): Promise<string> {
  const name = batchJobFileName(job.ticketNumber, job.attempt);
  // The file holds the job without its database, the server's own business: zod drops the key.
  const file = batchJobFileSchema.safeParse(job);
  if (!file.success) {
    throw new Error(`job file ${name} was not written: ${file.error.issues[0]?.message ?? ''}`);
  }
  try {
    await writeFileAtomically(outbox, name, `${JSON.stringify(file.data, null, 2)}\n`);
  } catch (error) {
    throw new Error(`${outboxProblem(error, outbox)}: job file ${name} was not written.`, {
      cause: error,
    });
  }
  return name;
}

export type FileExchangeOptions = {
  /** The inboxes' periodic scan, behind fs.watch (unreliable on network shares): 1 s by default. */
  scanIntervalMs?: number;
  /** How often a watched database's file-exchange plants are read again: 5 s by default. */
  refreshIntervalMs?: number;
};

export type FileExchange = {
  /** Writes the job file; rejects, with the reason, when the plant's folders do not allow it. */
  send(job: BatchJob, settings: BatchPanelSettings): Promise<void>;
  /** Watches the database's file-exchange plants' inboxes from now on (idempotent, cheap). */
  watchDatabase(database: string): void;
  /** Watches every database of the tenancy. */
  watchAll(): Promise<void>;
  close(): Promise<void>;
};

type WatchedInbox = { inbox: string; watch: FolderWatch };
type WatchedDatabase = {
  name: string;
  timer: NodeJS.Timeout;
  refreshing: Promise<void> | undefined;
  inboxes: Map<number, WatchedInbox>;
  lastError: string | undefined;
};

export function createFileExchange(deps: {
  tenancy: Tenancy;
  now: () => Date;
  logger: Logger;
  options?: FileExchangeOptions;
}): FileExchange {
  const scanIntervalMs = deps.options?.scanIntervalMs ?? 1_000;
  const refreshIntervalMs = deps.options?.refreshIntervalMs ?? 5_000;
  const databases = new Map<string, WatchedDatabase>();
  const stopping = new Set<Promise<void>>();
  let closed = false;

  const stop = (watched: WatchedInbox) => {
    const closing = watched.watch.close();
    stopping.add(closing);
    void closing.finally(() => stopping.delete(closing));
  };

  const watchInbox = (database: WatchedDatabase, plantId: number, inbox: string) => {
    const current = database.inboxes.get(plantId);
    if (closed || current?.inbox === inbox) return;
    if (current) stop(current);
    const context = { database: database.name, plantId, inbox };
    const watch = watchFolder(inbox, {
      intervalMs: scanIntervalMs,
      accept: (name) => !name.startsWith('.') && name.endsWith('.result.json'),
      async onFile(name) {
        const { db } = await deps.tenancy.open(database.name);
        const outcome = await takeResultFile({ db, plantId, inbox, now: deps.now }, name);
        if (outcome.kind === 'applied') {
          deps.logger.info({ ...context, file: name }, 'batch panel result applied');
        } else if (outcome.kind !== 'later') {
          deps.logger.warn(
            { ...context, file: name, reason: outcome.reason },
            `batch panel result ${outcome.kind}`,
          );
        }
      },
      onError: (error, name) =>
        deps.logger.warn({ ...context, file: name, err: error }, 'batch panel inbox not read'),
    });
    database.inboxes.set(plantId, { inbox, watch });
  };

  const refresh = async (database: WatchedDatabase) => {
    try {
      const { db } = await deps.tenancy.open(database.name);
      const inboxes = await inboxesOf(db);
      if (closed) return;
      for (const [plantId, inbox] of inboxes) watchInbox(database, plantId, inbox);
      for (const [plantId, watched] of database.inboxes) {
        if (inboxes.has(plantId)) continue;
        database.inboxes.delete(plantId);
        stop(watched);
      }
      database.lastError = undefined;
    } catch (error) {
      // A database that cannot be read now is tried again at the next refresh; said once.
      if (messageOf(error) === database.lastError) return;
      database.lastError = messageOf(error);
      deps.logger.warn(
        { database: database.name, err: error },
        'batch panel file exchange plants not read',
      );
    }
  };
  const refreshNow = (database: WatchedDatabase) => {
    if (closed || database.refreshing) return;
    database.refreshing = refresh(database).finally(() => {
      database.refreshing = undefined;
    });
  };

  const watched = (name: string): WatchedDatabase | undefined => {
    const key = name.toUpperCase();
    const known = databases.get(key);
    if (known || closed) return known;
    const database: WatchedDatabase = {
      name: key,
      timer: setInterval(() => refreshNow(database), refreshIntervalMs),
      refreshing: undefined,
      inboxes: new Map(),
      lastError: undefined,
    };
    database.timer.unref();
    databases.set(key, database);
    refreshNow(database);
    return database;
  };

  return {
    async send(job, settings) {
      if (!settings.outbox) throw new Error("no outbox folder is set for the plant's batch panel.");
      if (!settings.inbox) throw new Error("no inbox folder is set for the plant's batch panel.");
      // Its answer is watched for from now, not from the next reading of the plants.
      const database = watched(job.database);
      if (database) watchInbox(database, job.plantId, settings.inbox);
      await writeJobFile(settings.outbox, job);
    },
    watchDatabase(database) {
      watched(database);
    },
    async watchAll() {
      for (const database of await deps.tenancy.list()) watched(database.databaseName);
    },
    async close() {
      closed = true;
      for (const database of databases.values()) {
        clearInterval(database.timer);
        await database.refreshing;
        for (const inbox of database.inboxes.values()) stop(inbox);
        database.inboxes.clear();
      }
      databases.clear();
      await Promise.all([...stopping]);
    },
  };
}
