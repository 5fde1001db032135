/**
 * R-BOARD-34: at phone width the board is a read-only list of the next loads per plant: time,
 * order, customer, quantity and how urgent, the next to send first.
 */
import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isSendable, loadUrgency } from '@dispatch/domain/dispatch/board-timeline';
import type { BoardLoad, BoardOrder, BoardPlant } from '@dispatch/domain/dispatch/load-board';
import { urgencyBadge } from './board-colors';
import { SiteAsks } from './site-asks';

export const phoneLoadsPerPlant = 8;

type Props = {
  plants: readonly BoardPlant[];
  orders: readonly BoardOrder[];
  now: number;
  nextLoadIds: ReadonlySet<number>;
  formatTime: (at: number) => string;
};

export function nextLoadsOfPlant(
  plantId: number,
  orders: readonly BoardOrder[],
): { order: BoardOrder; load: BoardLoad }[] {
  return orders
    .flatMap((order) =>
      order.loads
        .filter((load) => load.plantId === plantId && isSendable(order, load))
        .map((load) => ({ order, load })),
    )
    .sort(
      (a, b) => Date.parse(a.load.projected.ticketTime) - Date.parse(b.load.projected.ticketTime),
    )
    .slice(0, phoneLoadsPerPlant);
}

export function PhoneLoadList({ plants, orders, now, nextLoadIds, formatTime }: Props) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      {plants.map((plant) => {
        const next = nextLoadsOfPlant(plant.id, orders);
        return (
          <Paper
            key={plant.id}
            withBorder
            radius="sm"
            p="xs"
            role="region"
            aria-label={plant.description}
          >
            <Group justify="space-between" mb={4}>
              <Text fw={700} size="sm">
                {plant.description}
              </Text>
              <Badge size="sm" variant="light" tt="none">
                {t('loadScheduling.inYard', { count: plant.yard.length })}
              </Badge>
            </Group>
            {next.length === 0 && (
              <Text size="xs" c="dimmed">
                {t('loadScheduling.phoneNone')}
              </Text>
            )}
            <Stack gap={4} role="list">
              {next.map(({ order, load }) => {
                const urgency = loadUrgency(load, new Date(now));
                return (
                  <Group
                    key={load.id}
                    role="listitem"
                    gap="xs"
                    wrap="nowrap"
                    p={4}
                    style={{
                      borderLeft: `4px solid var(--mantine-color-${urgencyBadge[urgency]}-6)`,
                      background: nextLoadIds.has(load.id)
                        ? 'var(--mantine-color-yellow-0)'
                        : undefined,
                    }}
                  >
                    <Text
                      size="sm"
                      fw={700}
                      w={64}
                      style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
                    >
                      {formatTime(Date.parse(load.projected.ticketTime))}
                    </Text>
                    <div style={{ flex: 1, minWidth: 0 }}>
                      <Text size="sm" fw={600} truncate>
                        {order.number} · {order.customerName}
                      </Text>
                      <SiteAsks order={order} />
                      <Text size="xs" c="dimmed" truncate>
                        {t('loadScheduling.phoneLoad', {
                          load: load.loadNumber,
                          quantity: load.quantity,
                          unit: order.unitOfMeasure,
                          job: order.jobDescription || order.jobAddress,
                        })}
                      </Text>
                    </div>
                    <Badge
                      size="sm"
                      color={urgencyBadge[urgency]}
                      tt="none"
                      style={{ flexShrink: 0 }}
                    >
                      {nextLoadIds.has(load.id)
                        ? t('loadScheduling.next')
                        : t(`loadScheduling.urgency.${urgency}`)}
                    </Badge>
                  </Group>
                );
              })}
            </Stack>
          </Paper>
        );
      })}
    </Stack>
  );
}
