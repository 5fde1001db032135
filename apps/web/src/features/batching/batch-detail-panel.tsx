/**
 * The selected load beside the queue (R-BATCH-5..10): what it is, its state and the panel's
 * failure, Send or Retry, Mark batched and why a send is off, then its raw materials, target
 * against batched.
 */
import {
  Alert,
  Box,
  Button,
  Group,
  Kbd,
  Loader,
  Stack,
  Table,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import {
  batchActionRefusal,
  isWithinBatchTolerance,
  type BatchAction,
  type BatchDetail,
  type BatchQueueItem,
} from '@dispatch/domain/batching/batch-queue';
import { nowrap, type Format } from './batch-format';
import { batchDetailQuery } from './batching-api';
import { StateBadge } from './state-badge';

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

export function DetailPanel(props: DetailProps) {
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
