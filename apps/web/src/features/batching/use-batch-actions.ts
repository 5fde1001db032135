/**
 * What the batchman does to the selected load (R-BATCH-5..9): send it to the panel, retry it or
 * mark it batched, by button or key, and move the selection with the arrow keys. A refused action
 * is shown beside the load it was for.
 */
import { useState } from 'react';
import { useHotkeys } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  batchActionRefusal,
  type BatchAction,
  type BatchQueueItem,
} from '@dispatch/domain/batching/batch-queue';
import { batchKeys, runBatchAction, type BatchActionPath } from './batching-api';

const actionPaths: Readonly<Record<BatchAction, BatchActionPath>> = {
  send: 'send',
  retry: 'retry',
  markBatched: 'mark-batched',
};

export function useBatchActions({
  rows,
  selected,
  selectedId,
  setSelectedId,
  alley,
  canWrite,
  plantName,
}: {
  rows: readonly BatchQueueItem[];
  selected: BatchQueueItem | null;
  selectedId: number | null;
  setSelectedId: (loadId: number | null) => void;
  alley: number | null;
  canWrite: boolean;
  plantName: string;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<{ loadId: number; message: string } | null>(null);

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

  return { action, failure };
}
