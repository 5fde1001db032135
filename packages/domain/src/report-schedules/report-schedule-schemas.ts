/**
 * Report schedules and the report inbox (R-RSCHED-1..R-RSCHED-12, R-RPT-56): what an
 * administrator saves, what the scheduling screen reads, what a run asks the report engine for,
 * and what lands in a recipient's inbox. One shape for server and web.
 */
import { z } from 'zod';
import { int4Max } from '../api/fields';
import { jobFileSchema, jobListQuerySchema, jobStateSchema } from '../jobs/background-jobs';
import {
  reportDefinition,
  reportKeySchema,
  reportParamsSchema,
  reportRunRequestSchema,
  type ReportJobParams,
  type ReportKey,
  type ReportLanguage,
  type ReportParameter,
} from '../reports/report-catalogue';
import { reportRunTitle } from '../reports/report-period';
import { periodRange, relativePeriodSchema } from './report-periods';
import { scheduleFrequencies, type ScheduleTiming } from './schedule-frequency';

const id = z.int('must be a whole number').min(1, 'must be an id').max(int4Max);

export const timeOfDaySchema = z
  .string({ error: 'must be a time as HH:mm' })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time as HH:mm');

/** A report's parameters beyond its dates: the dates come from the schedule's period. */
const distinct = (list: number[]) => [...new Set(list)];

export const scheduleParamsSchema = z.object({
  plantIds: reportParamsSchema.shape.plantIds.transform(distinct),
  customerIds: reportParamsSchema.shape.customerIds.transform(distinct),
  productIds: reportParamsSchema.shape.productIds.transform(distinct),
  systemTypeId: reportParamsSchema.shape.systemTypeId,
  groupBy: reportParamsSchema.shape.groupBy,
});
export type ScheduleParams = z.output<typeof scheduleParamsSchema>;

/** Which parameter each value belongs to, to refuse values a report does not take. */
const parameterOf: Record<keyof ScheduleParams, ReportParameter> = {
  plantIds: 'plants',
  customerIds: 'customers',
  productIds: 'products',
  systemTypeId: 'systemType',
  groupBy: 'groupBy',
};

const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email('must be an email address').max(254, 'must be at most 254 characters'));

const scheduleFields = z.object({
  name: z
    .string({ error: 'is required' })
    .trim()
    .min(1, 'is required')
    .max(100, 'must be at most 100 characters'),
  reportKey: reportKeySchema,
  period: relativePeriodSchema,
  params: scheduleParamsSchema.default({
    plantIds: [],
    customerIds: [],
    productIds: [],
  }),
  formats: reportRunRequestSchema.shape.formats,
  frequency: z.enum(scheduleFrequencies, { error: 'must be daily, weekly or monthly' }),
  weekday: z
    .int('must be a weekday, 1 Monday to 7 Sunday')
    .min(1, 'must be a weekday, 1 Monday to 7 Sunday')
    .max(7, 'must be a weekday, 1 Monday to 7 Sunday')
    .nullable()
    .default(null),
  monthDay: z
    .union(
      [z.int('must be a day of the month (1 to 31) or last').min(1).max(31), z.literal('last')],
      { error: 'must be a day of the month (1 to 31) or last' },
    )
    .nullable()
    .default(null),
  timeOfDay: timeOfDaySchema,
  recipientUserIds: z
    .array(id, { error: 'must be a list of user ids' })
    .max(100, 'must list at most 100')
    .default([])
    .transform((list) => [...new Set(list)]),
  recipientEmails: z
    .array(emailSchema, { error: 'must be a list of email addresses' })
    .max(100, 'must list at most 100')
    .default([])
    .transform((list) => [...new Set(list)]),
  active: z.boolean({ error: 'must be true or false' }).default(true),
});

function checkAcrossFields(body: z.output<typeof scheduleFields>, context: z.RefinementCtx) {
  for (const problem of scheduleProblems(body)) {
    context.addIssue({ code: 'custom', path: problem.path, message: problem.message });
  }
}

/** `POST /api/v1/report-schedules`. */
export const reportScheduleBodySchema = scheduleFields.superRefine(checkAcrossFields);
export type ReportScheduleBody = z.input<typeof reportScheduleBodySchema>;
export type ReportScheduleValues = z.output<typeof reportScheduleBodySchema>;

type Problem = { path: (string | number)[]; message: string };

/** Rules across fields, run by the form before sending and by the server before saving. */
export function scheduleProblems(body: {
  reportKey: ReportKey;
  params: ScheduleParams;
  frequency: ScheduleTiming['frequency'];
  weekday: number | null;
  monthDay: number | 'last' | null;
  recipientUserIds: readonly number[];
  recipientEmails: readonly string[];
}): Problem[] {
  const problems: Problem[] = [];
  if (body.frequency === 'weekly' && body.weekday === null) {
    problems.push({ path: ['weekday'], message: 'is required for a weekly schedule' });
  }
  if (body.frequency === 'monthly' && body.monthDay === null) {
    problems.push({ path: ['monthDay'], message: 'is required for a monthly schedule' });
  }
  const report = reportDefinition(body.reportKey);
  for (const [key, parameter] of Object.entries(parameterOf) as [
    keyof ScheduleParams,
    ReportParameter,
  ][]) {
    const value = body.params[key];
    const given = Array.isArray(value) ? value.length > 0 : value !== undefined;
    if (given && !report.parameters.includes(parameter)) {
      problems.push({ path: ['params', key], message: `is not a parameter of ${report.title}` });
    }
  }
  if (body.recipientUserIds.length === 0 && body.recipientEmails.length === 0) {
    problems.push({
      path: ['recipientUserIds'],
      message: 'name at least one recipient: a user or an email address',
    });
  }
  return problems;
}

/** `PUT /api/v1/report-schedules/{id}`: the whole schedule, and the version read (R-RSCHED-7). */
export const reportScheduleUpdateSchema = scheduleFields
  .extend({
    version: z.int({ error: 'is required: the version you read' }).min(1).max(int4Max),
  })
  .superRefine(checkAcrossFields);
export type ReportScheduleUpdate = z.input<typeof reportScheduleUpdateSchema>;

/** How a finished run reached its recipients (R-RSCHED-9, R-RSCHED-10). */
export const emailDeliveryStates = ['none', 'skipped', 'sending', 'sent', 'failed'] as const;
export type EmailDeliveryState = (typeof emailDeliveryStates)[number];

export const scheduleLastRunSchema = z.object({
  jobId: z.number().int(),
  state: jobStateSchema,
  message: z.string().nullable(),
  at: z.string(),
  /** Inbox entries made for users. */
  inboxCount: z.number().int(),
  emailCount: z.number().int(),
  email: z.enum(emailDeliveryStates),
  /** Why e-mail was skipped or failed. */
  emailMessage: z.string().nullable(),
});
export type ScheduleLastRun = z.infer<typeof scheduleLastRunSchema>;

export const reportScheduleSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  reportKey: reportKeySchema,
  period: relativePeriodSchema,
  params: z.object({
    plantIds: z.array(z.number().int()),
    customerIds: z.array(z.number().int()),
    productIds: z.array(z.number().int()),
    systemTypeId: z.number().int().optional(),
    groupBy: z.string().optional(),
  }),
  formats: z.array(z.enum(['pdf', 'csv', 'xlsx'])),
  frequency: z.enum(scheduleFrequencies),
  weekday: z.number().int().nullable(),
  monthDay: z.union([z.number().int(), z.literal('last')]).nullable(),
  timeOfDay: z.string(),
  recipientUserIds: z.array(z.number().int()),
  recipientEmails: z.array(z.string()),
  /** Each recipient user's name, by id, for the list and the form to show. */
  recipientUsers: z.record(z.string(), z.string()),
  active: z.boolean(),
  owner: z.string(),
  /** ISO instant; null while the schedule is inactive. */
  nextRunAt: z.string().nullable(),
  lastRun: scheduleLastRunSchema.nullable(),
  /** The zone the time of day is read in: the server's. */
  timeZone: z.string(),
  version: z.number().int(),
  modifiedAt: z.string(),
  modifiedBy: z.string(),
});
export type ReportSchedule = z.infer<typeof reportScheduleSchema>;

/** One scheduled report delivered to a user's inbox (R-RPT-56). */
export const reportInboxItemSchema = z.object({
  id: z.number().int(),
  jobId: z.number().int(),
  scheduleId: z.number().int().nullable(),
  scheduleName: z.string(),
  reportKey: reportKeySchema,
  title: z.string(),
  deliveredAt: z.string(),
  readAt: z.string().nullable(),
  files: z.array(jobFileSchema),
});
export type ReportInboxItem = z.infer<typeof reportInboxItemSchema>;

export const reportInboxListQuerySchema = z.object({
  unread: z
    .enum(['true', 'false'], { error: 'must be true or false' })
    .transform((value) => value === 'true')
    .optional(),
  limit: jobListQuerySchema.shape.limit,
});

export const reportInboxReadSchema = z.object({
  read: z.boolean({ error: 'must be true or false' }).default(true),
});

/**
 * The run a schedule asks the report engine for: its period worked out from `today`, made in
 * `language` (issue 25: the language of the user it runs for) when one is given.
 */
export function scheduledRunParams(
  schedule: Pick<ReportSchedule, 'id' | 'reportKey' | 'period' | 'params' | 'formats'>,
  today: string,
  language?: ReportLanguage,
): ReportJobParams {
  const range = periodRange(schedule.period, today);
  const { systemTypeId, groupBy, ...lists } = schedule.params;
  return {
    reportKey: schedule.reportKey,
    params: {
      ...range,
      ...lists,
      ...(systemTypeId === undefined ? {} : { systemTypeId: systemTypeId as 1 | 2 | 3 }),
      ...(groupBy === undefined ? {} : { groupBy: groupBy as 'product' | 'customer' | 'plant' }),
    },
    formats: schedule.formats,
    scheduleId: schedule.id,
    ...(language === undefined ? {} : { language }),
  };
}

/**
 * The run's title as the report engine titles its runs, in the run's language, with the
 * schedule's name: "Sales quantity by plant, 1–30 Nov 2026 (Monthly sales)", "Cantidad vendida
 * por planta, 1–30 nov 2026 (Monthly sales)". The job list and the files are named by it.
 */
export function scheduledRunTitle(
  schedule: Pick<ReportSchedule, 'name'>,
  run: Pick<ReportJobParams, 'reportKey' | 'params' | 'language'>,
): string {
  return `${reportRunTitle(run)} (${schedule.name})`;
}
