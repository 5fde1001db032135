/**
 * Report scheduling (`/administration/report-scheduling`, R-RSCHED-1..R-RSCHED-12) and the
 * report inbox of the reports screen (R-RPT-56). Schedules are administrators' only; the inbox
 * is each staff user's own. Registers the e-mail delivery job, the delivery on completion of a
 * scheduled report, and the minute's ticker that queues due schedules.
 */
import { z } from 'zod';
import { backgroundJobSchema } from '@dispatch/domain/jobs/background-jobs';
import {
  reportInboxItemSchema,
  reportInboxListQuerySchema,
  reportInboxReadSchema,
  reportScheduleBodySchema,
  reportScheduleSchema,
  reportScheduleUpdateSchema,
} from '@dispatch/domain/report-schedules/report-schedule-schemas';
import { localTimeZone } from '@dispatch/domain/report-schedules/zoned-time';
import { formIdOf } from '@dispatch/domain/resources/define';
import { authorize } from '../../auth/guard';
import type { AuthContext } from '../../auth/session-store';
import { ApiError } from '../../http/api-error';
import { envelope, listOf } from '../../http/envelope';
import type { Server, ServerDeps } from '../../http/server';
import {
  announceDeliveredReport,
  deliverScheduledReport,
  reportDeliveryHandler,
} from './report-delivery';
import { listInbox, markInboxItem, readInboxFile } from './report-inbox.service';
import { dueSchedulesTicker, queueScheduledRun } from './report-schedule-runs';
import {
  createSchedule,
  deleteSchedule,
  getSchedule,
  listSchedules,
  scheduleRow,
  updateSchedule,
  type Writer,
} from './report-schedules.service';
import { sendJobFile } from '../../jobs/job-rows';

const security = [{ bearer: [] }];
const path = '/api/v1/report-schedules';
const inboxPath = '/api/v1/report-inbox';
const id = z.coerce.number().int().min(1).max(2_147_483_647);
const idParams = z.object({ id });

/** Wires scheduled reports into the job queue: delivery job, delivery on completion, ticker. */
export function wireReportScheduleJobs(
  jobs: ServerDeps['jobs'],
  deps: Pick<ServerDeps, 'env'> & {
    timeZone: string;
    logger: { warn(o: object, m?: string): void };
  },
): void {
  jobs.register(reportDeliveryHandler(deps.env));
  jobs.afterCompleted('report', deliverScheduledReport(deps.env));
  jobs.afterCompleted('reportDelivery', announceDeliveredReport);
  jobs.afterFailed('reportDelivery', announceDeliveredReport);
  jobs.addTicker(dueSchedulesTicker(deps.timeZone, deps.logger));
}

/** Staff only: an external user (R-EXT-1) has no report inbox. */
function staff(auth: AuthContext): AuthContext {
  if (auth.customerId !== null) {
    throw new ApiError('permission', 'Only staff receive scheduled reports.');
  }
  return auth;
}

export function registerReportScheduleRoutes(app: Server, deps: ServerDeps): void {
  // R-RSCHED-4: schedules run on the server's clock.
  const timeZone = localTimeZone();
  wireReportScheduleJobs(deps.jobs, { env: deps.env, timeZone, logger: app.log });
  /** R-RSCHED-1: administrators only; anyone else is refused naming the form. */
  const access = { admin: true, forms: [formIdOf('ReportScheduling')] } as const;
  const reader = authorize(deps, access);
  const writer = authorize(deps, { ...access, write: true });
  const writerOf = (auth: AuthContext): Writer => ({
    userId: auth.userId,
    username: auth.username,
    now: deps.now(),
    timeZone,
  });
  const tags = ['report scheduling'];

  app.get(
    path,
    {
      preValidation: reader,
      schema: {
        tags,
        summary: 'Every report schedule, with its next run and how its last run was delivered',
        security,
        response: { 200: listOf(reportScheduleSchema) },
      },
    },
    async (request) => {
      const schedules = await listSchedules(request.auth!.connection.db, timeZone);
      return envelope(schedules);
    },
  );

  app.get(
    `${path}/:id`,
    {
      preValidation: reader,
      schema: {
        tags,
        summary: 'One report schedule',
        security,
        params: idParams,
        response: { 200: reportScheduleSchema },
      },
    },
    async (request) => getSchedule(request.auth!.connection.db, request.params.id, timeZone),
  );

  app.post(
    path,
    {
      preValidation: writer,
      schema: {
        tags,
        summary: 'Makes a report schedule; its next run is worked out from its frequency',
        security,
        body: reportScheduleBodySchema,
        response: { 201: reportScheduleSchema },
      },
    },
    async (request, reply) => {
      const auth = request.auth!;
      const schedule = await createSchedule(auth.connection.db, request.body, writerOf(auth));
      return reply.status(201).send(schedule);
    },
  );

  app.put(
    `${path}/:id`,
    {
      preValidation: writer,
      schema: {
        tags,
        summary: 'Changes a report schedule; version is the one read (409 naming who changed it)',
        security,
        params: idParams,
        body: reportScheduleUpdateSchema,
        response: { 200: reportScheduleSchema },
      },
    },
    async (request) => {
      const auth = request.auth!;
      return updateSchedule(auth.connection.db, request.params.id, request.body, writerOf(auth));
    },
  );

  app.delete(
    `${path}/:id`,
    {
      preValidation: writer,
      schema: {
        tags,
        summary: 'Removes a report schedule; what it delivered stays in the inboxes',
        security,
        params: idParams,
      },
    },
    async (request, reply) => {
      const auth = request.auth!;
      await deleteSchedule(auth.connection.db, request.params.id, writerOf(auth));
      return reply.status(204).send();
    },
  );

  app.post(
    `${path}/:id/run`,
    {
      preValidation: writer,
      schema: {
        tags,
        summary:
          'Runs a schedule now, for its period as of today, and delivers it as a scheduled run (202 with the job)',
        security,
        params: idParams,
        response: { 202: backgroundJobSchema },
      },
    },
    async (request, reply) => {
      const auth = request.auth!;
      const row = await scheduleRow(auth.connection.db, request.params.id);
      const job = await queueScheduledRun(
        auth.connection.db,
        (job) => deps.jobs.enqueue(auth.database, job),
        row,
        { at: deps.now(), timeZone, requestedByUserId: auth.userId, requestedBy: auth.username },
      );
      return reply.status(202).send(job);
    },
  );

  const signedIn = authorize(deps);

  app.get(
    inboxPath,
    {
      preValidation: signedIn,
      schema: {
        tags: ['reports'],
        summary: "The caller's report inbox: scheduled reports delivered to them, newest first",
        security,
        querystring: reportInboxListQuerySchema,
        response: { 200: listOf(reportInboxItemSchema) },
      },
    },
    async (request) => {
      const auth = staff(request.auth!);
      const items = await listInbox(auth.connection.db, auth.userId, request.query);
      return envelope(items);
    },
  );

  app.post(
    `${inboxPath}/:id/read`,
    {
      preValidation: signedIn,
      schema: {
        tags: ['reports'],
        summary: 'Marks an entry of the caller’s report inbox read (or unread with read=false)',
        security,
        params: idParams,
        body: reportInboxReadSchema,
        response: { 200: reportInboxItemSchema },
      },
    },
    async (request) => {
      const auth = staff(request.auth!);
      return markInboxItem(
        auth.connection.db,
        auth.userId,
        request.params.id,
        request.body.read,
        deps.now(),
      );
    },
  );

  app.get(
    `${inboxPath}/:id/files/:fileId/:name`,
    {
      preValidation: signedIn,
      schema: {
        tags: ['reports'],
        summary:
          'A file of a report delivered to the caller (PDF, CSV, Excel); the name ends the path',
        security,
        params: z.object({ id, fileId: id, name: z.string().max(200) }),
      },
    },
    async (request, reply) => {
      const auth = staff(request.auth!);
      const file = await readInboxFile(
        auth.connection.db,
        auth.userId,
        request.params.id,
        request.params.fileId,
      );
      return sendJobFile(reply, file);
    },
  );
}
