import { authorize, priced } from '../../auth/guard';
import { notFound } from '../../http/api-error';
import { envelope, listOf } from '../../http/envelope';
import type { Server, ServerDeps } from '../../http/server';
import { jobListQuery, jobParams, jobViewSchema } from './jobs.schemas';
import { getJob, listJobs } from './jobs.service';

const security = [{ bearer: [] }];

/** Jobs 50201, and the order entry forms (concrete, aggregate, block), which pick jobs. */
export const jobForms = [50201, 15000, 25000, 35000] as const;

export function registerJobsRoutes(app: Server, deps: ServerDeps): void {
  app.get(
    '/api/v1/jobs',
    {
      preHandler: authorize(deps, { forms: jobForms }),
      schema: {
        tags: ['jobs'],
        summary: 'Jobs by number, description, address or customer PO; by customer and plant',
        security,
        querystring: jobListQuery,
        response: { 200: listOf(jobViewSchema) },
      },
    },
    async (request) => {
      const { rows, count } = await listJobs(request.auth!.connection.db, request.query);
      return envelope(priced(request, rows), count);
    },
  );

  app.get(
    '/api/v1/jobs/:id',
    {
      preHandler: authorize(deps, { forms: jobForms }),
      schema: {
        tags: ['jobs'],
        summary: 'One job',
        security,
        params: jobParams,
        response: { 200: jobViewSchema },
      },
    },
    async (request) => {
      const job = await getJob(request.auth!.connection.db, request.params.id);
      if (!job) throw notFound(`Job ${request.params.id}`);
      return priced(request, job);
    },
  );
}
