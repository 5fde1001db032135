/** A load's batch state (R-BATCH-4): queued, sent, batched or failed, and whether batched by hand. */
import { Badge, Group, Loader, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { BatchQueueItem, BatchState } from '@dispatch/domain/batching/batch-queue';

export const stateColors: Readonly<Record<BatchState, string>> = {
  queued: 'gray',
  sent: 'blue',
  batched: 'teal',
  failed: 'red',
};

/** A badge is as wide as its words: a narrow column must not clip a state to "Q…". */
const unclipped = { label: { overflow: 'visible', textOverflow: 'clip' } } as const;

export function StateBadge({ item }: { item: BatchQueueItem }) {
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
