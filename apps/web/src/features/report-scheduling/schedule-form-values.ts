/**
 * A report schedule as its form holds it, what is sent from it, and the check run before sending
 * (the domain's schema, the same the server runs).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldErrors, Resolver } from 'react-hook-form';
import type { ReportKey } from '@dispatch/domain/reports/report-catalogue';
import type { RelativePeriod } from '@dispatch/domain/report-schedules/report-periods';
import {
  reportScheduleBodySchema,
  type ReportSchedule,
  type ReportScheduleBody,
} from '@dispatch/domain/report-schedules/report-schedule-schemas';
import type { SystemTypeId } from '@dispatch/domain/system-types';
import {
  parametersFor,
  type ReportParameterValues,
} from '../../components/reports/report-parameter-fields';

export type ScheduleFormValues = Omit<ReportScheduleBody, 'params'> & {
  reportKey: ReportKey;
  period: RelativePeriod;
  params: ReportParameterValues;
  formats: ('pdf' | 'csv' | 'xlsx')[];
  frequency: 'daily' | 'weekly' | 'monthly';
  weekday: number | null;
  monthDay: number | 'last' | null;
  recipientUserIds: number[];
  recipientEmails: string[];
  active: boolean;
};

/** A field's error message by its dotted path (`params.plantIds`, `recipientEmails.0`). */
export type ScheduleFieldError = (name: string) => string | undefined;

/** What is sent: the parameters the report takes, the day the frequency uses. */
export function toBody(values: ScheduleFormValues): ReportScheduleBody {
  return {
    ...values,
    params: parametersFor(values.reportKey, values.params),
    weekday: values.frequency === 'weekly' ? values.weekday : null,
    monthDay: values.frequency === 'monthly' ? values.monthDay : null,
  };
}

export function formValuesOf(schedule: ReportSchedule | null): ScheduleFormValues {
  if (!schedule) {
    return {
      name: '',
      reportKey: 'shippedOrders',
      period: 'yesterday',
      params: { plantIds: [], customerIds: [], productIds: [], systemTypeId: null, groupBy: null },
      formats: ['pdf', 'csv', 'xlsx'],
      frequency: 'daily',
      weekday: 1,
      monthDay: 1,
      timeOfDay: '06:00',
      recipientUserIds: [],
      recipientEmails: [],
      active: true,
    };
  }
  return {
    name: schedule.name,
    reportKey: schedule.reportKey,
    period: schedule.period,
    params: {
      plantIds: schedule.params.plantIds,
      customerIds: schedule.params.customerIds,
      productIds: schedule.params.productIds,
      systemTypeId: (schedule.params.systemTypeId ?? null) as SystemTypeId | null,
      groupBy: (schedule.params.groupBy ?? null) as ReportParameterValues['groupBy'],
    },
    formats: schedule.formats,
    frequency: schedule.frequency,
    weekday: schedule.weekday ?? 1,
    monthDay: schedule.monthDay ?? 1,
    timeOfDay: schedule.timeOfDay,
    recipientUserIds: schedule.recipientUserIds,
    recipientEmails: schedule.recipientEmails,
    active: schedule.active,
  };
}

/** The schema sees the schedule as it will be sent: with the parameters its report takes. */
export const resolver: Resolver<ScheduleFormValues> = async (values, context, options) => {
  const result = await zodResolver(reportScheduleBodySchema)(
    toBody(values),
    context,
    options as never,
  );
  return Object.keys(result.errors).length
    ? { values: {}, errors: result.errors as FieldErrors<ScheduleFormValues> }
    : { values, errors: {} };
};
