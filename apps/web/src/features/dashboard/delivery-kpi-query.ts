/**
 * R-KPI-1: the delivery performance figures of a period through TanStack Query, the answer read
 * with the domain's schema, and the period as the card's pickers hold it.
 */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import {
  deliveryKpiMaxDays,
  deliveryKpisSchema,
} from '@dispatch/domain/delivery-kpis/delivery-kpis-schema';
import { isCalendarDay } from '@dispatch/domain/dates/calendar-day';
import { apiGet } from '../../lib/api-client';

/** Days as YYYY-MM-DD, both ends included. */
export type KpiPeriod = { from: string; to: string };

/** Today's figures move as trucks stamp their tickets: read again this often while shown. */
const todayRefreshMs = 60_000;

export const deliveryKpiKeys = {
  all: ['deliveryKpis'] as const,
  period: (period: KpiPeriod) => [...deliveryKpiKeys.all, period] as const,
};

export const deliveryKpiQueries = {
  period: (period: KpiPeriod, includesToday: boolean) =>
    queryOptions({
      queryKey: deliveryKpiKeys.period(period),
      queryFn: ({ signal }) =>
        apiGet(
          `/api/v1/kpis/delivery?${new URLSearchParams({ from: period.from, to: period.to }).toString()}`,
          deliveryKpisSchema,
          { signal },
        ),
      // A changed period keeps the last figures on screen until the new ones arrive.
      placeholderData: keepPreviousData,
      refetchInterval: includesToday ? todayRefreshMs : false,
      staleTime: 30_000,
    }),
};

export type PeriodProblems = { from?: 'badDay'; to?: 'badDay' | 'toBeforeFrom' | 'tooLong' };

const dayMs = 86_400_000;

/**
 * What the server would refuse in a period (R-KPI-1's query), found before asking so the picker
 * says it beside the field: a day that is not one, an end before the start, more than a year.
 */
export function periodProblems(period: KpiPeriod): PeriodProblems {
  const problems: PeriodProblems = {};
  if (!isCalendarDay(period.from)) problems.from = 'badDay';
  if (!isCalendarDay(period.to)) problems.to = 'badDay';
  if (problems.from || problems.to) return problems;
  const days =
    (Date.parse(`${period.to}T00:00:00Z`) - Date.parse(`${period.from}T00:00:00Z`)) / dayMs;
  if (days < 0) problems.to = 'toBeforeFrom';
  else if (days >= deliveryKpiMaxDays) problems.to = 'tooLong';
  return problems;
}
