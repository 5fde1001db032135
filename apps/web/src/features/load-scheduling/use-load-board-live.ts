/**
 * R-BOARD-31: the board follows the hub. Truck status, yard order, load status and status averages
 * patch every cached board at once; whatever an event does not carry (and every order or schedule
 * change) is read again, debounced so a burst of events costs one read. After a reconnect the
 * board is read again (NOTIFY is at-most-once).
 */
import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { isIdsPayload } from '@dispatch/domain/dispatch/dispatch-events';
import type { LoadBoard } from '@dispatch/domain/dispatch/load-board';
import { useHubEvent, useHubReconnected } from '../../realtime/hub-events';
import { loadBoardKeys } from './load-board-api';
import {
  applyLoadUpdate,
  applyStatusAverage,
  applyTruckSequence,
  applyTruckUpdate,
  type BoardChange,
} from './load-board-cache';

export const boardRefetchDebounceMs = 250;

export function useLoadBoardLive(): void {
  const queryClient = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const refetchSoon = () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(
      () => void queryClient.invalidateQueries({ queryKey: loadBoardKeys.all }),
      boardRefetchDebounceMs,
    );
  };

  const patch = (change: (board: LoadBoard) => BoardChange) => {
    const apply = () => {
      let refetch = false;
      for (const [key, board] of queryClient.getQueriesData<LoadBoard>({
        queryKey: loadBoardKeys.all,
      })) {
        if (!board) continue;
        const next = change(board);
        refetch ||= next.refetch;
        if (next.board !== board) queryClient.setQueryData(key, next.board);
      }
      if (refetch) refetchSoon();
    };
    // A read under way started before this change: its answer must not undo the patch, so it is
    // cancelled first (and read again after).
    const reading = queryClient.isFetching({ queryKey: loadBoardKeys.all }) > 0;
    if (!reading) return apply();
    void queryClient.cancelQueries({ queryKey: loadBoardKeys.all }).then(() => {
      apply();
      refetchSoon();
    });
  };

  useHubEvent('truckUpdate_v1', (data) =>
    isIdsPayload(data) ? refetchSoon() : patch((board) => applyTruckUpdate(board, data)),
  );
  useHubEvent('truckSequenceUpdate_v1', (data) =>
    isIdsPayload(data) ? refetchSoon() : patch((board) => applyTruckSequence(board, data)),
  );
  useHubEvent('loadUpdate_v1', (data) =>
    isIdsPayload(data) ? refetchSoon() : patch((board) => applyLoadUpdate(board, data)),
  );
  useHubEvent('scheduleStatusAverageUpdate_v1', (data) =>
    isIdsPayload(data) ? refetchSoon() : patch((board) => applyStatusAverage(board, data)),
  );
  useHubEvent('orderUpdate_v1', refetchSoon);
  useHubEvent('orderDelete_v1', refetchSoon);
  useHubEvent('loadScheduleUpdatedNotification_v1', refetchSoon);
  useHubEvent('ticketUpdate_v1', refetchSoon);
  // R-TRACK-8: a pour page's request, or dispatch's answer to one, changes its row's badge.
  useHubEvent('orderRequestUpdate_v1', refetchSoon);
  useHubReconnected(refetchSoon);
}
