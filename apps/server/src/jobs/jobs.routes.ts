/**
 * A user's background jobs (R-JOB-2..R-JOB-4, R-JOB-8): the list their screens show with each
 * job's progress, one job, what it made, and cancelling or running again. A job is its owner's:
 * another user (administrators apart) is answered 404, as if it did not exist.
 */
import { z } from 'zod';
import { backgroundJobSchema, jobListQuerySchema } from '@dispatch/domain/jobs/background-jobs';
import { authorize } from '../auth/guard';
import type { AuthContext } from '../auth/session-store';
import { ApiError, notFound } from '../http/api-error';
import { envelope, listOf } from '../http/envelope';
import type { Server, ServerDeps } from '../http/server';
import type { JobRunner } from './job-runner';
import { findJobRow, listJobs, readJobFile, sendJobFile, withFiles } from './job-rows';

const security = [{ bearer: [] }];
const tags = ['jobs'];
const id = z.coerce.number().int().min(1).max(2_147_483_647);
const jobParams = z.object({ id });
const fileParams = z.object({ id, fileId: id, name: z.string().max(200) });

/** Staff only: an external user (R-EXT-1) has no back-office jobs. */
function staff(auth: AuthContext): AuthContext {
  if (auth.customerId !== null) {
    throw new ApiError('permission', 'Only staff may run background jobs.');
  }
  return auth;
}

async function ownJob(auth: AuthContext, jobId: number) {
  const row = await findJobRow(auth.connection.db, jobId);
  if (!row || (row.requestedByUserId !== auth.userId && !auth.isSysadmin)) {
    throw notFound(`Background job ${jobId}`);
  }
  return row;
}

export function registerJobsRoutes(app: Server, deps: ServerDeps & { jobs: JobRunner }): void {
  const signedIn = authorize(deps);

  app.get(
    '/api/v1/background-jobs',
    {
      preValidation: signedIn,
      schema: {
        tags,
        summary:
          "The caller's background jobs, newest first, with progress and files (administrators: everyone's with everyone=true)",
        security,
        querystring: jobListQuerySchema,
        response: { 200: listOf(backgroundJobSchema) },
      },
    },
    async (request) => {
      const auth = staff(request.auth!);
      const { everyone, ...filters } = request.query;
      if (everyone && !auth.isSysadmin) {
        throw new ApiError('permission', "Only system administrators may see everyone's jobs.");
      }
      const jobs = await listJobs(auth.connection.db, {
        ...filters,
        ...(everyone ? {} : { requestedByUserId: auth.userId }),
      });
      return envelope(jobs, jobs.length);
    },
  );

  app.get(
    '/api/v1/background-jobs/:id',
    {
      preValidation: signedIn,
      schema: {
        tags,
        summary: 'One background job of the caller, with its progress and files',
        security,
        params: jobParams,
        response: { 200: backgroundJobSchema },
      },
    },
    async (request) => {
      const auth = staff(request.auth!);
      const [job] = await withFiles(auth.connection.db, [await ownJob(auth, request.params.id)]);
      return job!;
    },
  );

  app.get(
    '/api/v1/background-jobs/:id/files/:fileId/:name',
    {
      preValidation: signedIn,
      schema: {
        tags,
        summary:
          'A file a background job made (PDF, CSV, Excel, export file); the name ends the path',
        security,
        params: fileParams,
      },
    },
    async (request, reply) => {
      const auth = staff(request.auth!);
      await ownJob(auth, request.params.id);
      const file = await readJobFile(auth.connection.db, request.params.id, request.params.fileId);
      if (!file) throw notFound(`File ${request.params.fileId} of job ${request.params.id}`);
      return sendJobFile(reply, file);
    },
  );

  app.post(
    '/api/v1/background-jobs/:id/cancel',
    {
      preValidation: signedIn,
      schema: {
        tags,
        summary: 'Cancels a queued or running job of the caller; 409 once it has finished',
        security,
        params: jobParams,
        response: { 200: backgroundJobSchema },
      },
    },
    async (request) => {
      const auth = staff(request.auth!);
      await ownJob(auth, request.params.id);
      return deps.jobs.cancel(auth.database, request.params.id);
    },
  );

  app.post(
    '/api/v1/background-jobs/:id/retry',
    {
      preValidation: signedIn,
      schema: {
        tags,
        summary: 'Runs a failed or cancelled job again, as a new job with the same parameters',
        security,
        params: jobParams,
        response: { 201: backgroundJobSchema },
      },
    },
    async (request, reply) => {
      const auth = staff(request.auth!);
      await ownJob(auth, request.params.id);
      const job = await deps.jobs.retry(auth.database, request.params.id, {
        userId: auth.userId,
        username: auth.username,
      });
      return reply.status(201).send(job);
    },
  );
}
