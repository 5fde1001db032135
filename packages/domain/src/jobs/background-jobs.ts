/**
 * Background jobs (R-JOB-1..R-JOB-10): reports, accounting exports, credit letters and scheduled
 * runs go through one queue; the user who started a job follows its progress and opens what it
 * made. One contract for the server that runs jobs and the web that shows them.
 */
import { z } from 'zod';

/** What the queue runs. A kind is registered with its handler on the server. */
export const jobKinds = [
  'report',
  /** A finished report sent on to its schedule's recipients by e-mail (retried while SMTP fails). */
  'reportDelivery',
  'accountingExport',
  'creditLetters',
  /** R-INV-13: the nightly invoicing of the customers set to invoice automatically. */
  'autoInvoice',
  /** R-TRACK-10: the order notices the minute's ticker claimed, written and e-mailed. */
  'orderNotices',
] as const;
export const jobKindSchema = z.enum(jobKinds, { error: `must be one of ${jobKinds.join(', ')}` });
export type JobKind = z.infer<typeof jobKindSchema>;

/**
 * R-JOB-3: queued until a worker takes it; running with its progress; retrying after a failed
 * attempt while attempts remain; then completed, failed (the last attempt failed) or cancelled.
 */
export const jobStates = [
  'queued',
  'running',
  'retrying',
  'completed',
  'failed',
  'cancelled',
] as const;
export const jobStateSchema = z.enum(jobStates);
export type JobState = z.infer<typeof jobStateSchema>;

/** States a job leaves no more. */
export const finishedJobStates: ReadonlySet<JobState> = new Set([
  'completed',
  'failed',
  'cancelled',
]);

export function isJobFinished(state: JobState): boolean {
  return finishedJobStates.has(state);
}

/** A file a job made: fetched from `url` with the session's token (PDFs open in the print window). */
export const jobFileSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  /** `/api/v1/background-jobs/{jobId}/files/{fileId}/{name}`: the name ends the path, so a PDF's URL ends in .pdf. */
  url: z.string(),
});
export type JobFile = z.infer<typeof jobFileSchema>;

export const backgroundJobSchema = z.object({
  id: z.number().int(),
  kind: jobKindSchema,
  /** What the user asked for, in their words: "Shipped orders, 1–30 Nov 2026". */
  title: z.string(),
  state: jobStateSchema,
  /** 0 to 100 (R-JOB-4). */
  progress: z.number().int().min(0).max(100),
  /** The step under way or, once finished, the outcome ("12 invoices exported", the failure). */
  message: z.string().nullable(),
  attempts: z.number().int(),
  requestedBy: z.string(),
  /** The schedule that started it, when a schedule did (R-JOB-7). */
  scheduleId: z.number().int().nullable(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  files: z.array(jobFileSchema),
  /** What the job's kind reports beyond its files (a record count, an export batch id). */
  result: z.record(z.string(), z.unknown()).nullable(),
});
export type BackgroundJob = z.infer<typeof backgroundJobSchema>;

/** `GET /api/v1/background-jobs`: the caller's own jobs, newest first (administrators may ask for everyone's). */
export const jobListQuerySchema = z.object({
  kind: jobKindSchema.optional(),
  state: jobStateSchema.optional(),
  everyone: z
    .enum(['true', 'false'], { error: 'must be true or false' })
    .transform((value) => value === 'true')
    .optional(),
  limit: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(200, 'must be at most 200')
    .default(50),
});
export type JobListQuery = z.input<typeof jobListQuerySchema>;

/** The hub message a job's owner receives at each step (R-JOB-4): the job as the list shows it. */
export type JobProgressEvent = BackgroundJob;
