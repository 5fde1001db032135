/** The load selected on the board, and why a load will not go (R-BOARD-36). */
import type { TFunction } from 'i18next';
import { isSendable } from '@dispatch/domain/dispatch/board-timeline';
import type { BoardLoad, BoardOrder, LoadBoard } from '@dispatch/domain/dispatch/load-board';
import { boardLoadRefusal } from '@dispatch/domain/dispatch/load-dispatch';
import { loadRefusalText } from './refusal-text';

export function findSelected(board: LoadBoard | undefined, loadId: number | null) {
  for (const order of board?.orders ?? []) {
    const load = order.loads.find((each) => each.id === loadId);
    if (load)
      return { order, load, plant: board?.plants.find((plant) => plant.id === load.plantId) };
  }
  return null;
}

/** The selected load with its order and plant; null when nothing is selected. */
export type BoardSelection = ReturnType<typeof findSelected>;

/** R-BOARD-36: what the selection bar says of a load that will not go; null when it may. */
export function whyNotSent(t: TFunction, order: BoardOrder, load: BoardLoad): string | null {
  const refusal = boardLoadRefusal(order, load);
  if (refusal) return loadRefusalText(t, refusal, order, load);
  return isSendable(order, load) ? null : t('loadScheduling.notSendable');
}
