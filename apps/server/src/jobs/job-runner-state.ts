/**
 * What the job runner's parts share: its dependencies, settings, registered handlers and hooks,
 * and the queue of each database it started.
 */
import type PgBoss from 'pg-boss';
import type { BackgroundJob, JobKind } from '@dispatch/domain/jobs/background-jobs';
import type { Tenancy } from '../db/tenancy';
import type { AnyJobHandler } from './job-handler';
import type { DatabaseConnection, Tx } from '../db/client';

export type EnqueueRequest = {
  kind: JobKind;
  title: string;
  params: unknown;
  requestedByUserId: number | null;
  requestedBy: string;
  scheduleId?: number | null;
};

/** Work done once a minute per database, by one process: due schedules become jobs (R-JOB-7). */
export type JobTicker = (context: {
  database: string;
  connection: DatabaseConnection;
  now: Date;
  enqueue: (request: EnqueueRequest) => Promise<BackgroundJob>;
}) => Promise<void>;

/**
 * Another module's part in a job's completion (a scheduled report's inbox entries), run in the
 * transaction that completes it; the jobs it answers are queued once that transaction commits.
 */
export type CompletionHook = (tx: Tx, job: BackgroundJob) => Promise<EnqueueRequest[] | void>;

/**
 * Another module's part in a job's final failure (a scheduled report's e-mail given up on), run
 * in the transaction that records it.
 */
export type FailureHook = (tx: Tx, job: BackgroundJob) => Promise<void>;

export type Logger = {
  info(object: object, message?: string): void;
  warn(object: object, message?: string): void;
  error(object: object, message?: string): void;
};

export type RunnerSettings = {
  pollingIntervalSeconds: number;
  maintenanceIntervalSeconds: number;
  expireInSeconds?: number;
  retryDelaySeconds: number;
  resendAfterSeconds: number;
};

export type RunnerState = {
  tenancy: Tenancy;
  now: () => Date;
  logger: Logger;
  options: RunnerSettings;
  handlers: Map<JobKind, AnyJobHandler>;
  tickers: JobTicker[];
  completionHooks: { kind: JobKind; hook: CompletionHook }[];
  failureHooks: { kind: JobKind; hook: FailureHook }[];
  /** pg-boss worker ids by database and kind, to wake the worker when a job is sent. */
  workers: Map<string, string>;
  handlerOf(kind: string): AnyJobHandler;
  bossOf(database: string): Promise<PgBoss>;
  enqueue(database: string, request: EnqueueRequest): Promise<BackgroundJob>;
  tick(database: string): Promise<void>;
};

/** Database names are case-insensitive: one queue per database whatever its spelling. */
export const databaseKey = (database: string) => database.toUpperCase();
