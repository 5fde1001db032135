/**
 * Reports (`/reports`, form Reports 51302, R-RPT-1..R-RPT-6): a run is checked and queued as a
 * background job of kind 'report'; the requester follows it through the jobs routes and gets
 * reportComplete_v1 with its files. Reports is always shown (R-PERM-3): who may run one, and
 * whether they see amounts, follows R-RPT-2 and R-RPT-3; the system types are the requester's
 * (R-SYS-5).
 */
import { backgroundJobSchema } from '@dispatch/domain/jobs/background-jobs';
import { reportRunRequestSchema } from '@dispatch/domain/reports/report-catalogue';
import { reportRunTitle } from '@dispatch/domain/reports/report-period';
import { systemTypeById } from '@dispatch/domain/system-types';
import { authorize } from '../../auth/guard';
import { ApiError } from '../../http/api-error';
import type { Server, ServerDeps } from '../../http/server';
import { jobLanguageOf } from '../../jobs/job-language';
import { readerOf, refusal } from './report-access.service';
import { reportJobHandler } from './report-job';

const security = [{ bearer: [] }];
const tags = ['reports'];

export function registerReportsRoutes(app: Server, deps: ServerDeps): void {
  deps.jobs.register(reportJobHandler);

  app.post(
    '/api/v1/reports/runs',
    {
      // Signed in; the report rules below decide the rest (the form is always shown).
      preValidation: authorize(deps),
      schema: {
        tags,
        summary:
          'Runs a report in the background: 202 with the job; its PDF, CSV and Excel files come with reportComplete_v1',
        security,
        body: reportRunRequestSchema,
        response: { 202: backgroundJobSchema },
      },
    },
    async (request, reply) => {
      const auth = request.auth!;
      const reader = readerOf(auth);
      if (!reader.allowed) throw refusal();
      const wanted = request.body.params.systemTypeId;
      if (wanted !== undefined && !reader.allowedSystemTypeIds.includes(wanted)) {
        const name = systemTypeById(wanted).name;
        throw new ApiError('permission', `You may not see ${name.toLowerCase()} data.`, {
          data: [{ field: 'params.systemTypeId', reason: `your groups do not include ${name}` }],
        });
      }
      // The screen's language when it says one, else the one the server keeps for the user.
      const run = {
        ...request.body,
        language: request.body.language ?? (await jobLanguageOf(auth.connection.db, auth.userId)),
      };
      const job = await deps.jobs.enqueue(auth.database, {
        kind: 'report',
        title: reportRunTitle(run),
        params: run,
        requestedByUserId: auth.userId,
        requestedBy: auth.username,
      });
      return reply.status(202).send(job);
    },
  );
}
