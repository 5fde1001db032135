/**
 * R-KPI-1..6: Delivery performance, the cycle figures from the tickets' stamps: on-time first
 * loads, minutes per stage, truck utilisation and quantity per truck-hour, for the whole and per
 * plant, today unless another period is picked. The server does the arithmetic (the domain's
 * `deliveryKpis`); this card only shows it, a figure with nothing to measure as a dash, never 0.
 */
import { useId, useState, type ReactNode } from 'react';
import { Button, Group, SimpleGrid, Skeleton, Stack, Table, Text, TextInput } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  deliveryKpiMaxDays,
  type DeliveryKpiFigures,
  type DeliveryKpis,
} from '@dispatch/domain/delivery-kpis/delivery-kpis-schema';
import { deliveryStageKeys } from '@dispatch/domain/delivery-kpis/stage-minutes';
import type { PlantRow } from '../../data/plants/plant-queries';
import { dateLocale } from '../../lib/i18n/i18n';
import { useHubReconnected } from '../../realtime/hub-events';
import { CardEmpty, QueryState } from './card-states';
import { DashboardCard } from './dashboard-card';
import { plantName } from './dashboard-summaries';
import { dashboardText } from './dashboard-text';
import {
  deliveryKpiKeys,
  deliveryKpiQueries,
  periodProblems,
  type KpiPeriod,
  type PeriodProblems,
} from './delivery-kpi-query';

type DeliveryPerformanceCardProps = {
  /** Today as YYYY-MM-DD: the period the card opens with, and follows until another is picked. */
  today: string;
  plants: ReadonlyMap<number, PlantRow>;
};

const text = dashboardText.delivery;
const numeric = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;
/** What a figure with nothing to divide by shows (R-KPI-1: no data is null, never 0). */
const dash = '—';

function formatted(value: number, digits: number): string {
  return value.toLocaleString(dateLocale(), { maximumFractionDigits: digits });
}

/** A figure, or the dash with "No data" for a pointer to hover over. */
function Figure({ value, render }: { value: number | null; render: (value: number) => string }) {
  return value === null ? <span title={text.noData}>{dash}</span> : <>{render(value)}</>;
}

const percent = (value: number) => `${formatted(value, 1)}%`;
const minutes = (value: number) => formatted(value, 1);
const perHour = (value: number) => formatted(value, 2);

export function DeliveryPerformanceCard({ today, plants }: DeliveryPerformanceCardProps) {
  // Null: today's figures, which move to the new day at midnight with the rest of the dashboard.
  const [chosen, setChosen] = useState<KpiPeriod | null>(null);
  const period = chosen ?? { from: today, to: today };
  const problems = periodProblems(period);
  const valid = problems.from === undefined && problems.to === undefined;
  const includesToday = period.from <= today && today <= period.to;
  const kpis = useQuery({
    ...deliveryKpiQueries.period(period, includesToday),
    enabled: valid,
  });
  const isToday = period.from === today && period.to === today;
  // Stamps made while the hub was away are read again at once, as the other cards do.
  const queryClient = useQueryClient();
  useHubReconnected(() => void queryClient.invalidateQueries({ queryKey: deliveryKpiKeys.all }));

  return (
    <DashboardCard
      title={text.title}
      aside={isToday ? text.today : valid ? text.periodOf(period.from, period.to) : undefined}
    >
      <Stack gap="md">
        <PeriodPicker
          period={period}
          problems={problems}
          isToday={isToday}
          onChange={setChosen}
          onToday={() => setChosen(null)}
        />
        <QueryState query={kpis} skeleton={<FiguresSkeleton />}>
          {(answer) => <Figures answer={answer} plants={plants} />}
        </QueryState>
      </Stack>
    </DashboardCard>
  );
}

type PeriodPickerProps = {
  period: KpiPeriod;
  problems: PeriodProblems;
  isToday: boolean;
  onChange: (period: KpiPeriod) => void;
  onToday: () => void;
};

function problemText(problem: PeriodProblems['to']): string | undefined {
  if (problem === 'badDay') return text.badDay;
  if (problem === 'toBeforeFrom') return text.toBeforeFrom;
  if (problem === 'tooLong') return text.tooLong(deliveryKpiMaxDays);
  return undefined;
}

function PeriodPicker({ period, problems, isToday, onChange, onToday }: PeriodPickerProps) {
  return (
    <Group role="group" aria-label={text.period} gap="sm" align="flex-end" wrap="wrap">
      <TextInput
        type="date"
        size="sm"
        label={text.from}
        value={period.from}
        error={problemText(problems.from)}
        onChange={(event) => onChange({ ...period, from: event.currentTarget.value })}
        style={{ flex: '1 1 9rem', maxWidth: '13rem' }}
      />
      <TextInput
        type="date"
        size="sm"
        label={text.to}
        value={period.to}
        error={problemText(problems.to)}
        onChange={(event) => onChange({ ...period, to: event.currentTarget.value })}
        style={{ flex: '1 1 9rem', maxWidth: '13rem' }}
      />
      <Button size="sm" variant="default" disabled={isToday} onClick={onToday}>
        {text.today}
      </Button>
    </Group>
  );
}

function Tile({ label, hint, children }: { label: string; hint?: string; children: ReactNode }) {
  const labelId = useId();
  return (
    <Stack role="listitem" aria-labelledby={labelId} gap={2}>
      <Text id={labelId} fz="xs" fw={700} tt="uppercase" c="dimmed" lts="0.04em" lh={1.3}>
        {label}
      </Text>
      <Text fz={24} fw={800} lh={1.25} style={numeric}>
        {children}
      </Text>
      {hint && (
        <Text fz="xs" c="dimmed">
          {hint}
        </Text>
      )}
    </Stack>
  );
}

function Figures({
  answer,
  plants,
}: {
  answer: DeliveryKpis;
  plants: ReadonlyMap<number, PlantRow>;
}) {
  return (
    <Stack gap="md">
      <SimpleGrid role="list" aria-label={text.title} cols={{ base: 1, xs: 3 }} spacing="md">
        <Tile label={text.onTime} hint={text.onTimeHint}>
          <Figure value={answer.onTimePercent} render={percent} />
        </Tile>
        <Tile label={text.utilisation} hint={text.utilisationHint}>
          <Figure value={answer.truckUtilisationPercent} render={percent} />
        </Tile>
        <Tile label={text.perTruckHour} hint={text.perTruckHourHint}>
          <Figure value={answer.quantityPerTruckHour} render={perHour} />
        </Tile>
      </SimpleGrid>
      <StageMinutes figures={answer} />
      {answer.byPlant.length === 0 ? (
        <CardEmpty title={text.empty} hint={text.emptyHint} />
      ) : (
        <PlantTable answer={answer} plants={plants} />
      )}
      <Text fz="xs" c="dimmed">
        {text.dashMeans}
      </Text>
    </Stack>
  );
}

function StageMinutes({ figures }: { figures: DeliveryKpiFigures }) {
  const headingId = useId();
  return (
    <Stack gap={6}>
      <Text id={headingId} fz="sm" fw={700}>
        {text.stageMinutes}
      </Text>
      <SimpleGrid
        role="list"
        aria-labelledby={headingId}
        cols={{ base: 2, sm: 3, lg: 6 }}
        spacing="sm"
        verticalSpacing="xs"
      >
        {deliveryStageKeys.map((stage) => (
          <StageTile key={stage} label={text.stage(stage)} value={figures.stageMinutes[stage]} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}

function StageTile({ label, value }: { label: string; value: number | null }) {
  const labelId = useId();
  return (
    <Stack role="listitem" aria-labelledby={labelId} gap={0}>
      <Text id={labelId} fz="xs" c="dimmed" truncate>
        {label}
      </Text>
      <Text fz="lg" fw={700} style={numeric}>
        <Figure value={value} render={(minutesValue) => text.minutes(minutes(minutesValue))} />
      </Text>
    </Stack>
  );
}

/** Per plant; on a phone the table scrolls sideways within the card, the plant's name first. */
function PlantTable({
  answer,
  plants,
}: {
  answer: DeliveryKpis;
  plants: ReadonlyMap<number, PlantRow>;
}) {
  return (
    <Table.ScrollContainer minWidth={760} type="native">
      <Table
        aria-label={text.byPlant}
        fz="sm"
        verticalSpacing={6}
        horizontalSpacing={8}
        highlightOnHover
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{text.plant}</Table.Th>
            <Table.Th ta="right">{text.onTime}</Table.Th>
            {deliveryStageKeys.map((stage) => (
              <Table.Th key={stage} ta="right">
                {text.stageHeading(stage)}
              </Table.Th>
            ))}
            <Table.Th ta="right">{text.utilisation}</Table.Th>
            <Table.Th ta="right">{text.perTruckHour}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {answer.byPlant.map((row) => (
            <Table.Tr key={row.plantId}>
              <Table.Th scope="row" fw={600}>
                {plantName(plants, row.plantId)}
              </Table.Th>
              <Table.Td ta="right" style={numeric}>
                <Figure value={row.onTimePercent} render={percent} />
              </Table.Td>
              {deliveryStageKeys.map((stage) => (
                <Table.Td key={stage} ta="right" style={numeric}>
                  <Figure value={row.stageMinutes[stage]} render={minutes} />
                </Table.Td>
              ))}
              <Table.Td ta="right" style={numeric}>
                <Figure value={row.truckUtilisationPercent} render={percent} />
              </Table.Td>
              <Table.Td ta="right" style={numeric}>
                <Figure value={row.quantityPerTruckHour} render={perHour} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function FiguresSkeleton() {
  return (
    <Stack gap={8} aria-hidden>
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
        {[0, 1, 2].map((index) => (
          <Skeleton key={index} height={48} />
        ))}
      </SimpleGrid>
      {[0, 1, 2].map((index) => (
        <Skeleton key={index} height={18} />
      ))}
    </Stack>
  );
}
