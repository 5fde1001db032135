import { useId } from 'react';
import { Group, Skeleton, Stack, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { SystemTypeId } from '@dispatch/domain/system-types';
import type { OrderBoard } from '../../data/orders/order-queries';
import { CardEmpty, QueryState } from './card-states';
import { DashboardCard } from './dashboard-card';
import { isCountedOrder, ordersByStatus, type SystemTypeOrders } from './dashboard-summaries';
import { dashboardText } from './dashboard-text';
import { SegmentBar, StatusDot } from './segment-bar';
import { orderStatusColors } from './status-colors';

type OrdersByStatusCardProps = {
  orders: UseQueryResult<OrderBoard>;
  /** The system types to show; undefined while they load. */
  systemTypeIds: readonly SystemTypeId[] | undefined;
  /** True when the user's groups unlock no system type at all. */
  noSystemTypes: boolean;
};

export function OrdersByStatusCard({
  orders,
  systemTypeIds,
  noSystemTypes,
}: OrdersByStatusCardProps) {
  const total = orders.data?.data.filter((row) => isCountedOrder(row.orderStatusId)).length;
  return (
    <DashboardCard
      title={dashboardText.cards.ordersByStatus}
      aside={total === undefined ? undefined : dashboardText.orders(total)}
    >
      <QueryState query={orders} skeleton={<OrdersSkeleton />}>
        {(board) => {
          if (noSystemTypes) {
            return (
              <CardEmpty
                title={dashboardText.empty.noSystemTypes}
                hint={dashboardText.empty.noSystemTypesHint}
              />
            );
          }
          if (systemTypeIds === undefined) return <OrdersSkeleton />;
          const bySystemType = ordersByStatus(board.data, systemTypeIds);
          if (bySystemType.every((entry) => entry.total === 0)) {
            return (
              <CardEmpty
                title={dashboardText.empty.noOrders}
                hint={dashboardText.empty.noOrdersHint}
              />
            );
          }
          return (
            <Stack gap="md">
              {bySystemType.map((entry) => (
                <SystemTypeStatuses key={entry.systemTypeId} entry={entry} />
              ))}
            </Stack>
          );
        }}
      </QueryState>
    </DashboardCard>
  );
}

function SystemTypeStatuses({ entry }: { entry: SystemTypeOrders }) {
  const headingId = useId();
  return (
    <div role="group" aria-labelledby={headingId}>
      <Group justify="space-between" align="baseline" mb={6}>
        <Text id={headingId} component="h3" fw={700} fz="sm" m={0}>
          {entry.name}
        </Text>
        <Text fz="xs" c="dimmed" style={{ fontVariantNumeric: 'tabular-nums' }}>
          {dashboardText.orders(entry.total)}
        </Text>
      </Group>
      {entry.total === 0 ? (
        <Text fz="sm" c="dimmed">
          {dashboardText.empty.noOrders}
        </Text>
      ) : (
        <>
          <SegmentBar
            segments={entry.statuses.map(({ status, count }) => ({
              key: status.id,
              value: count,
              color: orderStatusColors[status.key],
              label: `${dashboardText.orderStatus(status)}: ${count}`,
            }))}
          />
          <ul
            aria-label={dashboardText.ordersByStatusOf(entry.name)}
            style={{
              listStyle: 'none',
              margin: '8px 0 0',
              padding: 0,
              display: 'grid',
              gridTemplateColumns: 'repeat(auto-fill, minmax(130px, 1fr))',
              gap: '4px 16px',
            }}
          >
            {entry.statuses.map(({ status, count }) => (
              <li key={status.id} style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
                <StatusDot color={orderStatusColors[status.key]} />
                <Text component="span" fz="sm" style={{ flex: 1 }} truncate>
                  {dashboardText.orderStatus(status)}
                </Text>
                <Text
                  component="span"
                  fz="lg"
                  fw={700}
                  lh={1.3}
                  style={{ fontVariantNumeric: 'tabular-nums' }}
                >
                  {count}
                </Text>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

function OrdersSkeleton() {
  return (
    <Stack gap="xs" aria-hidden>
      <Skeleton height={14} width="30%" />
      <Skeleton height={8} radius="xl" />
      <Group gap="md" grow>
        <Skeleton height={22} />
        <Skeleton height={22} />
        <Skeleton height={22} />
      </Group>
    </Stack>
  );
}
