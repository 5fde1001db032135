/**
 * What a dispatcher does on the board: send a load (R-BOARD-36..38, asking first about a truck
 * that needs a wash), move a truck in its yard, set a truck's status and reprint a ticket
 * (R-BOARD-39). Every failure is a notice; the board is read again after each attempt.
 */
import { useCallback, useState } from 'react';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { BoardTruck, LoadBoard } from '@dispatch/domain/dispatch/load-board';
import { boardTruckRefusal } from '@dispatch/domain/dispatch/load-dispatch';
import type { TruckStatusId } from '@dispatch/domain/trucks/truck-status';
import { ApiError } from '../../lib/api-client';
import { announce } from '../../lib/live-announcer';
import { whyNotSent } from './board-selection';
import {
  dispatchLoad,
  loadBoardKeys,
  reprintTicket,
  saveYardSequence,
  setTruckStatus,
  type LoadBoardFilters,
} from './load-board-api';
import { reorderedYard, withYard } from './load-board-cache';
import { truckRefusalText } from './refusal-text';
import type { WashQuestion } from './wash-question-dialog';

export const messageOf = (failure: unknown) =>
  failure instanceof Error ? failure.message : String(failure);

/** The refusal code of a 409 (R-DISP-3..5, R-DISP-13), when the server gave one. */
const refusalCodeOf = (failure: unknown) =>
  failure instanceof ApiError && typeof failure.body === 'object' && failure.body !== null
    ? (failure.body as { code?: unknown }).code
    : undefined;

export function useBoardActions({
  data,
  filters,
  plantName,
  setSelectedLoadId,
}: {
  data: LoadBoard | undefined;
  filters: LoadBoardFilters;
  plantName: (plantId: number | null) => string;
  setSelectedLoadId: (loadId: number | null) => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [washQuestion, setWashQuestion] = useState<WashQuestion | null>(null);

  const refetch = () => queryClient.invalidateQueries({ queryKey: loadBoardKeys.all });

  const patchBoards = (change: (board: LoadBoard) => LoadBoard) => {
    for (const [key, cached] of queryClient.getQueriesData<LoadBoard>({
      queryKey: loadBoardKeys.all,
    })) {
      if (cached) queryClient.setQueryData(key, change(cached));
    }
  };

  const refuse = (message: string) =>
    notifications.show({ color: 'orange', title: t('loadScheduling.dispatchFailed'), message });

  const handleDispatch = async (loadId: number, truckId?: number, confirmNeedsWash = false) => {
    const order = data?.orders.find((each) => each.loads.some((load) => load.id === loadId));
    const load = order?.loads.find((each) => each.id === loadId);
    const plant = data?.plants.find((each) => each.id === load?.plantId);
    if (!data || !order || !load || !plant) return;
    // R-BOARD-36: a load that may not go says why, and nothing is sent.
    const why = whyNotSent(t, order, load);
    if (why) {
      refuse(why);
      return;
    }
    // A dragged truck may come from any yard on the board (R-BOARD-37).
    const truck =
      truckId === undefined
        ? plant.yard[0]
        : data.plants.flatMap((each) => each.yard).find((each) => each.id === truckId);
    if (!truck) {
      refuse(t('loadScheduling.noTruck', { plant: plant.description }));
      return;
    }
    const ask = () =>
      setWashQuestion({
        loadId: load.id,
        truckId: truck.id,
        truck: truck.identificationNumber,
        load: load.loadNumber,
        order: order.number,
      });
    const truckRefusal = boardTruckRefusal(truck, plant, data.plants, { confirmNeedsWash });
    // R-BOARD-38: a truck that needs a wash goes only once the dispatcher says so.
    if (truckRefusal?.code === 'truck_needs_wash') {
      ask();
      return;
    }
    if (truckRefusal) {
      refuse(
        truckRefusalText(t, truckRefusal, truck, {
          plant: plant.description,
          yard: plantName(truck.plantId),
        }),
      );
      return;
    }
    try {
      await dispatchLoad(load.id, truck.id, load.version, confirmNeedsWash);
      notifications.show({
        color: 'teal',
        title: t('loadScheduling.dispatched', { truck: truck.identificationNumber }),
        message: t('loadScheduling.dispatchedText', { load: load.loadNumber, order: order.number }),
      });
    } catch (error) {
      // Flagged since the board was read: asked as if the board had known (R-BOARD-38).
      if (refusalCodeOf(error) === 'truck_needs_wash') {
        ask();
        return;
      }
      // R-BOARD-32: the server's 409 names the winner; the board shows what it has now.
      notifications.show({
        color: 'red',
        title: t('loadScheduling.dispatchFailed'),
        message: messageOf(error),
      });
    } finally {
      void refetch();
    }
  };

  const handleReorder = useCallback(
    (plantId: number, fromIndex: number, toIndex: number) => {
      const plant = queryClient
        .getQueryData<LoadBoard>(loadBoardKeys.board(filters))
        ?.plants.find((each) => each.id === plantId);
      if (!plant || fromIndex === toIndex) return;
      const yard = reorderedYard(plant.yard, fromIndex, toIndex);
      patchBoards((cached) => withYard(cached, plantId, yard));
      const moved = yard[toIndex];
      if (moved) {
        announce(
          t('loadScheduling.truckMovedInYard', {
            truck: moved.identificationNumber,
            place: toIndex + 1,
            count: yard.length,
          }),
        );
      }
      saveYardSequence(
        plantId,
        yard.map((truck) => truck.id),
      ).catch((error: unknown) => {
        notifications.show({
          color: 'red',
          title: t('loadScheduling.sequenceFailed'),
          message: messageOf(error),
        });
        void refetch();
      });
      // Keep the moved truck focused so Alt+↑/↓ can move it again.
      requestAnimationFrame(() =>
        document
          .querySelector<HTMLElement>(`[data-truck-id="${yard[toIndex]?.id}"][role="listitem"]`)
          ?.focus(),
      );
    },
    // patchBoards and refetch only use the query client.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [queryClient, filters, t],
  );

  const handleSetStatus = async (truck: BoardTruck, statusId: TruckStatusId) => {
    try {
      await setTruckStatus(truck.id, statusId);
    } catch (error) {
      notifications.show({
        color: 'red',
        title: t('loadScheduling.statusFailed'),
        message: messageOf(error),
      });
    } finally {
      void refetch();
    }
  };

  const handleReprint = (ticketId: number) => {
    // The answer comes back as ticketPrintReply_v1, shown like every other.
    reprintTicket(ticketId).catch(() =>
      notifications.show({ color: 'red', message: t('print.notConnected') }),
    );
  };

  const confirmWash = () => {
    const question = washQuestion;
    setWashQuestion(null);
    if (question) void handleDispatch(question.loadId, question.truckId, true);
  };

  const handleDropTruck = useCallback(
    (loadId: number, truckId: number) => {
      setSelectedLoadId(loadId);
      void handleDispatch(loadId, truckId);
    },
    // handleDispatch reads the board of this render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [data],
  );

  return {
    washQuestion,
    setWashQuestion,
    confirmWash,
    handleDispatch,
    handleReorder,
    handleSetStatus,
    handleReprint,
    handleDropTruck,
  };
}
