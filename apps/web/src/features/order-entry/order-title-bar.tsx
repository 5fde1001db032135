/** The order's title and status, and its actions: History, Reopen, Copy, New, Discard, Save. */
import { Badge, Button, Group, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { orderStatuses } from '@dispatch/domain/orders/order-status';
import { orderStatusIds } from '@dispatch/domain/orders/order-status';
import type { OrderDetail } from './order-entry-api';
import { CopyOrderButton, ReopenOrderButton } from './order-actions';
import { TrackingLinkButton } from './tracking-link-button';

export function OrderTitleBar({
  title,
  status,
  saved,
  isDirty,
  isNew,
  canWrite,
  readOnly,
  saving,
  screenPath,
  onHistory,
  onDiscard,
}: {
  title: string;
  status: (typeof orderStatuses)[number] | undefined;
  saved: OrderDetail | undefined;
  isDirty: boolean;
  isNew: boolean;
  canWrite: boolean;
  readOnly: boolean;
  saving: boolean;
  screenPath: string;
  onHistory: () => void;
  onDiscard: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Group justify="space-between" align="center" wrap="wrap" gap="sm">
      <Group gap="sm" align="center">
        <Title order={2}>{title}</Title>
        {status && saved && (
          <Badge variant="light" color={status.key === 'onHold' ? 'orange' : 'blue'}>
            {t(`orderEntry.statuses.${status.key}`)}
          </Badge>
        )}
        {isDirty && (
          <Badge color="yellow" variant="light">
            {t('resource.unsaved', { defaultValue: 'Unsaved changes' })}
          </Badge>
        )}
      </Group>
      <Group gap="xs">
        {saved && (
          <>
            <Button variant="default" onClick={() => onHistory()}>
              {t('orderEntry.history')}
            </Button>
            {canWrite && saved.orderStatusId === orderStatusIds.complete && (
              <ReopenOrderButton order={saved} />
            )}
            {canWrite && <TrackingLinkButton order={saved} />}
            {canWrite && <CopyOrderButton order={saved} screenPath={screenPath} />}
            <Button variant="default" component={Link} to={screenPath}>
              {t('orderEntry.newOrder')}
            </Button>
          </>
        )}
        {isDirty && (
          <Button variant="default" onClick={() => onDiscard()} disabled={saving}>
            {t('resource.discard', { defaultValue: 'Discard changes' })}
          </Button>
        )}
        {canWrite && (
          <Button type="submit" loading={saving} disabled={readOnly || (!isDirty && !isNew)}>
            {t('orderEntry.save')}
          </Button>
        )}
      </Group>
    </Group>
  );
}
