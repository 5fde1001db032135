/**
 * Pending Orders (R-PEND-8..9): every order waiting for someone to act (on hold, will call) and
 * the online requests not yet answered, with why each waits and the customer's credit as it is
 * now. Release, call in and cancel work from the row; another user's action shows at once. The
 * filters live in the URL, so a filtered list can be bookmarked or shared.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Group,
  Kbd,
  Loader,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue, useHotkeys } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { systemTypeForm } from '@dispatch/domain/menu/menu-catalogue';
import {
  pendingKindSchema,
  pendingKinds,
  type PendingRow,
} from '@dispatch/domain/orders/pending-orders';
import { permissionFlags, permissionLevels } from '@dispatch/domain/permissions';
import { isSystemTypeId, systemTypeById, type SystemTypeId } from '@dispatch/domain/system-types';
import { plantQueries } from '../../data/plants/plant-queries';
import { useUserAccess } from '../../session/session-queries';
import { CallInDialog, CancelOrderDialog } from './pending-action-dialogs';
import {
  callInOrder,
  cancelOrder,
  pendingOrdersQuery,
  pendingOrderKeys,
  releaseOrder,
  type PendingFilters,
} from './pending-orders-api';
import { downloadCsv, pendingCsv, type CsvColumn } from './pending-orders-csv';
import {
  PendingOrdersTable,
  kindColors,
  requestsPath,
  type RowFormat,
} from './pending-orders-table';
import { usePendingOrdersLive } from './use-pending-orders-live';

const typingDebounceMs = 250;
const allKinds = 'all';

const messageOf = (failure: unknown) =>
  failure instanceof Error ? failure.message : String(failure);

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

// eslint-disable-next-line max-lines-per-function -- still to split (godfiles helper ran out of time)
export function PendingOrdersScreen() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const [search, setSearch] = useState(params.get('search') ?? '');
  const [typed] = useDebouncedValue(search.trim(), typingDebounceMs);
  const searchRef = useRef<HTMLInputElement>(null);
  const [busyId, setBusyId] = useState<number | null>(null);
  const [failure, setFailure] = useState<{ title: string; message: string } | null>(null);
  const [callingIn, setCallingIn] = useState<PendingRow | null>(null);
  const [cancelling, setCancelling] = useState<PendingRow | null>(null);
  const access = useUserAccess();
  const format = useRowFormat(i18n.language);
  usePendingOrdersLive();
  useHotkeys([['/', () => searchRef.current?.focus()]]);

  const setParam = (name: string, value: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === null || value === '' || value === allKinds) next.delete(name);
        else next.set(name, value);
        return next;
      },
      { replace: true },
    );

  // The typed search reaches the URL (and the server) once typing pauses.
  useEffect(() => {
    if ((params.get('search') ?? '') !== typed) setParam('search', typed);
    // setParam is rebuilt each render; the URL only needs to follow the typed value.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [typed]);

  const kind = pendingKindSchema.safeParse(params.get('kind')).data ?? allKinds;
  const typeParam = Number(params.get('systemTypeId'));
  const systemTypeId: SystemTypeId | undefined = isSystemTypeId(typeParam) ? typeParam : undefined;
  const plantParam = Number(params.get('plantId'));
  const plantId = Number.isInteger(plantParam) && plantParam > 0 ? plantParam : undefined;
  const filters: PendingFilters = useMemo(
    () => ({
      ...(params.get('search') ? { search: params.get('search')! } : {}),
      ...(systemTypeId !== undefined ? { systemTypeId } : {}),
      ...(plantId !== undefined ? { plantId } : {}),
    }),
    [params, systemTypeId, plantId],
  );
  const pending = useQuery(pendingOrdersQuery(filters));
  const plants = useQuery(plantQueries.list({}));

  const counts = pending.data?.counts ?? { hold: 0, willCall: 0, request: 0 };
  const total = counts.hold + counts.willCall + counts.request;
  const rows = useMemo(
    () => (pending.data?.data ?? []).filter((row) => kind === allKinds || row.kind === kind),
    [pending.data, kind],
  );

  const typeChoices = access.allowedSystemTypes.map((id) => ({
    value: String(id),
    label: t(`orderEntry.systemTypes.${systemTypeById(id).key}`),
  }));
  const plantChoices = (plants.data?.data ?? [])
    .filter(
      (plant) =>
        !plant.inactiveFlag &&
        access.allowedSystemTypes.some((id) => id === plant.systemTypeId) &&
        (systemTypeId === undefined || plant.systemTypeId === systemTypeId),
    )
    .map((plant) => ({ value: String(plant.id), label: plant.description ?? `#${plant.id}` }));

  /** R-PEND-7: the order entry form of the row's system type, at a level that writes. */
  const canWrite = (row: PendingRow) => {
    if (!isSystemTypeId(row.systemTypeId)) return false;
    const level = access.allowedSystemTypes.includes(row.systemTypeId)
      ? access.permissions.levelOf(systemTypeForm('orderEntry', row.systemTypeId).id)
      : permissionLevels.None;
    const flags = permissionFlags(level);
    return !flags.none && !flags.readOnly;
  };

  const refresh = () => queryClient.invalidateQueries({ queryKey: pendingOrderKeys.all });
  const done = (title: string, message: string) => {
    setFailure(null);
    notifications.show({ color: 'teal', title, message });
    void refresh();
  };

  const handleRelease = async (row: PendingRow) => {
    setBusyId(row.id);
    try {
      await releaseOrder(row.id, row.version);
      done(
        t('pendingOrders.released', { number: row.number }),
        t('pendingOrders.releasedText', { customer: row.customerName }),
      );
    } catch (error) {
      setFailure({
        title: t('pendingOrders.releaseFailed', { number: row.number }),
        message: messageOf(error),
      });
      void refresh();
    } finally {
      setBusyId(null);
    }
  };

  const handleCallIn = async (row: PendingRow, time: string) => {
    // The time on the ship date as the user's clock reads it, sent as an instant.
    const instant = new Date(`${row.shipDate}T${time}:00`).toISOString();
    await callInOrder(row.id, row.version, instant);
    setCallingIn(null);
    done(
      t('pendingOrders.calledIn', { number: row.number }),
      t('pendingOrders.calledInText', { time, shipDate: format.date(row.shipDate) }),
    );
  };

  const handleCancel = async (row: PendingRow, reason: string) => {
    await cancelOrder(row.id, row.version, reason);
    setCancelling(null);
    done(
      t('pendingOrders.cancelled', { number: row.number }),
      t('pendingOrders.cancelledText', { customer: row.customerName }),
    );
  };

  const handleExport = () => {
    const columns: CsvColumn[] = [
      { header: t('pendingOrders.columns.number'), value: (row) => row.number ?? `R${row.id}` },
      {
        header: t('pendingOrders.columns.status'),
        value: (row) => t(`pendingOrders.kinds.${row.kind}`),
      },
      { header: t('pendingOrders.csv.customerNumber'), value: (row) => row.customerNumber },
      { header: t('pendingOrders.columns.customer'), value: (row) => row.customerName },
      { header: t('pendingOrders.columns.job'), value: (row) => row.jobNumber },
      { header: t('pendingOrders.csv.jobAddress'), value: (row) => row.jobAddress },
      { header: t('pendingOrders.columns.product'), value: (row) => row.productDescription },
      { header: t('pendingOrders.csv.quantity'), value: (row) => row.quantity },
      { header: t('pendingOrders.csv.delivered'), value: (row) => row.deliveredQuantity },
      { header: t('pendingOrders.columns.shipDate'), value: (row) => row.shipDate },
      { header: t('pendingOrders.csv.time'), value: (row) => format.time(row) },
      { header: t('pendingOrders.columns.plant'), value: (row) => row.plantName },
      { header: t('pendingOrders.columns.reason'), value: (row) => row.reason },
      { header: t('pendingOrders.columns.credit'), value: (row) => row.creditStatus },
      { header: t('pendingOrders.csv.requestedBy'), value: (row) => row.requestedBy },
    ];
    downloadCsv('pending-orders.csv', pendingCsv(rows, columns));
  };

  const chip = (value: string, label: string, count: number, color: string) => ({
    value,
    label: (
      <Group gap={6} wrap="nowrap" justify="center">
        <span>{label}</span>
        <Badge size="sm" circle={count < 10} color={color} variant={count ? 'filled' : 'light'}>
          {count}
        </Badge>
      </Group>
    ),
  });

  const filtered =
    filters.search !== undefined || systemTypeId !== undefined || plantId !== undefined;

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

      <Paper withBorder radius="md" p="sm">
        <Stack gap="sm">
          <SegmentedControl
            value={kind}
            onChange={(value) => setParam('kind', value)}
            aria-label={t('pendingOrders.kindFilter')}
            fullWidth
            data={[
              chip(allKinds, t('pendingOrders.kinds.all'), total, 'gray'),
              ...pendingKinds.map((each) =>
                chip(each, t(`pendingOrders.kinds.${each}`), counts[each], kindColors[each]),
              ),
            ]}
          />
          <Group gap="sm" align="flex-end" wrap="wrap">
            <TextInput
              ref={searchRef}
              type="search"
              label={t('pendingOrders.search')}
              placeholder={t('pendingOrders.searchHint')}
              value={search}
              onChange={(event) => setSearch(event.currentTarget.value)}
              rightSection={
                pending.isFetching ? (
                  <Loader size={14} aria-label={t('pendingOrders.refreshing')} />
                ) : null
              }
              style={{ flex: '1 1 260px' }}
            />
            {typeChoices.length > 1 ? (
              <Select
                label={t('pendingOrders.systemType')}
                placeholder={t('pendingOrders.any')}
                data={typeChoices}
                value={systemTypeId === undefined ? null : String(systemTypeId)}
                onChange={(value) => setParam('systemTypeId', value)}
                clearable
                w={{ base: '100%', sm: 170 }}
              />
            ) : null}
            <Select
              label={t('pendingOrders.plant')}
              placeholder={t('pendingOrders.any')}
              data={plantChoices}
              value={plantId === undefined ? null : String(plantId)}
              onChange={(value) => setParam('plantId', value)}
              searchable
              clearable
              w={{ base: '100%', sm: 200 }}
            />
            {filtered ? (
              <Button
                variant="subtle"
                onClick={() => {
                  setSearch('');
                  setParams(
                    kind === allKinds ? new URLSearchParams() : new URLSearchParams({ kind }),
                    { replace: true },
                  );
                }}
              >
                {t('pendingOrders.clear')}
              </Button>
            ) : null}
          </Group>
        </Stack>
      </Paper>

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
