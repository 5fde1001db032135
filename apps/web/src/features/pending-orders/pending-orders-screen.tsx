/**
 * Pending Orders (R-PEND-8..9): every order waiting for someone to act (on hold, will call) and
 * the online requests not yet answered, with why each waits and the customer's credit as it is
 * now. Release, call in and cancel work from the row; another user's action shows at once. The
 * filters live in the URL, so a filtered list can be bookmarked or shared.
 */
import { useMemo } from 'react';
import { Alert, Button, Group, Kbd, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { systemTypeForm } from '@dispatch/domain/menu/menu-catalogue';
import type { PendingRow } from '@dispatch/domain/orders/pending-orders';
import { permissionFlags, permissionLevels } from '@dispatch/domain/permissions';
import { isSystemTypeId } from '@dispatch/domain/system-types';
import { plantQueries } from '../../data/plants/plant-queries';
import { useUserAccess } from '../../session/session-queries';
import { CallInDialog, CancelOrderDialog } from './pending-action-dialogs';
import { PendingFilterBar } from './pending-filter-bar';
import { pendingOrdersQuery } from './pending-orders-api';
import { PendingOrdersTable, requestsPath, type RowFormat } from './pending-orders-table';
import { messageOf, usePendingActions } from './use-pending-actions';
import { allKinds, usePendingFilters } from './use-pending-filters';
import { usePendingOrdersLive } from './use-pending-orders-live';

function useRowFormat(language: string): RowFormat {
  return useMemo(() => {
    const thisYear = new Date().getFullYear();
    const date = new Intl.DateTimeFormat(language, {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
    });
    const dateWithYear = new Intl.DateTimeFormat(language, {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
    });
    const time = new Intl.DateTimeFormat(language, { hour: '2-digit', minute: '2-digit' });
    const number = new Intl.NumberFormat(language, { maximumFractionDigits: 2 });
    return {
      date: (day) => {
        const value = new Date(`${day}T00:00:00`);
        return (value.getFullYear() === thisYear ? date : dateWithYear).format(value);
      },
      time: (row) => {
        if (!row.firstLoadTime) return '';
        if (row.kind === 'request') return row.firstLoadTime;
        return time.format(new Date(row.firstLoadTime));
      },
      quantity: (value) => number.format(value),
    };
  }, [language]);
}

export function PendingOrdersScreen() {
  const { t, i18n } = useTranslation();
  const access = useUserAccess();
  const format = useRowFormat(i18n.language);
  usePendingOrdersLive();
  const {
    search,
    setSearch,
    searchRef,
    setParam,
    kind,
    systemTypeId,
    plantId,
    filters,
    filtered,
    clear,
  } = usePendingFilters();
  const pending = useQuery(pendingOrdersQuery(filters));
  const plants = useQuery(plantQueries.list({}));

  const counts = pending.data?.counts ?? { hold: 0, willCall: 0, request: 0 };
  const rows = useMemo(
    () => (pending.data?.data ?? []).filter((row) => kind === allKinds || row.kind === kind),
    [pending.data, kind],
  );

  /** R-PEND-7: the order entry form of the row's system type, at a level that writes. */
  const canWrite = (row: PendingRow) => {
    if (!isSystemTypeId(row.systemTypeId)) return false;
    const level = access.allowedSystemTypes.includes(row.systemTypeId)
      ? access.permissions.levelOf(systemTypeForm('orderEntry', row.systemTypeId).id)
      : permissionLevels.None;
    const flags = permissionFlags(level);
    return !flags.none && !flags.readOnly;
  };

  const {
    busyId,
    failure,
    setFailure,
    callingIn,
    setCallingIn,
    cancelling,
    setCancelling,
    handleRelease,
    handleCallIn,
    handleCancel,
    handleExport,
  } = usePendingActions({ rows, format });

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <div>
          <Title order={2}>{t('pendingOrders.title')}</Title>
          <Text size="sm" c="dimmed" maw={720}>
            {t('pendingOrders.intro')}
          </Text>
        </div>
        <Group gap="sm">
          <Button component={Link} to={requestsPath} variant="subtle">
            {t('pendingOrders.openRequests')}
          </Button>
          <Button variant="default" onClick={handleExport} disabled={rows.length === 0}>
            {t('pendingOrders.export')}
          </Button>
        </Group>
      </Group>

      <PendingFilterBar
        kind={kind}
        counts={counts}
        setParam={setParam}
        search={search}
        setSearch={setSearch}
        searchRef={searchRef}
        fetching={pending.isFetching}
        allowedSystemTypes={access.allowedSystemTypes}
        systemTypeId={systemTypeId}
        plants={plants.data?.data}
        plantId={plantId}
        filtered={filtered}
        onClear={clear}
      />

      {failure ? (
        <Alert
          color="red"
          title={failure.title}
          withCloseButton
          closeButtonLabel={t('pendingOrders.close')}
          onClose={() => setFailure(null)}
        >
          {failure.message}
        </Alert>
      ) : null}
      {pending.isError ? (
        <Alert color="red" title={t('pendingOrders.loadFailed')}>
          {messageOf(pending.error)}
        </Alert>
      ) : null}

      <Paper withBorder radius="md">
        {pending.isPending ? (
          <Group justify="center" p="xl">
            <Loader size="sm" aria-label={t('app.loading')} />
          </Group>
        ) : rows.length === 0 ? (
          <Stack align="center" gap={4} p="xl">
            <Text fw={600}>{t(filtered ? 'pendingOrders.noneMatch' : 'pendingOrders.none')}</Text>
            <Text size="sm" c="dimmed" ta="center" maw={520}>
              {t('pendingOrders.noneHint')}
            </Text>
          </Stack>
        ) : (
          <PendingOrdersTable
            rows={rows}
            format={format}
            canWrite={canWrite}
            busyId={busyId}
            onRelease={(row) => void handleRelease(row)}
            onCallIn={setCallingIn}
            onCancel={setCancelling}
          />
        )}
      </Paper>
      <Group justify="space-between" wrap="wrap">
        <Text size="sm" c="dimmed">
          {t('pendingOrders.count', { count: rows.length })}
          {pending.data && pending.data.data.length < pending.data.count ? (
            <> · {t('pendingOrders.capped', { shown: pending.data.data.length })}</>
          ) : null}
        </Text>
        <Text size="xs" c="dimmed">
          {t('pendingOrders.keys')} <Kbd size="xs">/</Kbd>
        </Text>
      </Group>

      <CallInDialog row={callingIn} onClose={() => setCallingIn(null)} onConfirm={handleCallIn} />
      <CancelOrderDialog
        row={cancelling}
        onClose={() => setCancelling(null)}
        onConfirm={handleCancel}
      />
    </Stack>
  );
}
