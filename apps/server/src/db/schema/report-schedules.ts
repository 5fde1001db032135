/**
 * Report schedules, what each scheduled run delivered, and each user's report inbox
 * (R-RSCHED-1..R-RSCHED-12, R-RPT-56). The runs themselves are background jobs; a schedule
 * names the last one it queued, and a delivery row says how that run reached its recipients.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  unique,
} from 'drizzle-orm/pg-core';
import { users } from './auth';
import { backgroundJobs } from './background-jobs';
import { identityId, modifiedAt, modifiedBy, timestamptz, version } from './columns';

export const reportSchedules = pgTable(
  'report_schedules',
  {
    id: identityId(),
    name: text().notNull(),
    reportKey: text().notNull(),
    /** A relative period (yesterday, lastMonth, ...): the days are worked out at each run. */
    period: text().notNull(),
    /** The report's parameters beyond its dates (plants, customers, products, system type, group by). */
    params: jsonb().notNull(),
    formats: text().array().notNull(),
    frequency: text().notNull(),
    /** Weekly: ISO weekday, 1 Monday … 7 Sunday. */
    weekday: smallint(),
    /** Monthly: the day of the month, 0 standing for the month's last day. */
    monthDay: smallint(),
    /** HH:mm on the server's clock. */
    timeOfDay: text().notNull(),
    recipientUserIds: integer().array().notNull(),
    recipientEmails: text().array().notNull(),
    active: boolean().notNull().default(true),
    /** Who made it: scheduled runs are queued in their name. */
    ownerUserId: integer().references(() => users.id),
    owner: text().notNull(),
    /** When it is next due; null while inactive. Claimed by moving it on (R-RSCHED-8). */
    nextRunAt: timestamptz(),
    lastJobId: integer().references(() => backgroundJobs.id, { onDelete: 'set null' }),
    createdAt: timestamptz().notNull().defaultNow(),
    version: version(),
    modifiedAt: modifiedAt(),
    modifiedBy: modifiedBy(),
  },
  (t) => [
    index('report_schedules_due_idx')
      .on(t.nextRunAt)
      .where(sql`${t.active}`),
    check(
      'report_schedules_frequency_check',
      sql`${t.frequency} in ('daily', 'weekly', 'monthly')`,
    ),
    check('report_schedules_weekday_check', sql`${t.weekday} between 1 and 7`),
    check('report_schedules_month_day_check', sql`${t.monthDay} between 0 and 31`),
    check(
      'report_schedules_time_of_day_check',
      sql`${t.timeOfDay} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`,
    ),
  ],
);

/** How one scheduled run reached its recipients (R-RSCHED-9, R-RSCHED-10). */
export const reportDeliveries = pgTable(
  'report_deliveries',
  {
    jobId: integer()
      .primaryKey()
      .references(() => backgroundJobs.id, { onDelete: 'cascade' }),
    scheduleId: integer().references(() => reportSchedules.id, { onDelete: 'set null' }),
    inboxCount: integer().notNull(),
    emails: text().array().notNull(),
    /** none, skipped (e-mail not available) or sending (its delivery job says how it went). */
    emailState: text().notNull(),
    emailMessage: text(),
    deliveryJobId: integer().references(() => backgroundJobs.id, { onDelete: 'set null' }),
    createdAt: timestamptz().notNull().defaultNow(),
  },
  (t) => [
    index('report_deliveries_schedule_id_idx').on(t.scheduleId),
    check(
      'report_deliveries_email_state_check',
      sql`${t.emailState} in ('none', 'skipped', 'sending')`,
    ),
  ],
);

/** A scheduled report delivered to a user (R-RPT-56). */
export const reportInbox = pgTable(
  'report_inbox',
  {
    id: identityId(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    jobId: integer()
      .notNull()
      .references(() => backgroundJobs.id, { onDelete: 'cascade' }),
    scheduleId: integer().references(() => reportSchedules.id, { onDelete: 'set null' }),
    scheduleName: text().notNull(),
    reportKey: text().notNull(),
    title: text().notNull(),
    deliveredAt: timestamptz().notNull().defaultNow(),
    readAt: timestamptz(),
  },
  (t) => [
    unique('report_inbox_user_id_job_id_unique').on(t.userId, t.jobId),
    index('report_inbox_user_id_idx').on(t.userId, t.id),
  ],
);
