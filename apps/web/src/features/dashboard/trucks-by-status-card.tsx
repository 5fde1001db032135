import { useId } from 'react';
import { Group, Skeleton, Stack, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { formatMinutes } from '@dispatch/domain/dates/date-format';
import type { TruckList, TruckRow } from '../../data/trucks/truck-queries';
import { CardEmpty, QueryState } from './card-states';
import { DashboardCard } from './dashboard-card';
import type { PlantTrucks, TruckStatusGroup } from './dashboard-summaries';
import { dashboardText } from './dashboard-text';
import { SegmentBar, StatusDot } from './segment-bar';
import { noStatusColor, truckStatusColors } from './status-colors';

type TrucksByStatusCardProps = {
  trucks: UseQueryResult<TruckList>;
  /** The trucks grouped by plant and status (see trucksByPlant); undefined until they load. */
  byPlant: readonly PlantTrucks[] | undefined;
};

export function TrucksByStatusCard({ trucks, byPlant }: TrucksByStatusCardProps) {
  const total = byPlant?.reduce((sum, plant) => sum + plant.total, 0);
  return (
    <DashboardCard
      title={dashboardText.cards.trucksByStatus}
      aside={total === undefined ? undefined : dashboardText.trucks(total)}
    >
      <QueryState query={trucks} skeleton={<TrucksSkeleton />}>
        {() =>
          !byPlant?.length ? (
            <CardEmpty
              title={dashboardText.empty.noTrucks}
              hint={dashboardText.empty.noTrucksHint}
            />
          ) : (
            <Stack gap="md">
              {byPlant.map((plant) => (
                <PlantStrip key={plant.plantId ?? 'none'} plant={plant} />
              ))}
            </Stack>
          )
        }
      </QueryState>
    </DashboardCard>
  );
}

const groupColor = (group: TruckStatusGroup) =>
  group.status ? truckStatusColors[group.status.key] : noStatusColor;
const groupName = (group: TruckStatusGroup) =>
  group.status ? dashboardText.truckStatus(group.status) : dashboardText.noStatus;

function PlantStrip({ plant }: { plant: PlantTrucks }) {
  const headingId = useId();
  return (
    <div role="group" aria-labelledby={headingId}>
      <Group justify="space-between" align="baseline" mb={6} wrap="nowrap">
        <Text id={headingId} component="h3" fw={700} fz="sm" m={0} truncate>
          {plant.name}
        </Text>
        <Text
          fz="xs"
          c="dimmed"
          style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
        >
          {dashboardText.trucks(plant.total)} · {dashboardText.trucksOut(plant.out)}
        </Text>
      </Group>
      <SegmentBar
        segments={plant.groups.map((group) => ({
          key: group.status?.id ?? 'none',
          value: group.trucks.length,
          color: groupColor(group),
          label: `${groupName(group)}: ${group.trucks.length}`,
        }))}
      />
      <ul
        aria-label={dashboardText.trucksByStatusAt(plant.name)}
        style={{
          listStyle: 'none',
          margin: '8px 0 0',
          padding: 0,
          display: 'flex',
          flexWrap: 'wrap',
          gap: '6px 18px',
        }}
      >
        {plant.groups.map((group) => (
          <li
            key={group.status?.id ?? 'none'}
            style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 4, minWidth: 0 }}
          >
            <StatusDot color={groupColor(group)} />
            <Text component="span" fz="sm" ml={2}>
              {groupName(group)}
            </Text>
            <Text
              component="span"
              fz="sm"
              fw={700}
              mr={2}
              style={{ fontVariantNumeric: 'tabular-nums' }}
            >
              {group.trucks.length}
            </Text>
            {group.trucks.map((truck) => (
              <TruckChip key={truck.id} truck={truck} group={group} />
            ))}
          </li>
        ))}
      </ul>
    </div>
  );
}

function TruckChip({ truck, group }: { truck: TruckRow; group: TruckStatusGroup }) {
  const color = groupColor(group);
  const minutes = truck.minutes === null ? null : formatMinutes(truck.minutes);
  return (
    <span
      title={dashboardText.truckTitle(truck.identificationNumber, groupName(group), minutes)}
      style={{
        padding: '1px 6px',
        borderRadius: 4,
        fontSize: 'var(--mantine-font-size-xs)',
        lineHeight: '20px',
        fontWeight: 600,
        fontVariantNumeric: 'tabular-nums',
        background: `var(--mantine-color-${color}-light)`,
        color: `var(--mantine-color-${color}-light-color)`,
      }}
    >
      {truck.identificationNumber}
    </span>
  );
}

function TrucksSkeleton() {
  return (
    <Stack gap="md" aria-hidden>
      {[0, 1].map((index) => (
        <Stack key={index} gap={6}>
          <Skeleton height={14} width="30%" />
          <Skeleton height={8} radius="xl" />
          <Skeleton height={20} width="80%" />
          <Skeleton height={20} width="60%" />
        </Stack>
      ))}
    </Stack>
  );
}
