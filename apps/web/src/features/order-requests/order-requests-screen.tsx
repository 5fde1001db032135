/**
 * Online Order Requests (R-OREQ-9..11): the requests customers sent, pending first, with a chip per
 * status and its count; live from orderRequestUpdate_v1. Accept opens order entry pre-filled from
 * the request (its first save links the order); Reject asks for the reason the customer reads.
 * A pour page's request (R-TRACK-8, R-TRACK-9) is about an order already made: Accept answers it
 * with an optional word to the site, Reject with the reason the contractor reads.
 */
import { useMemo, useState } from 'react';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Chip,
  Group,
  Loader,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { menuEntryByEnumId, systemTypeForm } from '@dispatch/domain/menu/menu-catalogue';
import {
  countByStatus,
  orderRequestStatuses,
  type OrderRequestStatus,
  type OrderRequestView,
} from '@dispatch/domain/orders/order-requests';
import { permissionFlags } from '@dispatch/domain/permissions';
import { isSystemTypeId } from '@dispatch/domain/system-types';
import {
  acceptOrderRequest,
  orderRequestKeys,
  orderRequestListQuery,
  rejectOrderRequest,
} from '../../data/order-requests/order-request-queries';
import { fromRequestParam } from '../../data/order-requests/use-request-prefill';
import { useHubEvent, useHubReconnected } from '../../realtime/hub-events';
import { useUserAccess } from '../../session/session-queries';
import { DecideRequestDialog, type Decision } from './decide-request-dialog';
import { dayText, instantText, quantityText, statusColors, timeText } from './request-text';

type StatusFilter = OrderRequestStatus | 'all';

const formId = menuEntryByEnumId('OnlineOrderRequests')!.id;

export function OrderRequestsScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const access = useUserAccess();
  const flags = permissionFlags(access.permissions.levelOf(formId));
  const canDecide = flags.full;
  const [status, setStatus] = useState<StatusFilter>('pending');
  const [search, setSearch] = useState('');
  const [date, setDate] = useState('');
  const [typed] = useDebouncedValue(search.trim(), 300);
  const [deciding, setDeciding] = useState<{
    request: OrderRequestView;
    decision: Decision;
  } | null>(null);
  const [busy, setBusy] = useState(false);

  const query = useMemo(
    () => ({
      ...(typed ? { search: typed } : {}),
      ...(/^\d{4}-\d{2}-\d{2}$/.test(date) ? { date } : {}),
    }),
    [typed, date],
  );
  const list = useQuery({ ...orderRequestListQuery(query), placeholderData: keepPreviousData });
  const rows = useMemo(() => list.data ?? [], [list.data]);
  const counts = useMemo(() => countByStatus(rows), [rows]);
  const shown = status === 'all' ? rows : rows.filter((row) => row.status === status);

  const refresh = () => void queryClient.invalidateQueries({ queryKey: orderRequestKeys.lists() });
  useHubEvent('orderRequestUpdate_v1', refresh);
  useHubReconnected(refresh);

  const handleAccept = (request: OrderRequestView) => {
    if (request.kind !== 'order') {
      setDeciding({ request, decision: 'accept' });
      return;
    }
    if (!isSystemTypeId(request.systemTypeId)) return;
    const path = systemTypeForm('orderEntry', request.systemTypeId).path;
    void navigate(`${path}?${fromRequestParam}=${request.id}`);
  };

  const handleDecision = async (words: string) => {
    if (!deciding) return;
    const { request, decision } = deciding;
    setBusy(true);
    try {
      const answer =
        decision === 'reject'
          ? await rejectOrderRequest(request, words)
          : await acceptOrderRequest(request, { reply: words });
      notifications.show({
        color: 'teal',
        title:
          decision === 'reject'
            ? t('orderRequests.rejectedTitle', { id: answer.id })
            : t('orderRequests.acceptedTitle', { id: answer.id }),
        message: words || undefined,
      });
    } catch (error) {
      notifications.show({
        color: 'red',
        title: t('orderRequests.actionFailed'),
        message: error instanceof Error ? error.message : String(error),
      });
    } finally {
      setDeciding(null);
      setBusy(false);
      refresh();
    }
  };

  const statusLabel = (value: StatusFilter) =>
    value === 'all' ? t('orderRequests.all') : t(`orderRequests.statuses.${value}`);

  return (
    <Stack gap="md" maw={1440}>
      <div>
        <Title order={2}>{t('orderRequests.title')}</Title>
        <Text c="dimmed" size="sm">
          {t('orderRequests.subtitle')}
        </Text>
      </div>
      <Paper withBorder p="sm" radius="md">
        <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
          <Chip.Group value={status} onChange={(value) => setStatus(value)} multiple={false}>
            <Group gap={6} role="group" aria-label={t('orderRequests.columns.status')}>
              {(['all', ...orderRequestStatuses] as const).map((value) => (
                <Chip key={value} value={value} size="sm" variant="light">
                  {statusLabel(value)} ({value === 'all' ? rows.length : counts[value]})
                </Chip>
              ))}
            </Group>
          </Chip.Group>
          <Group gap="sm" align="flex-end">
            <TextInput
              label={t('orderRequests.search')}
              placeholder={t('orderRequests.searchPlaceholder')}
              value={search}
              onChange={(event) => setSearch(event.currentTarget.value)}
              w={220}
            />
            <TextInput
              label={t('orderRequests.date')}
              type="date"
              value={date}
              onChange={(event) => setDate(event.currentTarget.value)}
              w={170}
            />
          </Group>
        </Group>
      </Paper>
      <Group gap={6}>
        <Badge color="teal" variant="dot" size="md" tt="none" fw={500}>
          {t('orderRequests.live')}
        </Badge>
        {list.isFetching ? <Loader size="xs" /> : null}
      </Group>
      {list.isError ? (
        <Alert color="red" title={t('orderRequests.loadFailed')}>
          {list.error.message}
        </Alert>
      ) : null}
      <Paper withBorder radius="md" style={{ overflowX: 'auto' }}>
        <Table
          striped
          highlightOnHover
          verticalSpacing="sm"
          aria-label={t('orderRequests.listLabel')}
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th>#</Table.Th>
              <Table.Th>{t('orderRequests.columns.customer')}</Table.Th>
              <Table.Th>{t('orderRequests.columns.job')}</Table.Th>
              <Table.Th>{t('orderRequests.columns.product')}</Table.Th>
              <Table.Th style={{ textAlign: 'right' }}>
                {t('orderRequests.columns.quantity')}
              </Table.Th>
              <Table.Th>{t('orderRequests.columns.requested')}</Table.Th>
              <Table.Th>{t('orderRequests.columns.requestedBy')}</Table.Th>
              <Table.Th>{t('orderRequests.columns.status')}</Table.Th>
              <Table.Th>{t('orderRequests.columns.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.map((row) => (
              <RequestRow
                key={row.id}
                row={row}
                canDecide={canDecide}
                onAccept={handleAccept}
                onReject={(request) => setDeciding({ request, decision: 'reject' })}
              />
            ))}
            {shown.length === 0 && !list.isPending ? (
              <Table.Tr>
                <Table.Td colSpan={9}>
                  <Text c="dimmed" ta="center" py="lg">
                    {t('orderRequests.none')}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ) : null}
          </Table.Tbody>
        </Table>
        {list.isPending ? (
          <Group justify="center" p="lg">
            <Loader aria-label={t('app.loading')} />
          </Group>
        ) : null}
      </Paper>
      {deciding ? (
        <DecideRequestDialog
          request={deciding.request}
          decision={deciding.decision}
          busy={busy}
          onConfirm={(words) => void handleDecision(words)}
          onClose={() => setDeciding(null)}
        />
      ) : null}
    </Stack>
  );
}

/** One request: who asked, for what, when, how it stands, and the decisions still open. */
function RequestRow({
  row,
  canDecide,
  onAccept,
  onReject,
}: {
  row: OrderRequestView;
  canDecide: boolean;
  onAccept: (request: OrderRequestView) => void;
  onReject: (request: OrderRequestView) => void;
}) {
  const { t, i18n } = useTranslation();
  return (
    <Table.Tr key={row.id} data-request-id={row.id}>
      <Table.Td c="dimmed">{row.id}</Table.Td>
      <Table.Td>
        <Text size="sm" fw={600}>
          {row.customerName}
        </Text>
        <Text size="xs" c="dimmed">
          {row.customerNumber}
        </Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{row.jobNumber}</Text>
        {row.jobAddress ? (
          <Text size="xs" c="dimmed">
            {row.jobAddress}
          </Text>
        ) : null}
      </Table.Td>
      <Table.Td>
        <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
          {t(`orderRequests.systemTypes.${row.systemTypeId}`, {
            defaultValue: String(row.systemTypeId),
          })}
        </Text>
        {row.kind === 'order' ? (
          <Text size="sm">
            {row.productNumber} · {row.productDescription}
          </Text>
        ) : (
          <SiteRequest row={row} />
        )}
        {row.notes ? (
          <Text size="xs" c="dimmed" fs="italic" maw={280}>
            {row.notes}
          </Text>
        ) : null}
      </Table.Td>
      <Table.Td style={{ textAlign: 'right', fontVariantNumeric: 'tabular-nums' }} fw={600}>
        {quantityText(row.quantity, i18n.language)}
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        <Text size="sm">{dayText(row.requestedDate, i18n.language)}</Text>
        <Text size="xs" c="dimmed">
          {timeText(row.requestedTime) ?? t('orderRequests.anyTime')}
        </Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{row.requestedBy ?? t('orderRequests.fromPourPage')}</Text>
        <Text size="xs" c="dimmed">
          {instantText(row.createdAt, i18n.language)}
        </Text>
      </Table.Td>
      <Table.Td style={{ minWidth: 150 }}>
        <Badge color={statusColors[row.status]} variant="light" style={{ overflow: 'visible' }}>
          {t(`orderRequests.statuses.${row.status}`)}
        </Badge>
        {row.kind === 'order' &&
        row.status === 'accepted' &&
        row.orderId !== null &&
        isSystemTypeId(row.systemTypeId) ? (
          <Anchor
            component={Link}
            to={`${systemTypeForm('orderEntry', row.systemTypeId).path}/${row.orderId}`}
            size="xs"
            display="block"
          >
            {t('orderRequests.linkedOrder', { number: row.orderNumber })}
          </Anchor>
        ) : null}
        {row.reply ? (
          <Text size="xs" c="teal.8" maw={220}>
            {row.reply}
          </Text>
        ) : null}
        {row.rejectReason ? (
          <Text size="xs" c="red.8" maw={220}>
            {row.rejectReason}
          </Text>
        ) : null}
        {row.decidedAt ? (
          <Text size="xs" c="dimmed">
            {t('orderRequests.decided', {
              user: row.decidedBy ?? row.requestedBy ?? t('orderRequests.fromPourPage'),
              when: instantText(row.decidedAt, i18n.language),
            })}
          </Text>
        ) : null}
      </Table.Td>
      <Table.Td>
        {row.status === 'pending' && canDecide ? (
          <Group gap={6} wrap="nowrap">
            <Button
              size="xs"
              color="teal"
              onClick={() => onAccept(row)}
              aria-label={
                row.kind === 'order'
                  ? t('orderRequests.acceptLabel', { id: row.id })
                  : t('orderRequests.acceptSiteLabel', { id: row.id })
              }
            >
              {t('orderRequests.accept')}
            </Button>
            <Button
              size="xs"
              variant="light"
              color="red"
              onClick={() => onReject(row)}
              aria-label={t('orderRequests.rejectLabel', { id: row.id })}
            >
              {t('orderRequests.reject')}
            </Button>
          </Group>
        ) : null}
      </Table.Td>
    </Table.Tr>
  );
}

/** What the site asked from the pour page, about which order, and the number to call back. */
function SiteRequest({ row }: { row: OrderRequestView }) {
  const { t } = useTranslation();
  const orderPath =
    row.orderId !== null && isSystemTypeId(row.systemTypeId)
      ? `${systemTypeForm('orderEntry', row.systemTypeId).path}/${row.orderId}`
      : null;
  return (
    <>
      <Badge color="orange" variant="light" tt="none" style={{ overflow: 'visible' }}>
        {t(`orderRequests.kinds.${row.kind}`)}
      </Badge>
      {orderPath ? (
        <Anchor component={Link} to={orderPath} size="sm" display="block">
          {t('orderRequests.linkedOrder', { number: row.orderNumber })}
        </Anchor>
      ) : null}
      {row.callbackPhone ? (
        <Anchor href={`tel:${row.callbackPhone}`} size="sm" display="block">
          {t('orderRequests.callBack', { phone: row.callbackPhone })}
        </Anchor>
      ) : null}
    </>
  );
}
