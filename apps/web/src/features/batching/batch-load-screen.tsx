/**
 * The batch load screen (R-BATCH-1..9): a concrete plant's dispatched loads waiting to be batched,
 * per alley, as a dense table worked from the keyboard; the selected load's raw materials, target
 * against batched, and the panel's failure beside them. Plant and alley are remembered; another
 * batchman's send, the panel's report and new dispatches show at once through the hub. A send the
 * screen will not make says why beside the button (R-BATCH-10).
 */
import { useMemo, useState } from 'react';
import {
  Alert,
  Badge,
  Box,
  Button,
  Flex,
  Group,
  Kbd,
  Loader,
  Paper,
  ScrollArea,
  SegmentedControl,
  Select,
  Stack,
  Table,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import {
  batchActionRefusal,
  isWithinBatchTolerance,
  type BatchAction,
  type BatchDetail,
  type BatchQueueItem,
  type BatchState,
} from '@dispatch/domain/batching/batch-queue';
import { menuEntryByEnumId } from '@dispatch/domain/menu/menu-catalogue';
import { permissionFlags } from '@dispatch/domain/permissions';
import { plantQueries } from '../../data/plants/plant-queries';
import { readStored, writeStored } from '../../lib/storage';
import { useUserAccess } from '../../session/session-queries';
import {
  batchDetailQuery,
  batchKeys,
  batchQueueQuery,
  runBatchAction,
  type BatchActionPath,
} from './batching-api';
import { useBatchQueueLive } from './use-batch-queue-live';

const formId = menuEntryByEnumId('BatchLoadScreen')?.id ?? 14000;
const storedPlantKey = 'batchLoadScreen.plantId';
const storedAlleyKey = 'batchLoadScreen.alley';
const allAlleys = 'all';

export const stateColors: Readonly<Record<BatchState, string>> = {
  queued: 'gray',
  sent: 'blue',
  batched: 'teal',
  failed: 'red',
};

const actionPaths: Readonly<Record<BatchAction, BatchActionPath>> = {
  send: 'send',
  retry: 'retry',
  markBatched: 'mark-batched',
};

const nowrap = { whiteSpace: 'nowrap' } as const;
/** A badge is as wide as its words: a narrow column must not clip a state to "Q…". */
const unclipped = { label: { overflow: 'visible', textOverflow: 'clip' } } as const;

function storedNumber(key: string): number | null {
  const value = Number(readStored(key));
  return Number.isInteger(value) && value > 0 ? value : null;
}

function StateBadge({ item }: { item: BatchQueueItem }) {
  const { t } = useTranslation();
  return (
    <Group gap={4} wrap="nowrap">
      <Badge
        styles={unclipped}
        color={stateColors[item.state]}
        variant={item.state === 'queued' ? 'outline' : 'light'}
        leftSection={item.state === 'sent' ? <Loader size={10} color="blue" /> : null}
      >
        {t(`batching.states.${item.state}`)}
      </Badge>
      {item.mode === 'manual' && item.state !== 'batched' ? (
        <Text size="xs" c="dimmed">
          {t('batching.manual')}
        </Text>
      ) : null}
    </Group>
  );
}

type Format = { number: (value: number) => string; time: (iso: string) => string };

function WeightsTable({ detail, format }: { detail: BatchDetail; format: Format }) {
  const { t } = useTranslation();
  if (detail.weights.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('batching.weights.none')}
      </Text>
    );
  }
  return (
    <Table
      striped
      withTableBorder
      verticalSpacing={4}
      fz="sm"
      aria-label={t('batching.detailTitle', { number: detail.ticketNumber })}
    >
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('batching.weights.material')}</Table.Th>
          <Table.Th ta="right">{t('batching.weights.target')}</Table.Th>
          <Table.Th ta="right">{t('batching.weights.batched')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {detail.weights.map((line) => {
          const off =
            line.batched === null ? null : !isWithinBatchTolerance(line.target, line.batched);
          const deviation =
            line.batched === null || line.target === 0
              ? null
              : ((line.batched - line.target) / line.target) * 100;
          return (
            <Table.Tr key={line.rawMaterialId}>
              <Table.Td>
                <Text size="sm" fw={600}>
                  {line.code}
                </Text>
                <Text size="xs" c="dimmed" lineClamp={1}>
                  {line.description}
                </Text>
              </Table.Td>
              <Table.Td ta="right" style={nowrap}>
                {format.number(line.target)} {line.unit}
              </Table.Td>
              <Table.Td ta="right" style={nowrap}>
                <Text size="sm" fw={600} c={off ? 'red' : undefined}>
                  {line.batched === null
                    ? '—'
                    : `${format.number(line.batched)} ${line.unit ?? ''}`}
                </Text>
                {deviation === null ? null : (
                  <Tooltip label={t('batching.weights.outOfTolerance')} disabled={!off}>
                    <Text size="xs" c={off ? 'red' : 'dimmed'}>
                      {deviation >= 0 ? '+' : ''}
                      {deviation.toFixed(1)}%
                    </Text>
                  </Tooltip>
                )}
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}

/**
 * R-BATCH-10: why the selected load cannot go to the batch panel, or null when it can. A load
 * batched by hand at a plant that has a panel is one whose order does not upload its mix
 * (`batchModeOf`, R-BATCH-3).
 */
function whyNotSent(
  t: TFunction,
  item: BatchQueueItem,
  plant: { name: string; usesBatchPanel: boolean },
): string | null {
  const action = item.state === 'failed' ? 'retry' : 'send';
  const refusal = batchActionRefusal(action, { ...item, plantName: plant.name });
  const number = item.ticketNumber;
  switch (refusal?.code) {
    case 'manual_batching':
      return plant.usesBatchPanel
        ? t('batching.why.mixNotUploaded', { number })
        : t('batching.why.noPanel', { number, plant: plant.name });
    case 'already_sent':
      return t('batching.why.alreadySent', { number, user: item.sentBy ?? '—' });
    case 'already_batched':
      return t('batching.why.alreadyBatched', { number });
    default:
      return null;
  }
}

type DetailProps = {
  item: BatchQueueItem | null;
  plantName: string;
  usesBatchPanel: boolean;
  format: Format;
  canWrite: boolean;
  busy: boolean;
  failure: string | null;
  onAction: (item: BatchQueueItem, action: BatchAction) => void;
};

function DetailPanel(props: DetailProps) {
  const { item, plantName, format, canWrite, busy, failure, onAction } = props;
  const { t } = useTranslation();
  const detail = useQuery({ ...batchDetailQuery(item?.loadId ?? 0), enabled: item !== null });
  if (!item) {
    return (
      <Text size="sm" c="dimmed">
        {t('batching.noSelection')}
      </Text>
    );
  }
  const allowed = (action: BatchAction) =>
    canWrite && batchActionRefusal(action, { ...item, plantName }) === null;
  const shown = detail.data?.loadId === item.loadId ? detail.data : null;
  // A read-only user is told so above the queue; the others are told why a send is off.
  const why = canWrite
    ? whyNotSent(t, item, { name: plantName, usesBatchPanel: props.usesBatchPanel })
    : null;
  const whyId = `batch-why-${item.loadId}`;
  return (
    <Stack
      gap="sm"
      aria-label={t('batching.detailTitle', { number: item.ticketNumber })}
      role="region"
    >
      <Group justify="space-between" align="flex-start">
        <Box>
          <Title order={3}>{t('batching.detailTitle', { number: item.ticketNumber })}</Title>
          <Text size="sm" c="dimmed">
            {t('batching.orderLoad', { order: item.orderNumber, load: item.loadNumber })}
            {item.truckNumber ? ` · ${t('batching.columns.truck')} ${item.truckNumber}` : ''}
          </Text>
        </Box>
        <StateBadge item={item} />
      </Group>
      <Text size="sm">
        <b>{item.productNumber}</b> {item.mixDescription} · {format.number(item.quantity)}{' '}
        {item.unit}
        {item.slump === null
          ? ''
          : ` · ${t('batching.columns.slump')} ${format.number(item.slump)}`}
      </Text>
      {item.state === 'failed' && item.lastError ? (
        <Alert color="red" title={t('batching.failure')} variant="light">
          {item.lastError}
        </Alert>
      ) : null}
      <Group gap="xs">
        {item.state === 'failed' ? (
          <Button
            size="xs"
            color="red"
            loading={busy}
            disabled={!allowed('retry')}
            aria-describedby={why ? whyId : undefined}
            onClick={() => onAction(item, 'retry')}
          >
            {t('batching.retry')}{' '}
            <Kbd ml={6} size="xs">
              R
            </Kbd>
          </Button>
        ) : (
          <Button
            size="xs"
            loading={busy}
            disabled={!allowed('send')}
            aria-describedby={why ? whyId : undefined}
            onClick={() => onAction(item, 'send')}
          >
            {t('batching.send')}{' '}
            <Kbd ml={6} size="xs">
              S
            </Kbd>
          </Button>
        )}
        <Button
          size="xs"
          variant="default"
          disabled={busy || !allowed('markBatched')}
          onClick={() => onAction(item, 'markBatched')}
        >
          {t('batching.markBatched')}{' '}
          <Kbd ml={6} size="xs">
            M
          </Kbd>
        </Button>
      </Group>
      {why ? (
        <Text size="sm" c="dimmed" id={whyId}>
          {why}
        </Text>
      ) : null}
      {failure ? (
        <Alert color="orange" title={t('batching.actionFailed')} variant="light" role="alert">
          {failure}
        </Alert>
      ) : null}
      {shown ? <WeightsTable detail={shown} format={format} /> : <Loader size="sm" />}
      <Stack gap={0}>
        {item.sentBy && item.sentAt ? (
          <Text size="xs" c="dimmed">
            {t('batching.sentBy', { user: item.sentBy, time: format.time(item.sentAt) })} ·{' '}
            {t('batching.attempts', { count: item.attempts })}
          </Text>
        ) : null}
        {item.batchedBy && item.batchedAt ? (
          <Text size="xs" c="dimmed">
            {t('batching.batchedBy', { user: item.batchedBy, time: format.time(item.batchedAt) })}
          </Text>
        ) : null}
      </Stack>
    </Stack>
  );
}

// eslint-disable-next-line max-lines-per-function -- still to split (godfiles helper ran out of time)
export function BatchLoadScreen() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const access = useUserAccess();
  const flags = permissionFlags(access.permissions.levelOf(formId));
  const canWrite = !flags.none && !flags.readOnly;
  const [chosenPlantId, setPlantId] = useState<number | null>(() => storedNumber(storedPlantKey));
  const [alley, setAlley] = useState<number | null>(() => storedNumber(storedAlleyKey));
  const [chosenId, setSelectedId] = useState<number | null>(null);
  const [failure, setFailure] = useState<{ loadId: number; message: string } | null>(null);

  const plants = useQuery(plantQueries.list({ systemTypeId: 1 }));
  const plantChoices = useMemo(
    () =>
      (plants.data?.data ?? [])
        .filter((plant) => !plant.inactiveFlag)
        .map((plant) => ({ value: String(plant.id), label: plant.description ?? `#${plant.id}` })),
    [plants.data],
  );
  // The first plant when none is remembered: the screen opens on a queue, not on a question.
  const firstPlant = plantChoices[0];
  const plantId = chosenPlantId ?? (firstPlant ? Number(firstPlant.value) : null);
  useBatchQueueLive(plantId);

  const queue = useQuery({
    ...batchQueueQuery({ plantId: plantId ?? 0, alley }),
    enabled: plantId !== null,
  });
  const rows = useMemo(() => queue.data?.data ?? [], [queue.data]);
  const numberOfAlleys = queue.data?.numberOfAlleys ?? 1;
  // The selection follows the list: the first load still to batch when none (or a gone one) is.
  const selected =
    rows.find((row) => row.loadId === chosenId) ??
    rows.find((row) => row.state !== 'batched') ??
    rows[0] ??
    null;
  const selectedId = selected?.loadId ?? null;

  const format = useMemo<Format>(() => {
    const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 });
    const time = new Intl.DateTimeFormat(i18n.language, {
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    return { number: (value) => number.format(value), time: (iso) => time.format(new Date(iso)) };
  }, [i18n.language]);

  const action = useMutation({
    mutationFn: ({ item, name }: { item: BatchQueueItem; name: BatchAction }) =>
      runBatchAction(item.loadId, actionPaths[name], alley ?? item.alley ?? 1),
    onSuccess: (detail, { name }) => {
      setFailure(null);
      // The load stays selected as it batches: its weights come in beside it.
      setSelectedId(detail.loadId);
      queryClient.setQueryData(batchKeys.detail(detail.loadId), detail);
      void queryClient.invalidateQueries({ queryKey: batchKeys.queues() });
      notifications.show({
        color: 'teal',
        message: t(name === 'markBatched' ? 'batching.markedNotice' : 'batching.sentNotice', {
          number: detail.ticketNumber,
        }),
      });
    },
    onError: (error, { item }) => {
      setFailure({
        loadId: item.loadId,
        message: error instanceof Error ? error.message : String(error),
      });
      void queryClient.invalidateQueries({ queryKey: batchKeys.all });
    },
  });

  const plantName = queue.data?.plantName ?? '';
  const run = (name: BatchAction) => {
    if (!selected || action.isPending || !canWrite) return;
    if (batchActionRefusal(name, { ...selected, plantName }) !== null) return;
    action.mutate({ item: selected, name });
  };
  const move = (step: number) => {
    if (rows.length === 0) return;
    const index = rows.findIndex((row) => row.loadId === selectedId);
    const next = Math.min(rows.length - 1, Math.max(0, index + step));
    setSelectedId(rows[next]!.loadId);
    document
      .getElementById(`batch-row-${rows[next]!.loadId}`)
      ?.scrollIntoView({ block: 'nearest' });
  };
  const onButton = () => {
    const tag = document.activeElement?.tagName;
    return tag === 'BUTTON' || tag === 'A';
  };
  useHotkeys([
    ['ArrowDown', () => move(1)],
    ['ArrowUp', () => move(-1)],
    ['Enter', () => !onButton() && run(selected?.state === 'failed' ? 'retry' : 'send')],
    ['s', () => run('send')],
    ['r', () => run('retry')],
    ['m', () => run('markBatched')],
  ]);

  const choosePlant = (value: string | null) => {
    const id = value === null ? null : Number(value);
    setPlantId(id);
    setAlley(null);
    setSelectedId(null);
    writeStored(storedPlantKey, value);
    writeStored(storedAlleyKey, null);
  };
  const chooseAlley = (value: string) => {
    const next = value === allAlleys ? null : Number(value);
    setAlley(next);
    writeStored(storedAlleyKey, next === null ? null : String(next));
  };
  const alleyChoices = [
    { value: allAlleys, label: t('batching.allAlleys') },
    ...Array.from({ length: numberOfAlleys }, (_, index) => ({
      value: String(index + 1),
      label: String(index + 1),
    })),
  ];

  return (
    <Stack gap="md" p="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Box>
          <Title order={2}>{t('batching.title')}</Title>
          <Text size="sm" c="dimmed" maw={720}>
            {t('batching.intro')}
          </Text>
        </Box>
        <Group gap="xs" c="dimmed">
          <Text size="xs">{t('batching.keys')}</Text>
          <Text size="xs">
            <Kbd size="xs">↑</Kbd> <Kbd size="xs">↓</Kbd> · <Kbd size="xs">Enter</Kbd>/
            <Kbd size="xs">S</Kbd> · <Kbd size="xs">R</Kbd> · <Kbd size="xs">M</Kbd>
          </Text>
        </Group>
      </Group>

      <Paper withBorder p="sm" radius="md">
        <Group align="flex-end" gap="lg" wrap="wrap">
          <Select
            label={t('batching.plant')}
            placeholder={t('batching.plantPlaceholder')}
            data={plantChoices}
            value={plantId === null ? null : String(plantId)}
            onChange={choosePlant}
            searchable
            allowDeselect={false}
            nothingFoundMessage="—"
            w={260}
          />
          <Stack gap={4}>
            <Text size="sm" fw={500} id="batch-alley-label">
              {t('batching.alley')}
            </Text>
            <SegmentedControl
              aria-labelledby="batch-alley-label"
              data={alleyChoices}
              value={alley === null ? allAlleys : String(alley)}
              onChange={chooseAlley}
              size="sm"
            />
          </Stack>
          {queue.data ? (
            <Group gap="xs" ml="auto">
              <Badge size="lg" variant="light" color={queue.data.usesBatchPanel ? 'blue' : 'gray'}>
                {t('batching.queueCount', {
                  count: rows.filter((row) => row.state !== 'batched').length,
                })}
              </Badge>
              <Text size="sm" c="dimmed" maw={420}>
                {t(queue.data.usesBatchPanel ? 'batching.panelPlant' : 'batching.manualPlant', {
                  plant: queue.data.plantName,
                })}
              </Text>
            </Group>
          ) : null}
        </Group>
      </Paper>

      {!canWrite && !flags.none ? (
        <Alert color="yellow" variant="light">
          {t('batching.readOnly')}
        </Alert>
      ) : null}

      <Flex gap="md" align="flex-start" direction={{ base: 'column', md: 'row' }}>
        <Box style={{ flex: 1, minWidth: 0 }} w={{ base: '100%', md: 'auto' }}>
          <Paper withBorder radius="md">
            {plantId === null ? (
              <Text p="md" c="dimmed">
                {t('batching.noPlant')}
              </Text>
            ) : queue.isPending ? (
              <Group p="md" gap="xs">
                <Loader size="sm" />
                <Text size="sm">{t('batching.loading')}</Text>
              </Group>
            ) : rows.length === 0 ? (
              <Text p="md" c="dimmed">
                {t('batching.empty', { plant: plantName })}
              </Text>
            ) : (
              <ScrollArea.Autosize mah="calc(100vh - 300px)">
                <Table
                  highlightOnHover
                  stickyHeader
                  verticalSpacing={6}
                  fz="sm"
                  aria-label={t('batching.title')}
                >
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('batching.columns.ticket')}</Table.Th>
                      <Table.Th>{t('batching.columns.truck')}</Table.Th>
                      <Table.Th>{t('batching.columns.customerJob')}</Table.Th>
                      <Table.Th>{t('batching.columns.mix')}</Table.Th>
                      <Table.Th ta="right">{t('batching.columns.quantity')}</Table.Th>
                      <Table.Th ta="right">{t('batching.columns.slump')}</Table.Th>
                      <Table.Th ta="right">{t('batching.columns.water')}</Table.Th>
                      <Table.Th ta="center">{t('batching.columns.alley')}</Table.Th>
                      <Table.Th>{t('batching.columns.state')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {rows.map((row) => {
                      const isSelected = row.loadId === selectedId;
                      return (
                        <Table.Tr
                          key={row.loadId}
                          id={`batch-row-${row.loadId}`}
                          aria-selected={isSelected}
                          onClick={() => setSelectedId(row.loadId)}
                          bg={isSelected ? 'var(--mantine-primary-color-light)' : undefined}
                          style={{
                            cursor: 'pointer',
                            opacity: row.state === 'batched' ? 0.65 : 1,
                            boxShadow: isSelected
                              ? 'inset 3px 0 0 var(--mantine-primary-color-filled)'
                              : undefined,
                          }}
                        >
                          <Table.Td fw={700} style={nowrap}>
                            {row.ticketNumber}
                          </Table.Td>
                          <Table.Td style={nowrap}>{row.truckNumber}</Table.Td>
                          <Table.Td>
                            <Text size="sm" lineClamp={2}>
                              {row.customerName}
                            </Text>
                            <Text size="xs" c="dimmed" lineClamp={1}>
                              {[row.jobNumber, row.jobName].filter(Boolean).join(' · ')}
                            </Text>
                          </Table.Td>
                          <Table.Td>
                            <Text size="sm" fw={600} span>
                              {row.productNumber}
                            </Text>
                            <Text size="xs" c="dimmed" lineClamp={2}>
                              {row.mixDescription}
                            </Text>
                          </Table.Td>
                          <Table.Td ta="right" style={nowrap}>
                            {format.number(row.quantity)} {row.unit}
                          </Table.Td>
                          <Table.Td ta="right">
                            {row.slump === null ? '' : format.number(row.slump)}
                          </Table.Td>
                          <Table.Td ta="right" style={nowrap}>
                            {row.allowedWaterGallons === null
                              ? ''
                              : t('batching.gallons', {
                                  value: format.number(row.allowedWaterGallons),
                                })}
                          </Table.Td>
                          <Table.Td ta="center" c={row.alley === null ? 'dimmed' : undefined}>
                            {row.alley ?? '—'}
                          </Table.Td>
                          <Table.Td>
                            <StateBadge item={row} />
                          </Table.Td>
                        </Table.Tr>
                      );
                    })}
                  </Table.Tbody>
                </Table>
              </ScrollArea.Autosize>
            )}
          </Paper>
        </Box>
        <Box w={{ base: '100%', md: 340 }} style={{ flexShrink: 0 }}>
          <Paper withBorder radius="md" p="md">
            <DetailPanel
              item={selected}
              plantName={plantName}
              usesBatchPanel={queue.data?.usesBatchPanel ?? false}
              format={format}
              canWrite={canWrite}
              busy={action.isPending}
              failure={failure && failure.loadId === selected?.loadId ? failure.message : null}
              onAction={(item, name) => action.mutate({ item, name })}
            />
          </Paper>
        </Box>
      </Flex>
    </Stack>
  );
}
