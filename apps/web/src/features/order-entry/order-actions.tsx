/**
 * What a saved order offers besides saving: Copy to a date (R-ORD-7: a new order, then opened),
 * Reopen a complete order (R-DELIV-9) and History (R-ORD-8: every change, newest first, field by
 * field).
 */
import { useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Drawer,
  Group,
  Loader,
  Modal,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { notInPast } from '@dispatch/domain/dates/not-in-past';
import { orderFormRoute } from '@dispatch/domain/links';
import type { SystemTypeId } from '@dispatch/domain/system-types';
import { ReasonDialog } from '../../components/dialogs/reason-dialog';
import { orderKeys } from '../../data/orders/order-queries';
import { copyOrder, orderHistoryQuery, reopenOrder, type OrderDetail } from './order-entry-api';
import { addDays, today } from './order-entry-form';

/** R-DELIV-9: a complete order is reopened with a reason (its history keeps it). */
export function ReopenOrderButton({ order }: { order: OrderDetail }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [opened, setOpened] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | undefined>(undefined);
  const handleConfirm = async (reason: string) => {
    setPending(true);
    setError(undefined);
    try {
      const reopened = await reopenOrder(order.id, order.version, reason);
      queryClient.setQueryData(orderKeys.detail(order.id), reopened);
      notifications.show({
        color: 'teal',
        message: t('orderEntry.reopened', { number: order.number }),
      });
      setOpened(false);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setPending(false);
    }
  };
  return (
    <>
      <Button variant="default" onClick={() => setOpened(true)}>
        {t('orderEntry.reopen')}
      </Button>
      <ReasonDialog
        text={
          opened
            ? {
                title: t('orderEntry.reopenTitle', { number: order.number }),
                body: t('orderEntry.reopenText', { number: order.number }),
                reasonLabel: t('orderEntry.reopenReason'),
                reasonRequired: t('orderEntry.reopenReasonRequired'),
                cancel: t('resource.cancel', { defaultValue: 'Cancel' }),
                confirm: t('orderEntry.reopenConfirm'),
              }
            : null
        }
        pending={pending}
        error={error}
        onConfirm={(reason) => void handleConfirm(reason)}
        onClose={() => {
          setError(undefined);
          setOpened(false);
        }}
      />
    </>
  );
}

export function CopyOrderButton({ order, screenPath }: { order: OrderDetail; screenPath: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [opened, setOpened] = useState(false);
  // R-ORD-24: tomorrow, the usual day to copy an order to, unless another is chosen.
  const tomorrow = addDays(today(), 1);
  const [shipDate, setShipDate] = useState(tomorrow);
  // R-VALID-14: a copy is for a day still to come; a day before today is flagged, not sent.
  const past = notInPast(shipDate, today()) !== null;
  const [error, setError] = useState<string | null>(null);
  const [copying, setCopying] = useState(false);

  const copy = async () => {
    setCopying(true);
    setError(null);
    try {
      const made = await copyOrder(order.id, shipDate);
      queryClient.setQueryData(orderKeys.detail(made.id), made);
      notifications.show({
        color: 'teal',
        title: t('orderEntry.copiedTitle', { number: made.number }),
        message: t('orderEntry.copiedText', { source: order.number, shipDate }),
      });
      setOpened(false);
      await navigate(`${screenPath}/${made.id}`);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setCopying(false);
    }
  };

  return (
    <>
      <Button
        variant="default"
        onClick={() => {
          setShipDate(addDays(today(), 1));
          setError(null);
          setOpened(true);
        }}
      >
        {t('orderEntry.copy')}
      </Button>
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title={t('orderEntry.copyTitle', { number: order.number })}
        size="sm"
      >
        <form
          onSubmit={(event) => {
            event.preventDefault();
            event.stopPropagation();
            if (!past) void copy();
          }}
        >
          <Stack gap="sm">
            <TextInput
              type="date"
              label={t('orderEntry.copyShipDate')}
              value={shipDate}
              onChange={(event) => setShipDate(event.currentTarget.value)}
              description={
                shipDate === tomorrow
                  ? t('orderEntry.copyIsTomorrow', { date: tomorrow })
                  : undefined
              }
              error={past ? t('orderEntry.copyNotInPast') : undefined}
              min={today()}
              required
              data-autofocus
            />
            <Group gap="xs">
              <Button
                size="compact-sm"
                variant={shipDate === tomorrow ? 'light' : 'default'}
                onClick={() => setShipDate(tomorrow)}
              >
                {t('orderEntry.copyTomorrow')}
              </Button>
              <Button
                size="compact-sm"
                variant={shipDate === today() ? 'light' : 'default'}
                onClick={() => setShipDate(today())}
              >
                {t('orderEntry.copyToday')}
              </Button>
            </Group>
            <Text size="xs" c="dimmed">
              {t('orderEntry.copyHint')}
            </Text>
            {error && (
              <Alert color="red" role="alert">
                {error}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setOpened(false)}>
                {t('resource.cancel', { defaultValue: 'Cancel' })}
              </Button>
              <Button type="submit" loading={copying} disabled={!shipDate || past}>
                {t('orderEntry.copyConfirm')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}

function shown(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

export function HistoryDrawer({
  orderId,
  number,
  systemTypeId,
  opened,
  onClose,
}: {
  orderId: number;
  number: number;
  systemTypeId: SystemTypeId;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const history = useQuery({ ...orderHistoryQuery(orderId), enabled: opened });
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size="lg"
      title={t('orderEntry.historyTitle', { number })}
    >
      {/* R-OAUD-7: the whole audit of this order, searchable and exportable. */}
      <Button
        component={Link}
        to={orderFormRoute('auditOrder', systemTypeId, orderId)}
        variant="light"
        size="xs"
        mb="sm"
      >
        {t('orderAudit.openFromHistory')}
      </Button>
      {history.isPending ? (
        <Group justify="center" p="lg">
          <Loader size="sm" aria-label={t('app.loading')} />
        </Group>
      ) : history.isError ? (
        <Alert color="red">{history.error.message}</Alert>
      ) : history.data.length === 0 ? (
        <Text c="dimmed">{t('orderEntry.historyNone')}</Text>
      ) : (
        <Stack gap="sm">
          {history.data.map((entry) => (
            <Paper key={entry.id} withBorder radius="sm" p="sm">
              <Group justify="space-between" mb={4}>
                <Group gap="xs">
                  <Badge variant="light">
                    {t(`orderEntry.actions.${entry.action}`, { defaultValue: entry.action })}
                  </Badge>
                  <Text size="sm" fw={500}>
                    {entry.username}
                  </Text>
                </Group>
                <Text size="xs" c="dimmed">
                  {new Date(entry.at).toLocaleString()}
                </Text>
              </Group>
              {entry.changes.length > 0 && (
                <Table fz="xs" verticalSpacing={2} horizontalSpacing="xs">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('orderEntry.historyField')}</Table.Th>
                      <Table.Th>{t('orderEntry.historyBefore')}</Table.Th>
                      <Table.Th>{t('orderEntry.historyAfter')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {entry.changes.map((change) => (
                      <Table.Tr key={change.field}>
                        <Table.Td ff="monospace">{change.field}</Table.Td>
                        <Table.Td c="dimmed">{shown(change.before)}</Table.Td>
                        <Table.Td>{shown(change.after)}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              )}
            </Paper>
          ))}
        </Stack>
      )}
    </Drawer>
  );
}
