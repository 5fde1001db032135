/**
 * R-TRACK-13: the order's e-mailed notices, in the contractor link's window: each one's kind, when
 * it was written, to whom, and whether it was sent, kept (no SMTP server: the dispatcher passes
 * it on) or failed; and what the customer did with a confirmation.
 */
import { Badge, Group, Stack, Text, Title } from '@mantine/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { orderNoticeListSchema, type OrderNotice } from '@dispatch/domain/tracking/notices';
import { orderKeys } from '../../data/orders/order-queries';
import { apiGet } from '../../lib/api-client';
import { dateLocale } from '../../lib/i18n/i18n';

/** Under the orders' keys, so any order event the cache cannot apply reads them again. */
export const orderNoticesQuery = (orderId: number) =>
  queryOptions({
    queryKey: [...orderKeys.all, 'notices', orderId] as const,
    queryFn: async ({ signal }) =>
      (await apiGet(`/api/v1/orders/${orderId}/notices`, orderNoticeListSchema, { signal })).data,
  });

const statusColor: Record<OrderNotice['status'], string> = {
  sent: 'green',
  kept: 'yellow',
  failed: 'red',
  pending: 'gray',
};

function NoticeRow({ notice }: { notice: OrderNotice }) {
  const { t } = useTranslation();
  const when = new Date(notice.sentAt ?? notice.createdAt).toLocaleString(dateLocale(), {
    dateStyle: 'medium',
    timeStyle: 'short',
  });
  return (
    <Stack gap={2} data-testid="order-notice">
      <Group gap="xs" justify="space-between" wrap="nowrap">
        <Text size="sm" fw={600}>
          {t(`orderEntry.notices.kinds.${notice.kind}`)}
        </Text>
        <Badge
          color={statusColor[notice.status]}
          variant="light"
          title={notice.reason ?? undefined}
        >
          {t(`orderEntry.notices.statuses.${notice.status}`)}
        </Badge>
      </Group>
      <Text size="xs" c="dimmed">
        {t('orderEntry.notices.line', { when, recipients: notice.recipients.join(', ') || '—' })}
      </Text>
      {notice.action && <Text size="xs">{t(`orderEntry.notices.actions.${notice.action}`)}</Text>}
      {notice.status !== 'sent' && notice.reason && (
        <Text size="xs" c="dimmed">
          {notice.reason}
        </Text>
      )}
    </Stack>
  );
}

export function OrderNoticesList({ orderId }: { orderId: number }) {
  const { t } = useTranslation();
  const notices = useQuery(orderNoticesQuery(orderId));
  return (
    <Stack gap="xs" mt="sm">
      <Title order={5}>{t('orderEntry.notices.title')}</Title>
      {notices.isError && (
        <Text size="sm" c="red" role="alert">
          {notices.error.message}
        </Text>
      )}
      {notices.data?.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('orderEntry.notices.none')}
        </Text>
      )}
      {notices.data?.map((notice) => (
        <NoticeRow key={notice.id} notice={notice} />
      ))}
    </Stack>
  );
}
