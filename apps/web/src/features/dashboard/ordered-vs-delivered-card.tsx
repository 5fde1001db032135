import { Group, Skeleton, Stack, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { systemTypeById } from '@dispatch/domain/system-types';
import { unitDisplayName } from '@dispatch/domain/units';
import type { OrderBoard } from '../../data/orders/order-queries';
import type { PlantRow } from '../../data/plants/plant-queries';
import { CardEmpty, QueryState } from './card-states';
import { DashboardCard } from './dashboard-card';
import { quantitiesByPlant, type PlantQuantity } from './dashboard-summaries';
import { dashboardText } from './dashboard-text';
import { formatQuantity, formatQuantityWithUnit, unitAbbreviation } from './quantity-units';
import { colorVar } from './status-colors';

type OrderedVsDeliveredCardProps = {
  orders: UseQueryResult<OrderBoard>;
  plants: ReadonlyMap<number, PlantRow>;
};

export function OrderedVsDeliveredCard({ orders, plants }: OrderedVsDeliveredCardProps) {
  return (
    <DashboardCard title={dashboardText.cards.orderedVsDelivered}>
      <QueryState query={orders} skeleton={<QuantitiesSkeleton />}>
        {(board) => {
          const rows = quantitiesByPlant(board.data, plants);
          if (rows.length === 0) {
            return (
              <CardEmpty
                title={dashboardText.empty.noOrders}
                hint={dashboardText.empty.noOrdersHint}
              />
            );
          }
          const showSystemType = new Set(rows.map((row) => row.systemTypeId)).size > 1;
          return (
            <ul
              style={{
                listStyle: 'none',
                margin: 0,
                padding: 0,
                display: 'grid',
                gridTemplateColumns: 'minmax(0, 1fr)',
                gap: 12,
              }}
            >
              {rows.map((row) => (
                <PlantQuantityRow
                  key={`${row.plantId}:${row.unit}`}
                  row={row}
                  showSystemType={showSystemType}
                />
              ))}
            </ul>
          );
        }}
      </QueryState>
    </DashboardCard>
  );
}

type PlantQuantityRowProps = { row: PlantQuantity; showSystemType: boolean };

function PlantQuantityRow({ row, showSystemType }: PlantQuantityRowProps) {
  const percent = row.ordered > 0 ? (row.delivered / row.ordered) * 100 : 0;
  const done = row.ordered > 0 && row.delivered >= row.ordered;
  const unit = unitAbbreviation(row.unit);
  const valueText = dashboardText.deliveredOf(
    formatQuantity(row.delivered),
    formatQuantityWithUnit(row.ordered, row.unit),
  );
  return (
    <li>
      <Group justify="space-between" align="baseline" gap="xs" wrap="nowrap" mb={4}>
        <Text fz="sm" fw={600} truncate style={{ flex: 1, minWidth: 0 }}>
          {row.name}
          {showSystemType && (
            <Text component="span" fz="xs" c="dimmed" fw={400} visibleFrom="sm">
              {' · '}
              {dashboardText.systemType(systemTypeById(row.systemTypeId))}
            </Text>
          )}
        </Text>
        <Text
          fz="sm"
          style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
          title={unitDisplayName(row.unit)}
        >
          <Text component="span" fz="lg" fw={700}>
            {formatQuantity(row.delivered)}
          </Text>
          <Text component="span" c="dimmed">
            {' / '}
            {formatQuantity(row.ordered)} {unit}
          </Text>
          <Text component="span" fw={600} ml={8} c={done ? 'teal.7' : undefined}>
            {dashboardText.percent(percent)}
          </Text>
        </Text>
      </Group>
      <div
        role="progressbar"
        aria-label={dashboardText.deliveredAt(row.name)}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(Math.min(percent, 100))}
        aria-valuetext={valueText}
        style={{
          height: 8,
          borderRadius: 4,
          overflow: 'hidden',
          background: 'var(--mantine-color-default-border)',
        }}
      >
        <div
          style={{
            width: `${Math.min(percent, 100)}%`,
            height: '100%',
            borderRadius: 4,
            background: colorVar(done ? 'teal' : 'blue'),
            transition: 'width 300ms ease',
          }}
        />
      </div>
    </li>
  );
}

function QuantitiesSkeleton() {
  return (
    <Stack gap="md" aria-hidden>
      {[0, 1, 2].map((index) => (
        <Stack key={index} gap={6}>
          <Group justify="space-between">
            <Skeleton height={14} width="35%" />
            <Skeleton height={14} width="25%" />
          </Group>
          <Skeleton height={8} radius="xl" />
        </Stack>
      ))}
    </Stack>
  );
}
