/**
 * The order audit of one system type (R-OAUD-1..6): every change to its orders, schedules and
 * product lines, newest first, filtered by date, user, customer and order; each row opens to its
 * fields, old → new, named as a person reads them. The filters live in the URL, so a link (or the
 * order's history) opens it filtered; it refreshes when any order is saved or deleted.
 */
import { useMemo } from 'react';
import {
  Anchor,
  Badge,
  CloseButton,
  Group,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  ThemeIcon,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { linkParams, orderFormRoute } from '@dispatch/domain/links';
import type { OrderAuditEntry } from '@dispatch/domain/orders/order-audit';
import { systemTypeById, type SystemTypeId } from '@dispatch/domain/system-types';
import { AuditChangesTable } from '../../components/audit/audit-changes-table';
import {
  AuditChangesSummary,
  AuditEntryRow,
  useAuditTimeFormat,
  useOpenedEntries,
} from '../../components/audit/audit-entry-row';
import { AuditDateRange, ClearFiltersButton } from '../../components/audit/audit-filter-fields';
import {
  AuditListTable,
  AuditLoadFailed,
  AuditPagingFooter,
} from '../../components/audit/audit-list-table';
import { AuditScreenHeader } from '../../components/audit/audit-screen-header';
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
  return (
    <AuditEntryRow
      expanded={expanded}
      onToggle={onToggle}
      detailsId={`order-audit-entry-${entry.id}`}
      toggleLabel={t('orderAudit.expand', { number, when: when.format(new Date(entry.at)) })}
      details={
        <AuditChangesTable
          changes={entry.changes}
          action={entry.action}
          fieldLabel={(change) => changeLabel(t, change)}
          valueText={(change, side) => changeValue(t, i18n.language, change, side)}
        />
      }
    >
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
      <AuditChangesSummary
        labels={entry.changes.map((change) => changeLabel(t, change))}
        shown={2}
        strong
      />
    </AuditEntryRow>
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
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { params, setParam, clear, page, filtered } = useUrlFilters();
  const [user, setUser] = useTypedFilter(params, setParam, 'user');
  const [customer, setCustomer] = useTypedFilter(params, setParam, 'customer');
  const [order, setOrder] = useTypedFilter(params, setParam, 'order');
  const { isOpen, toggle } = useOpenedEntries();
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

  const when = useAuditTimeFormat();
  const count = audit.data?.count ?? 0;
  const entries = audit.data?.entries ?? [];
  const linkedNumber = entries.find((entry) => String(entry.orderId) === orderId)?.orderNumber;

  const handleClear = () => {
    setUser('');
    setCustomer('');
    setOrder('');
    clear();
  };

  return (
    <Stack gap="sm">
      <AuditScreenHeader
        title={t('orderAudit.title', typeWords)}
        intro={t('orderAudit.intro', typeWords)}
        onExport={() => downloadOrderAuditCsv(filters)}
        exportDisabled={count === 0}
      />
      <Paper withBorder radius="md" p="sm" bg="var(--mantine-color-default-hover)">
        <Group gap="sm" align="flex-end" wrap="wrap">
          <AuditDateRange params={params} setParam={setParam} w={{ base: '47%', sm: 150 }} />
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
          <ClearFiltersButton filtered={filtered} onClear={handleClear} />
        </Group>
      </Paper>
      {audit.isError ? (
        <AuditLoadFailed title={t('orderAudit.loadFailed')} error={audit.error} />
      ) : null}
      <AuditListTable
        label={t('orderAudit.title', typeWords)}
        minWidth={820}
        toggleWidth={44}
        columns={[
          { label: t('auditTrail.at') },
          { label: t('orderAudit.user') },
          { label: t('orderAudit.order') },
          { label: t('orderAudit.customer') },
          { label: t('auditTrail.action'), minWidth: 110 },
          { label: t('auditTrail.changes') },
        ]}
        pending={audit.isPending}
        empty={audit.data && entries.length === 0 ? <EmptyState filtered={filtered} /> : null}
      >
        {entries.map((entry) => (
          <EntryRows
            key={entry.id}
            entry={entry}
            systemTypeId={systemTypeId}
            expanded={isOpen(entry.id)}
            onToggle={() => toggle(entry.id)}
            when={when}
          />
        ))}
      </AuditListTable>
      <AuditPagingFooter
        count={count}
        page={page}
        pageSize={pageSize}
        onPage={(next) => setParam('page', String(next), true)}
      />
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
