/**
 * R-TRACK-16: the external user's orders, around today, each with a way to follow its pour: the
 * same pour page the site's foreman opens, through the user's own link, in this tab.
 */
import { useState } from 'react';
import { Alert, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isOrderStatusId, orderStatusById } from '@dispatch/domain/orders/order-status';
import type { CustomerOrder } from '@dispatch/domain/tracking/customer-orders';
import {
  customerOrdersQuery,
  customerPourLink,
} from '../../data/customer-orders/customer-order-queries';
import { dayText, quantityText } from './request-text';

function OrderRow({ order }: { order: CustomerOrder }) {
  const { t, i18n } = useTranslation();
  const [opening, setOpening] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  const status = isOrderStatusId(order.statusId) ? orderStatusById(order.statusId) : null;
  const follow = async () => {
    setOpening(true);
    setFailed(null);
    try {
      const { url } = await customerPourLink(order.id);
      window.location.assign(url);
    } catch (error) {
      setFailed(error instanceof Error ? error.message : String(error));
      setOpening(false);
    }
  };
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      component="article"
      aria-label={t('orderRequests.external.order', { number: order.number })}
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <div>
          <Text fw={700}>
            {t('orderRequests.external.order', { number: order.number })} ·{' '}
            {dayText(order.shipDate, i18n.language)}
          </Text>
          <Text size="sm">{order.jobName}</Text>
          <Text size="sm" c="dimmed">
            {order.product} ·{' '}
            {t('orderRequests.external.deliveredOf', {
              delivered: quantityText(order.deliveredQuantity, i18n.language),
              ordered: quantityText(order.orderedQuantity, i18n.language),
              unit: order.unit,
            })}
          </Text>
          {failed ? (
            <Text size="sm" c="red.8" role="alert">
              {failed}
            </Text>
          ) : null}
        </div>
        <Stack gap={6} align="flex-end">
          {status ? (
            <Badge variant="light" color="gray" tt="none">
              {t(`orderEntry.statuses.${status.key}`)}
            </Badge>
          ) : null}
          <Button
            size="xs"
            loading={opening}
            onClick={() => void follow()}
            aria-label={t('orderRequests.external.followLabel', { number: order.number })}
          >
            {t('orderRequests.external.follow')}
          </Button>
        </Stack>
      </Group>
    </Paper>
  );
}

export function CustomerOrders() {
  const { t } = useTranslation();
  const orders = useQuery(customerOrdersQuery());
  return (
    <Stack gap="sm" component="section" aria-labelledby="my-orders-title" mb="lg">
      <Title order={3} id="my-orders-title">
        {t('orderRequests.external.ordersTitle')}
      </Title>
      <Text size="xs" c="dimmed">
        {t('orderRequests.external.ordersHint')}
      </Text>
      {orders.isError ? <Alert color="red">{orders.error.message}</Alert> : null}
      {orders.data?.length === 0 ? (
        <Paper withBorder radius="md" p="md">
          <Text c="dimmed" ta="center">
            {t('orderRequests.external.noOrders')}
          </Text>
        </Paper>
      ) : null}
      {(orders.data ?? []).map((order) => (
        <OrderRow key={order.id} order={order} />
      ))}
    </Stack>
  );
}
