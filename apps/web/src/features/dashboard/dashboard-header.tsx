import { useId, type ReactNode } from 'react';
import { Group, Paper, SimpleGrid, Skeleton, Text, Title } from '@mantine/core';
import { dateLocale } from '../../lib/i18n/i18n';
import { dashboardText } from './dashboard-text';

export type CounterValue = {
  label: string;
  /** Undefined while the numbers load. */
  value: ReactNode | undefined;
  hint?: ReactNode;
};

type DashboardHeaderProps = {
  /** Today as YYYY-MM-DD. */
  day: string;
  counters: readonly CounterValue[];
};

function longDate(day: string): string {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  return new Date(year, month - 1, date).toLocaleDateString(dateLocale(), {
    weekday: 'long',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  });
}

export function DashboardHeader({ day, counters }: DashboardHeaderProps) {
  return (
    <header>
      <Group justify="space-between" align="baseline" gap="xs" mb="sm">
        <Title order={1} fz={24} fw={800} lh={1.2}>
          {dashboardText.pageTitle}
        </Title>
        <Text component="time" dateTime={day} fz="md" fw={600} c="dimmed">
          {longDate(day)}
        </Text>
      </Group>
      <SimpleGrid
        role="list"
        aria-label={dashboardText.counters.label}
        cols={{ base: 2, sm: 3, lg: Math.min(counters.length, 6) }}
        spacing="sm"
      >
        {counters.map((counter) => (
          <Counter key={counter.label} counter={counter} />
        ))}
      </SimpleGrid>
    </header>
  );
}

function Counter({ counter }: { counter: CounterValue }) {
  const labelId = useId();
  return (
    <Paper role="listitem" aria-labelledby={labelId} withBorder radius="md" px="md" py="sm">
      <Text id={labelId} fz="xs" fw={700} tt="uppercase" c="dimmed" lts="0.06em" lh={1.3}>
        {counter.label}
      </Text>
      {counter.value === undefined ? (
        <Skeleton height={30} width="50%" my={4} />
      ) : (
        <Text fz={30} fw={800} lh={1.25} style={{ fontVariantNumeric: 'tabular-nums' }}>
          {counter.value}
        </Text>
      )}
      <Text fz="xs" c="dimmed" truncate>
        {counter.hint ?? '\u00a0'}
      </Text>
    </Paper>
  );
}
