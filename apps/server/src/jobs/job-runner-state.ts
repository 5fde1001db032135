/**
 * What the job runner's parts share: its dependencies, settings, registered handlers and hooks,
 * and the queue of each database it started.
 */
import type PgBoss from 'pg-boss';
import type { BackgroundJob, JobKind } from '@dispatch/domain/jobs/background-jobs';
import type { Tenancy } from '../db/tenancy';
import type { AnyJobHandler } from './job-handler';
import type { CompletionHook, EnqueueRequest, JobTicker } from './job-runner';

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
  /** pg-boss worker ids by database and kind, to wake the worker when a job is sent. */
  workers: Map<string, string>;
  handlerOf(kind: string): AnyJobHandler;
  bossOf(database: string): Promise<PgBoss>;
  enqueue(database: string, request: EnqueueRequest): Promise<BackgroundJob>;
  tick(database: string): Promise<void>;
};

/** Database names are case-insensitive: one queue per database whatever its spelling. */
export const databaseKey = (database: string) => database.toUpperCase();
