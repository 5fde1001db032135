import { describe, expect, it } from 'vitest';
import {
  reportInboxListQuerySchema,
  reportScheduleBodySchema,
  reportScheduleUpdateSchema,
  scheduledRunParams,
  scheduledRunTitle,
} from './report-schedule-schemas';
import { reportJobParamsSchema } from '../reports/report-catalogue';

const valid = {
  name: '  Daily shipped orders ',
  reportKey: 'shippedOrders',
  period: 'yesterday',
  params: { plantIds: [1, 1, 2], customerIds: [], productIds: [] },
  formats: ['pdf', 'csv', 'pdf'],
  frequency: 'daily',
  timeOfDay: '06:30',
  recipientUserIds: [3, 3],
  recipientEmails: [' Office@Example.com ', 'office@example.com'],
};

function problemsOf(body: unknown, schema = reportScheduleBodySchema) {
  const parsed = schema.safeParse(body);
  return parsed.success
    ? {}
    : Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

describe('R-RSCHED-2: a schedule as saved', () => {
  it('cleans what it keeps: trimmed name, lists without repeats, addresses in lower case', () => {
    const parsed = reportScheduleBodySchema.parse(valid);
    expect(parsed).toMatchObject({
      name: 'Daily shipped orders',
      params: { plantIds: [1, 2] },
      formats: ['pdf', 'csv'],
      weekday: null,
      monthDay: null,
      recipientUserIds: [3],
      recipientEmails: ['office@example.com'],
      active: true,
    });
  });

  it('names each field that is wrong', () => {
    expect(
      problemsOf({
        ...valid,
        name: ' ',
        period: 'someday',
        timeOfDay: '24:00',
        formats: [],
        recipientEmails: ['not an address'],
      }),
    ).toEqual({
      name: 'is required',
      period: expect.stringMatching(/^must be one of yesterday, today/),
      timeOfDay: 'must be a time as HH:mm',
      formats: 'choose at least one format',
      'recipientEmails.0': 'must be an email address',
    });
  });

  it('needs the weekday of a weekly schedule and the day of a monthly one', () => {
    expect(problemsOf({ ...valid, frequency: 'weekly' })).toEqual({
      weekday: 'is required for a weekly schedule',
    });
    expect(problemsOf({ ...valid, frequency: 'weekly', weekday: 8 })).toEqual({
      weekday: 'must be a weekday, 1 Monday to 7 Sunday',
    });
    expect(problemsOf({ ...valid, frequency: 'monthly' })).toEqual({
      monthDay: 'is required for a monthly schedule',
    });
    expect(problemsOf({ ...valid, frequency: 'monthly', monthDay: 'last' })).toEqual({});
    expect(problemsOf({ ...valid, frequency: 'monthly', monthDay: 32 })).toHaveProperty('monthDay');
  });

  it('refuses parameters the report does not take, and a schedule sent to no one', () => {
    expect(
      problemsOf({
        ...valid,
        reportKey: 'driverHours',
        params: { plantIds: [1], customerIds: [4], productIds: [], groupBy: 'plant' },
        recipientUserIds: [],
        recipientEmails: [],
      }),
    ).toEqual({
      'params.customerIds': 'is not a parameter of Driver hours',
      'params.groupBy': 'is not a parameter of Driver hours',
      recipientUserIds: 'name at least one recipient: a user or an email address',
    });
  });

  it('needs the version read on an update (R-RSCHED-7)', () => {
    expect(problemsOf(valid, reportScheduleUpdateSchema)).toEqual({
      version: 'is required: the version you read',
    });
    expect(problemsOf({ ...valid, version: 2 }, reportScheduleUpdateSchema)).toEqual({});
  });

  it('reads the inbox list query', () => {
    expect(reportInboxListQuerySchema.parse({ unread: 'true' })).toEqual({
      unread: true,
      limit: 50,
    });
    expect(reportInboxListQuerySchema.safeParse({ limit: '0' }).success).toBe(false);
  });
});

describe('R-RSCHED-8: the run a schedule asks for', () => {
  const schedule = {
    id: 7,
    name: 'Monthly sales',
    reportKey: 'salesQuantity' as const,
    period: 'lastMonth' as const,
    params: { plantIds: [2], customerIds: [], productIds: [], systemTypeId: 1, groupBy: 'plant' },
    formats: ['pdf' as const, 'xlsx' as const],
  };

  it('carries the period’s days and the schedule, as the report engine takes them', () => {
    const params = scheduledRunParams(schedule, '2026-12-01');
    expect(params).toEqual({
      reportKey: 'salesQuantity',
      params: {
        from: '2026-11-01',
        to: '2026-11-30',
        plantIds: [2],
        customerIds: [],
        productIds: [],
        systemTypeId: 1,
        groupBy: 'plant',
      },
      formats: ['pdf', 'xlsx'],
      scheduleId: 7,
    });
    expect(reportJobParamsSchema.parse(params)).toEqual(params);
    expect(
      scheduledRunParams(
        { ...schedule, params: { plantIds: [], customerIds: [], productIds: [] } },
        '2026-12-01',
      ).params,
    ).not.toHaveProperty('groupBy');
  });

  it('is titled as the report engine titles runs, with the schedule', () => {
    expect(scheduledRunTitle(schedule, scheduledRunParams(schedule, '2026-12-01'))).toBe(
      'Sales quantity by plant, 1–30 Nov 2026 (Monthly sales)',
    );
    expect(
      scheduledRunTitle(
        schedule,
        scheduledRunParams(
          { ...schedule, reportKey: 'shippedOrders', period: 'yesterday' },
          '2026-12-01',
        ),
      ),
    ).toBe('Shipped orders, 30 Nov 2026 (Monthly sales)');
  });

  it('runs in the language it is given, titled in it (issue 25, item 4)', () => {
    const params = scheduledRunParams(schedule, '2026-12-01', 'es');
    expect(params.language).toBe('es');
    expect(reportJobParamsSchema.parse(params)).toEqual(params);
    expect(scheduledRunTitle(schedule, params)).toBe(
      'Cantidad vendida por planta, 1–30 nov 2026 (Monthly sales)',
    );
    expect(scheduledRunParams(schedule, '2026-12-01')).not.toHaveProperty('language');
  });
});
