/**
 * Background job rows and their answer shape (R-JOB-2..R-JOB-4): what the jobs routes list, what
 * each progress message carries, and the files a finished job offers.
 */
import { and, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import {
  backgroundJobSchema,
  type BackgroundJob,
  type JobFile,
  type JobKind,
  type JobState,
} from '@dispatch/domain/jobs/background-jobs';
import type { Db, Tx } from '../db/client';
import { backgroundJobFiles, backgroundJobs } from '../db/schema/background-jobs';

export type JobRow = typeof backgroundJobs.$inferSelect;

const fileColumns = {
  id: backgroundJobFiles.id,
  jobId: backgroundJobFiles.jobId,
  name: backgroundJobFiles.name,
  contentType: backgroundJobFiles.contentType,
  size: backgroundJobFiles.size,
};

export function jobFileUrl(jobId: number, file: { id: number; name: string }): string {
  return `/api/v1/background-jobs/${jobId}/files/${file.id}/${encodeURIComponent(file.name)}`;
}

function toJob(row: JobRow, files: readonly Omit<JobFile, 'url'>[]): BackgroundJob {
  return backgroundJobSchema.parse({
    id: row.id,
    kind: row.kind,
    title: row.title,
    state: row.state,
    progress: row.progress,
    message: row.message,
    attempts: row.attempts,
    requestedBy: row.requestedBy,
    scheduleId: row.scheduleId,
    createdAt: row.createdAt.toISOString(),
    startedAt: row.startedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
    files: files.map((file) => ({ ...file, url: jobFileUrl(row.id, file) })),
    result: (row.result as Record<string, unknown> | null) ?? null,
  });
}

/** Jobs with their files, in the order of `rows`. */
export async function withFiles(db: Db | Tx, rows: readonly JobRow[]): Promise<BackgroundJob[]> {
  if (rows.length === 0) return [];
  const files = await db
    .select(fileColumns)
    .from(backgroundJobFiles)
    .where(
      inArray(
        backgroundJobFiles.jobId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(backgroundJobFiles.id);
  return rows.map((row) =>
    toJob(
      row,
      files.filter((file) => file.jobId === row.id).map(({ jobId: _jobId, ...file }) => file),
    ),
  );
}

export async function findJob(db: Db | Tx, id: number): Promise<BackgroundJob | undefined> {
  const [row] = await db.select().from(backgroundJobs).where(eq(backgroundJobs.id, id));
  if (!row) return undefined;
  const [job] = await withFiles(db, [row]);
  return job;
}

export async function findJobRow(db: Db | Tx, id: number): Promise<JobRow | undefined> {
  const [row] = await db.select().from(backgroundJobs).where(eq(backgroundJobs.id, id));
  return row;
}

export async function listJobs(
  db: Db,
  options: {
    requestedByUserId?: number;
    kind?: JobKind;
    state?: JobState;
    scheduleId?: number;
    limit: number;
  },
): Promise<BackgroundJob[]> {
  const conditions: SQL[] = [];
  if (options.requestedByUserId !== undefined) {
    conditions.push(eq(backgroundJobs.requestedByUserId, options.requestedByUserId));
  }
  if (options.kind) conditions.push(eq(backgroundJobs.kind, options.kind));
  if (options.state) conditions.push(eq(backgroundJobs.state, options.state));
  if (options.scheduleId !== undefined) {
    conditions.push(eq(backgroundJobs.scheduleId, options.scheduleId));
  }
  const rows = await db
    .select()
    .from(backgroundJobs)
    .where(and(...conditions))
    .orderBy(desc(backgroundJobs.id))
    .limit(options.limit);
  return withFiles(db, rows);
}

/** One file of a job, with its bytes. */
export async function readJobFile(
  db: Db,
  jobId: number,
  fileId: number,
): Promise<{ name: string; contentType: string; content: Buffer } | undefined> {
  const [file] = await db
    .select({
      name: backgroundJobFiles.name,
      contentType: backgroundJobFiles.contentType,
      content: backgroundJobFiles.content,
    })
    .from(backgroundJobFiles)
    .where(and(eq(backgroundJobFiles.jobId, jobId), eq(backgroundJobFiles.id, fileId)));
  return file;
}

/**
 * Answers a file a job made (R-JOB-7): a PDF inline, so it opens in the print window; anything
 * else as an attachment under its own name.
 */
export function sendJobFile(
  reply: FastifyReply,
  file: { name: string; contentType: string; content: Buffer },
): FastifyReply {
  const disposition = file.contentType === 'application/pdf' ? 'inline' : 'attachment';
  return reply
    .header('content-type', file.contentType)
    .header(
      'content-disposition',
      `${disposition}; filename*=UTF-8''${encodeURIComponent(file.name)}`,
    )
    .header('cache-control', 'private, max-age=3600')
    .send(file.content);
}
