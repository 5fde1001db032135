/**
 * R-RPT-51: a report's days, typed or taken from a quick pick. The picks are the schedules'
 * relative periods (one arithmetic, in the domain), seen from the user's today: looking back for
 * what was shipped, looking ahead for scheduled work.
 */
import { Button, Group, Stack, TextInput } from '@mantine/core';
import { forwardRef } from 'react';
import { useTranslation } from 'react-i18next';
import {
  periodRange,
  type DayRange,
  type RelativePeriod,
} from '@dispatch/domain/report-schedules/report-periods';
import { formatDate } from '@dispatch/domain/dates/date-format';

const lookingBack: readonly RelativePeriod[] = [
  'yesterday',
  'lastWeek',
  'thisMonthSoFar',
  'lastMonth',
];
const lookingAhead: readonly RelativePeriod[] = ['today', 'tomorrow', 'next7Days'];

export function userToday(): string {
  return formatDate(new Date(), 'YYYY-MM-DD');
}

/** The range a report opens with: yesterday looking back, the next seven days looking ahead. */
export function defaultRange(looksAhead: boolean, today = userToday()): DayRange {
  return periodRange(looksAhead ? 'next7Days' : 'yesterday', today);
}

type ReportDateRangeProps = {
  value: DayRange;
  looksAhead: boolean;
  onChange: (range: DayRange) => void;
  errors: { from?: string | undefined; to?: string | undefined };
};

export const ReportDateRange = forwardRef<HTMLInputElement, ReportDateRangeProps>(
  function ReportDateRange({ value, looksAhead, onChange, errors }, fromRef) {
    const { t } = useTranslation();
    const today = userToday();
    const picks = looksAhead ? lookingAhead : lookingBack;
    return (
      <Stack gap={6}>
        <Group gap="sm" align="flex-start" grow preventGrowOverflow={false}>
          <TextInput
            ref={fromRef}
            type="date"
            label={t('reports.from')}
            value={value.from}
            error={errors.from}
            onChange={(event) => onChange({ ...value, from: event.currentTarget.value })}
            required
          />
          <TextInput
            type="date"
            label={t('reports.to')}
            value={value.to}
            error={errors.to}
            onChange={(event) => onChange({ ...value, to: event.currentTarget.value })}
            required
          />
        </Group>
        <Group gap={6} role="group" aria-label={t('reports.quickPicks')}>
          {picks.map((period) => {
            const range = periodRange(period, today);
            const chosen = range.from === value.from && range.to === value.to;
            return (
              <Button
                key={period}
                size="compact-sm"
                variant={chosen ? 'filled' : 'default'}
                aria-pressed={chosen}
                onClick={() => onChange(range)}
              >
                {period === 'thisMonthSoFar'
                  ? t('reports.quickThisMonth')
                  : t(`reports.periods.${period}`)}
              </Button>
            );
          })}
        </Group>
      </Stack>
    );
  },
);
