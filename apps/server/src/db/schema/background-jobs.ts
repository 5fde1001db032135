/**
 * Background jobs as their users see them (R-JOB-1..R-JOB-10). pg-boss keeps the queue itself
 * (its own `pgboss` schema: attempts, retries, expiry, cron); these rows keep what a job is for,
 * who asked, how far it got and what it made, so any API process can answer for it.
 */
import { sql } from 'drizzle-orm';
import {
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth';
import { identityId, timestamptz } from './columns';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  // PGlite answers a Uint8Array, node-postgres a Buffer: one type for the code that reads it.
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

export const backgroundJobs = pgTable(
  'background_jobs',
  {
    id: identityId(),
    /** The pg-boss job that runs it (its id is chosen here, so a lost send can be sent again). */
    queueJobId: uuid().notNull(),
    kind: text().notNull(),
    title: text().notNull(),
    params: jsonb().notNull(),
    state: text().notNull().default('queued'),
    progress: smallint().notNull().default(0),
    message: text(),
    attempts: integer().notNull().default(0),
    requestedByUserId: integer().references(() => users.id),
    requestedBy: text().notNull(),
    scheduleId: integer(),
    result: jsonb(),
    createdAt: timestamptz().notNull().defaultNow(),
    startedAt: timestamptz(),
    finishedAt: timestamptz(),
  },
  (t) => [
    index('background_jobs_requested_by_idx').on(t.requestedByUserId, t.id),
    index('background_jobs_state_idx').on(t.state),
    index('background_jobs_queue_job_id_idx').on(t.queueJobId),
    check(
      'background_jobs_state_check',
      sql`${t.state} in ('queued', 'running', 'retrying', 'completed', 'failed', 'cancelled')`,
    ),
    check('background_jobs_progress_check', sql`${t.progress} between 0 and 100`),
  ],
);

/** What a job made: a PDF, a CSV, an export file. Kept in the database so any process serves it. */
export const backgroundJobFiles = pgTable(
  'background_job_files',
  {
    id: identityId(),
    jobId: integer()
      .notNull()
      .references(() => backgroundJobs.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    contentType: text().notNull(),
    size: integer().notNull(),
    content: bytea().notNull(),
    createdAt: timestamptz().notNull().defaultNow(),
  },
  (t) => [index('background_job_files_job_id_idx').on(t.jobId)],
);
