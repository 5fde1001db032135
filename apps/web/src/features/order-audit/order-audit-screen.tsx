/**
 * The order audit of one system type (R-OAUD-1..6): every change to its orders, schedules and
 * product lines, newest first, filtered by date, user, customer and order; each row opens to its
 * fields, old → new, named as a person reads them. The filters live in the URL, so a link (or the
 * order's history) opens it filtered; it refreshes when any order is saved or deleted.
 */
import { useMemo, useState } from 'react';
import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Button,
  CloseButton,
  Group,
  Loader,
  Pagination,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { linkParams, orderFormRoute } from '@dispatch/domain/links';
import type { OrderAuditEntry } from '@dispatch/domain/orders/order-audit';
import { systemTypeById, type SystemTypeId } from '@dispatch/domain/system-types';
import { AuditChangesTable } from '../../components/audit/audit-changes-table';
import {
  localDayInstant,
  useTypedFilter,
  useUrlFilters,
} from '../../components/audit/audit-filters';
import { useHubEvent, useHubReconnected } from '../../realtime/hub-events';
import {
  downloadOrderAuditCsv,
  orderAuditKeys,
  orderAuditPageQuery,
  type OrderAuditFilters,
} from './order-audit-api';
import { changeLabel, changeValue } from './order-audit-text';

const pageSize = 50;

const isOrderNumber = (text: string) => /^\d{1,9}$/.test(text.trim()) && Number(text) > 0;

const actionColors: Record<string, string> = {
  created: 'teal',
  updated: 'blue',
  copied: 'violet',
  deleted: 'red',
};

function EntryRows({
  entry,
  systemTypeId,
  expanded,
  onToggle,
  when,
}: {
  entry: OrderAuditEntry;
  systemTypeId: SystemTypeId;
  expanded: boolean;
  onToggle: () => void;
  when: Intl.DateTimeFormat;
}) {
  const { t, i18n } = useTranslation();
  const number = entry.orderNumber === null ? `#${entry.orderId}` : String(entry.orderNumber);
  const detailsId = `order-audit-entry-${entry.id}`;
  const fields = entry.changes
    .slice(0, 2)
    .map((change) => changeLabel(t, change))
    .join(', ');
  return (
    <>
      <Table.Tr
        onClick={onToggle}
        style={{ cursor: 'pointer' }}
        bg={expanded ? 'var(--mantine-color-default-hover)' : undefined}
      >
        <Table.Td w={44}>
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-expanded={expanded}
            aria-controls={detailsId}
            aria-label={t('orderAudit.expand', { number, when: when.format(new Date(entry.at)) })}
            onClick={(event) => {
              event.stopPropagation();
              onToggle();
            }}
          >
            <Text span size="sm" aria-hidden>
              {expanded ? '▾' : '▸'}
            </Text>
          </ActionIcon>
        </Table.Td>
        <Table.Td style={{ whiteSpace: 'nowrap' }}>{when.format(new Date(entry.at))}</Table.Td>
        <Table.Td>{entry.username}</Table.Td>
        <Table.Td>
          <Anchor
            component={Link}
            to={orderFormRoute('orderEntry', systemTypeId, entry.orderId)}
            fw={600}
            onClick={(event) => event.stopPropagation()}
            aria-label={t('orderAudit.openOrder', { number })}
          >
            {number}
          </Anchor>
        </Table.Td>
        <Table.Td>{entry.customerName || '—'}</Table.Td>
        <Table.Td>
          <Badge variant="light" tt="none" color={actionColors[entry.action] ?? 'gray'}>
            {t(`orderEntry.actions.${entry.action}`, { defaultValue: entry.action })}
          </Badge>
        </Table.Td>
        <Table.Td>
          <Text span size="sm" fw={500}>
            {entry.changes.length === 0
              ? t('auditTrail.noFields')
              : t('auditTrail.fields', { count: entry.changes.length })}
          </Text>
          {fields ? (
            <Text span size="xs" c="dimmed">
              {' · '}
              {fields}
              {entry.changes.length > 2 ? '…' : ''}
            </Text>
          ) : null}
        </Table.Td>
      </Table.Tr>
      {expanded ? (
        <Table.Tr id={detailsId} bg="var(--mantine-color-default-hover)">
          <Table.Td />
          <Table.Td colSpan={6} pb="md">
            <AuditChangesTable
              changes={entry.changes}
              action={entry.action}
              fieldLabel={(change) => changeLabel(t, change)}
              valueText={(change, side) => changeValue(t, i18n.language, change, side)}
            />
          </Table.Td>
        </Table.Tr>
      ) : null}
    </>
  );
}

function EmptyState({ filtered }: { filtered: boolean }) {
  const { t } = useTranslation();
  return (
    <Stack align="center" gap={6} py="xl">
      <ThemeIcon variant="light" color="gray" size={44} radius="xl" aria-hidden>
        <Text span fz={22} lh={1}>
          ≡
        </Text>
      </ThemeIcon>
      <Text fw={600}>{filtered ? t('orderAudit.noneFiltered') : t('orderAudit.none')}</Text>
      <Text size="sm" c="dimmed" maw={420} ta="center">
        {filtered ? t('orderAudit.noneFilteredHint') : t('orderAudit.noneHint')}
      </Text>
    </Stack>
  );
}

export function OrderAuditScreen({ systemTypeId }: { systemTypeId: SystemTypeId }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const { params, setParam, clear, page, filtered } = useUrlFilters();
  const [user, setUser] = useTypedFilter(params, setParam, 'user');
  const [customer, setCustomer] = useTypedFilter(params, setParam, 'customer');
  const [order, setOrder] = useTypedFilter(params, setParam, 'order');
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(new Set());
  const type = systemTypeById(systemTypeId);
  const typeName = t(`orderEntry.systemTypes.${type.key}`, { defaultValue: type.name });
  const typeWords = { type: typeName, typeLower: typeName.toLowerCase() };
  const orderId = params.get(linkParams.orderId);

  const filters: OrderAuditFilters = useMemo(() => {
    const text = (name: string) => params.get(name) ?? undefined;
    const from = localDayInstant(params.get('from'), false);
    const to = localDayInstant(params.get('to'), true);
    const chosen: OrderAuditFilters = { systemTypeId };
    for (const name of ['user', 'customer', 'order', linkParams.orderId] as const) {
      const value = text(name);
      // An order number being typed that is no number yet is not sent (the box says why).
      if (value && (name !== 'order' || isOrderNumber(value))) chosen[name] = value;
    }
    if (from) chosen.from = from;
    if (to) chosen.to = to;
    return chosen;
  }, [params, systemTypeId]);

  const audit = useQuery(orderAuditPageQuery(filters, page, pageSize));

  // R-OAUD-5: a saved or deleted order may add a change to what is shown.
  const refresh = () => void queryClient.invalidateQueries({ queryKey: orderAuditKeys.all });
  useHubEvent('orderUpdate_v1', refresh);
  useHubEvent('orderDelete_v1', refresh);
  useHubReconnected(refresh);

  const when = useMemo(
    () => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'medium' }),
    [i18n.language],
  );
  const count = audit.data?.count ?? 0;
  const pages = Math.max(1, Math.ceil(count / pageSize));
  const entries = audit.data?.entries ?? [];
  const linkedNumber = entries.find((entry) => String(entry.orderId) === orderId)?.orderNumber;

  const toggle = (id: number) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const handleExport = async () => {
    try {
      await downloadOrderAuditCsv(filters);
    } catch (error) {
      notifications.show({
        color: 'red',
        title: t('auditTrail.exportFailed'),
        message: error instanceof Error ? error.message : String(error),
      });
    }
  };

  const handleClear = () => {
    setUser('');
    setCustomer('');
    setOrder('');
    clear();
  };

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <div>
          <Title order={2}>{t('orderAudit.title', typeWords)}</Title>
          <Text size="sm" c="dimmed">
            {t('orderAudit.intro', typeWords)}
          </Text>
        </div>
        <Button variant="default" onClick={() => void handleExport()} disabled={count === 0}>
          {t('auditTrail.export')}
        </Button>
      </Group>
      <Paper withBorder radius="md" p="sm" bg="var(--mantine-color-default-hover)">
        <Group gap="sm" align="flex-end" wrap="wrap">
          <TextInput
            type="date"
            label={t('auditTrail.from')}
            value={params.get('from') ?? ''}
            onChange={(event) => setParam('from', event.currentTarget.value)}
            w={{ base: '47%', sm: 150 }}
          />
          <TextInput
            type="date"
            label={t('auditTrail.to')}
            value={params.get('to') ?? ''}
            onChange={(event) => setParam('to', event.currentTarget.value)}
            w={{ base: '47%', sm: 150 }}
          />
          <TextInput
            type="search"
            label={t('orderAudit.user')}
            placeholder={t('orderAudit.userPlaceholder')}
            value={user}
            onChange={(event) => setUser(event.currentTarget.value)}
            w={{ base: '100%', sm: 150 }}
          />
          <TextInput
            type="search"
            label={t('orderAudit.customer')}
            placeholder={t('orderAudit.customerPlaceholder')}
            value={customer}
            onChange={(event) => setCustomer(event.currentTarget.value)}
            w={{ base: '100%', sm: 200 }}
          />
          <TextInput
            type="search"
            inputMode="numeric"
            label={t('orderAudit.order')}
            placeholder={t('orderAudit.orderPlaceholder')}
            value={order}
            onChange={(event) => setOrder(event.currentTarget.value)}
            error={
              order.trim() !== '' && !isOrderNumber(order) ? t('orderAudit.orderInvalid') : null
            }
            w={{ base: '100%', sm: 140 }}
          />
          {orderId ? (
            <Badge
              size="lg"
              variant="light"
              tt="none"
              mb={4}
              rightSection={
                <CloseButton
                  size="xs"
                  aria-label={t('orderAudit.showAllOrders')}
                  onClick={() => setParam(linkParams.orderId, null)}
                />
              }
            >
              {t('orderAudit.onlyOrder', { number: linkedNumber ?? `#${orderId}` })}
            </Badge>
          ) : null}
          {filtered ? (
            <Button variant="subtle" onClick={handleClear}>
              {t('auditTrail.clear')}
            </Button>
          ) : null}
        </Group>
      </Paper>
      {audit.isError ? (
        <Alert color="red" title={t('orderAudit.loadFailed')} role="alert">
          {audit.error instanceof Error ? audit.error.message : String(audit.error)}
        </Alert>
      ) : null}
      <Paper withBorder radius="md">
        <Table.ScrollContainer minWidth={820}>
          <Table
            highlightOnHover
            verticalSpacing="xs"
            aria-label={t('orderAudit.title', typeWords)}
          >
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={44} />
                <Table.Th>{t('auditTrail.at')}</Table.Th>
                <Table.Th>{t('orderAudit.user')}</Table.Th>
                <Table.Th>{t('orderAudit.order')}</Table.Th>
                <Table.Th>{t('orderAudit.customer')}</Table.Th>
                <Table.Th miw={110}>{t('auditTrail.action')}</Table.Th>
                <Table.Th>{t('auditTrail.changes')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {entries.map((entry) => (
                <EntryRows
                  key={entry.id}
                  entry={entry}
                  systemTypeId={systemTypeId}
                  expanded={expanded.has(entry.id)}
                  onToggle={() => toggle(entry.id)}
                  when={when}
                />
              ))}
              {audit.isPending ? (
                <Table.Tr>
                  <Table.Td colSpan={7} ta="center" py="lg">
                    <Loader size="sm" aria-label={t('app.loading')} />
                  </Table.Td>
                </Table.Tr>
              ) : null}
              {audit.data && entries.length === 0 ? (
                <Table.Tr>
                  <Table.Td colSpan={7}>
                    <EmptyState filtered={filtered} />
                  </Table.Td>
                </Table.Tr>
              ) : null}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
      <Group justify="space-between" wrap="wrap">
        <Text size="sm" c="dimmed">
          {t('auditTrail.count', { count })}
        </Text>
        {pages > 1 ? (
          <Pagination
            total={pages}
            value={Math.min(page, pages)}
            onChange={(next) => setParam('page', String(next), true)}
            size="sm"
          />
        ) : null}
      </Group>
    </Stack>
  );
}

export function ConcreteOrderAuditScreen() {
  return <OrderAuditScreen systemTypeId={1} />;
}

export function AggregateOrderAuditScreen() {
  return <OrderAuditScreen systemTypeId={2} />;
}

export function BlockOrderAuditScreen() {
  return <OrderAuditScreen systemTypeId={3} />;
}
