/**
 * What a kind of background job is (R-JOB-1): how to check its parameters, how often to try it,
 * how long one attempt may take, and the work itself. Reports, accounting exports and credit
 * letters each register one with the job runner.
 */
import type { z } from 'zod';
import type { BackgroundJob, JobKind } from '@dispatch/domain/jobs/background-jobs';
import type { DatabaseConnection, Db, Tx } from '../db/client';
import type { PublishedEvent } from '../dispatch/publish';
import type { JobLanguage } from './job-language';

/** The job as its handler sees it: who asked for what. */
export type JobRequest = {
  id: number;
  kind: JobKind;
  title: string;
  requestedByUserId: number | null;
  requestedBy: string;
  scheduleId: number | null;
  /** 1 on the first try. */
  attempt: number;
  /** What its progress and outcome messages are written in: its requester's (job-language.ts). */
  language: JobLanguage;
};

/**
 * What a handler may do. On PGlite the database has one connection: never call `progress` (or
 * queue another job) inside a transaction of your own, or the two wait for each other.
 */
export type JobContext = {
  database: string;
  connection: DatabaseConnection;
  db: Db;
  job: JobRequest;
  now: () => Date;
  /** R-JOB-4: how far it got (0..100) and the step under way; the owner's screens follow it. */
  progress(percent: number, message?: string): Promise<void>;
};

export type JobFileOutput = { name: string; contentType: string; content: Buffer };

export type JobOutcome = {
  /** What the owner reads when it is done: "214 tickets, 3 plants". */
  message: string;
  files?: JobFileOutput[];
  result?: Record<string, unknown>;
  /**
   * Writes that belong to the job being done (an export's batch and the invoices it marks), in
   * the transaction that completes it: a job's effects exist if and only if it completed.
   */
  commit?: (tx: Tx, job: BackgroundJob) => Promise<void>;
  /** Hub messages the completion sends, in the same transaction (reportComplete_v1, ...). */
  events?: (job: BackgroundJob) => PublishedEvent[];
};

export type JobHandler<Params = unknown> = {
  kind: JobKind;
  params: z.ZodType<Params>;
  /** Attempts after the first one fails (retried with backoff, R-JOB-5). */
  retryLimit: number;
  /** A running attempt not done by then is taken as lost (its worker stopped) and retried. */
  expireInSeconds: number;
  run(context: JobContext, params: Params): Promise<JobOutcome>;
  /** Hub messages when the last attempt has failed (accountingExportFailed_v1, ...). */
  failedEvents?: (job: BackgroundJob) => PublishedEvent[];
};

/** Handlers of several parameter types in one list (the runner checks each job's own). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyJobHandler = JobHandler<any>;
