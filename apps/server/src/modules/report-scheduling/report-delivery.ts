/**
 * Delivering a scheduled report (R-RSCHED-9, R-RSCHED-10, R-RPT-56). When a schedule's report
 * job completes, in the transaction that completes it, its user recipients get inbox entries;
 * its e-mail recipients get a `reportDelivery` job that mails the files (tried again while the
 * SMTP server fails) when e-mail is available, or else, where they are users too, an inbox
 * entry, the schedule recording that e-mail was skipped.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { BackgroundJob } from '@dispatch/domain/jobs/background-jobs';
import { reportKeySchema } from '@dispatch/domain/reports/report-catalogue';
import { userLanguageSchema } from '@dispatch/domain/users/user-language';
import type { Tx } from '../../db/client';
import { userProfiles, users } from '../../db/schema/auth';
import { backgroundJobFiles, backgroundJobs } from '../../db/schema/background-jobs';
import { reportDeliveries, reportInbox, reportSchedules } from '../../db/schema/report-schedules';
import { publish } from '../../dispatch/publish';
import { liveSessionIdsOf } from '../../auth/session-store';
import type { Env } from '../../env';
import type { JobHandler } from '../../jobs/job-handler';
import { jobLanguageOf } from '../../jobs/job-language';
import type { CompletionHook, EnqueueRequest } from '../../jobs/job-runner';
import { readSystemParameter } from '../settings/system-parameters.service';
import { reportDeliveryTexts } from './report-delivery-texts';
import { sendMail, smtpConfigured } from '../../mail/mailer';
import { scheduleResource } from './report-schedules.service';

/** The live event's name for a user's inbox: sent to that user's sessions only. */
export const inboxResource = 'reportInbox';

const id = z.int().min(1).max(2_147_483_647);
export const reportDeliveryParamsSchema = z.object({
  reportJobId: id,
  scheduleId: id.nullable(),
  scheduleName: z.string().max(200),
  to: z.array(z.email()).min(1).max(100),
  /** The report's language: the e-mail and the job's messages are written in it (issue 25). */
  language: userLanguageSchema.optional(),
});
export type ReportDeliveryParams = z.infer<typeof reportDeliveryParamsSchema>;

/** Active staff users among `ids`, and users whose profile address is one of `emails`. */
async function recipientUsers(
  tx: Tx,
  ids: readonly number[],
  emails: readonly string[],
): Promise<number[]> {
  const staff = and(eq(users.inactiveFlag, false), sql`${users.customerId} is null`);
  const byId = ids.length
    ? await tx
        .select({ id: users.id })
        .from(users)
        .where(and(staff, inArray(users.id, [...ids])))
    : [];
  const byEmail = emails.length
    ? await tx
        .select({ id: users.id })
        .from(users)
        .innerJoin(userProfiles, eq(userProfiles.userId, users.id))
        .where(and(staff, inArray(sql`lower(trim(${userProfiles.emailAddress}))`, [...emails])))
    : [];
  return [...new Set([...byId, ...byEmail].map((user) => user.id))];
}

/** Why e-mail recipients got no e-mail, in the schedule's words. */
function skippedBecause(env: Env): string {
  return smtpConfigured(env)
    ? 'E-mail is turned off (system parameter emailAvailable): users among the addresses got the report in their inbox.'
    : 'No SMTP server is configured (SMTP_URL): users among the addresses got the report in their inbox.';
}

/** The completion hook on 'report' jobs: nothing for a run nobody scheduled. */
export function deliverScheduledReport(env: Env): CompletionHook {
  return async (tx: Tx, job: BackgroundJob): Promise<EnqueueRequest[]> => {
    if (job.scheduleId === null) return [];
    const [schedule] = await tx
      .select()
      .from(reportSchedules)
      .where(eq(reportSchedules.id, job.scheduleId));
    if (!schedule) return [];
    const [owner] = await tx
      .select({
        requestedByUserId: backgroundJobs.requestedByUserId,
        params: backgroundJobs.params,
      })
      .from(backgroundJobs)
      .where(eq(backgroundJobs.id, job.id));
    const emails = schedule.recipientEmails;
    const emailOn =
      emails.length > 0 && smtpConfigured(env) && (await readSystemParameter(tx, 'emailAvailable'));
    const emailState = emails.length === 0 ? 'none' : emailOn ? 'sending' : 'skipped';
    const userIds = await recipientUsers(
      tx,
      schedule.recipientUserIds,
      emailState === 'skipped' ? emails : [],
    );
    const reportParams = owner?.params as { reportKey?: unknown; language?: unknown } | undefined;
    const reportKey = reportKeySchema.parse(reportParams?.reportKey ?? schedule.reportKey);
    if (userIds.length) {
      await tx
        .insert(reportInbox)
        .values(
          userIds.map((userId) => ({
            userId,
            jobId: job.id,
            scheduleId: schedule.id,
            scheduleName: schedule.name,
            reportKey,
            title: job.title,
            deliveredAt: new Date(job.finishedAt ?? Date.now()),
          })),
        )
        .onConflictDoNothing();
    }
    await tx
      .insert(reportDeliveries)
      .values({
        jobId: job.id,
        scheduleId: schedule.id,
        inboxCount: userIds.length,
        emails,
        emailState,
        emailMessage: emailState === 'skipped' ? skippedBecause(env) : null,
      })
      .onConflictDoNothing();
    // Each recipient's open screens refetch their inbox; the scheduling screen its last run.
    const sessionIds = await liveSessionIdsOf(tx, userIds);
    if (sessionIds.length) {
      await publish(tx, {
        name: 'resourceChanged_v1',
        data: {
          resource: inboxResource,
          id: job.id,
          action: 'created',
          version: null,
          by: schedule.owner,
        },
        sessionIds,
      });
    }
    await publish(tx, {
      name: 'resourceChanged_v1',
      data: {
        resource: scheduleResource,
        id: schedule.id,
        action: 'updated',
        version: schedule.version,
        by: schedule.owner,
      },
    });
    if (emailState !== 'sending') return [];
    const requestedByUserId = owner?.requestedByUserId ?? schedule.ownerUserId;
    // The e-mail speaks the report's language, which its run was made in.
    const language =
      userLanguageSchema.safeParse(reportParams?.language).data ??
      (await jobLanguageOf(tx, requestedByUserId));
    return [
      {
        kind: 'reportDelivery',
        title: reportDeliveryTexts[language].title(job.title),
        params: {
          reportJobId: job.id,
          scheduleId: schedule.id,
          scheduleName: schedule.name,
          to: emails,
          language,
        } satisfies ReportDeliveryParams,
        requestedByUserId,
        requestedBy: schedule.owner,
        scheduleId: schedule.id,
      },
    ];
  };
}

/**
 * The hook on a 'reportDelivery' job's end, sent or finally given up on: the scheduling screen's
 * last run says how the e-mail went, so every open one refetches it now rather than at its next
 * look.
 */
export async function announceDeliveredReport(tx: Tx, job: BackgroundJob): Promise<void> {
  if (job.scheduleId === null) return;
  const [schedule] = await tx
    .select({ version: reportSchedules.version, owner: reportSchedules.owner })
    .from(reportSchedules)
    .where(eq(reportSchedules.id, job.scheduleId));
  if (!schedule) return;
  await publish(tx, {
    name: 'resourceChanged_v1',
    data: {
      resource: scheduleResource,
      id: job.scheduleId,
      action: 'updated',
      version: schedule.version,
      by: schedule.owner,
    },
  });
}

/** The e-mail job: the report's files as attachments, retried with backoff while SMTP fails. */
export function reportDeliveryHandler(env: Env): JobHandler<ReportDeliveryParams> {
  return {
    kind: 'reportDelivery',
    params: reportDeliveryParamsSchema,
    // About ten minutes of an unreachable server (backoff doubles each wait) before giving up.
    retryLimit: 6,
    expireInSeconds: 300,
    async run(context, params) {
      const { db } = context;
      const texts = reportDeliveryTexts[params.language ?? context.job.language];
      // The schedule's last run names this job, so the screen shows how the e-mail went.
      await db
        .update(reportDeliveries)
        .set({ deliveryJobId: context.job.id })
        .where(eq(reportDeliveries.jobId, params.reportJobId));
      const [report] = await db
        .select({ title: backgroundJobs.title, message: backgroundJobs.message })
        .from(backgroundJobs)
        .where(eq(backgroundJobs.id, params.reportJobId));
      if (!report) throw new Error(texts.reportGone(params.reportJobId));
      const files = await db
        .select({
          name: backgroundJobFiles.name,
          contentType: backgroundJobFiles.contentType,
          content: backgroundJobFiles.content,
        })
        .from(backgroundJobFiles)
        .where(eq(backgroundJobFiles.jobId, params.reportJobId))
        .orderBy(backgroundJobFiles.id);
      await context.progress(30, texts.sending(params.to.length));
      const outcome = await sendMail(env, {
        to: params.to,
        subject: `${params.scheduleName}: ${report.title}`,
        text: [
          `${report.title}`,
          report.message ?? '',
          '',
          texts.sentBy(
            params.scheduleName,
            files.map((file) => file.name.split('.').pop() ?? ''),
          ),
        ].join('\n'),
        attachments: files.map((file) => ({
          filename: file.name,
          contentType: file.contentType,
          content: file.content,
        })),
      });
      return {
        message: texts.emailed(outcome.accepted.length, params.to.length, outcome.rejected),
        result: { accepted: outcome.accepted, rejected: outcome.rejected },
      };
    },
  };
}
