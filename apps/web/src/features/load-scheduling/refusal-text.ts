/**
 * R-BOARD-36..37: the domain decides why a load or a truck may not go (`boardLoadRefusal`,
 * `boardTruckRefusal`); the board says it in the user's language, from what it shows.
 */
import type { TFunction } from 'i18next';
import type { BoardLoad, BoardOrder, BoardTruck } from '@dispatch/domain/dispatch/load-board';
import type { DispatchRefusal } from '@dispatch/domain/dispatch/load-dispatch';
import { loadStatusIds } from '@dispatch/domain/dispatch/load-status';
import { isOrderStatusId, orderStatusById } from '@dispatch/domain/orders/order-status';
import { isTruckStatusId, truckStatusById } from '@dispatch/domain/trucks/truck-status';

/** Why a load of the board is not sent, for a refusal of `boardLoadRefusal`. */
export function loadRefusalText(
  t: TFunction,
  refusal: DispatchRefusal,
  order: BoardOrder,
  load: BoardLoad,
): string {
  const names = { load: load.loadNumber, order: order.number };
  switch (refusal.code) {
    case 'load_taken':
      // R-DELIV-4: a delivered load says so; one still out says it is sent.
      return t(
        load.statusId === loadStatusIds.delivered
          ? 'loadScheduling.why.loadDelivered'
          : 'loadScheduling.why.loadSent',
        { ...names, ticket: load.ticketNumber ?? '' },
      );
    case 'order_will_call':
      return t('loadScheduling.why.willCall', names);
    case 'order_not_shipping': {
      if (order.onHold) {
        return order.holdReason
          ? t('loadScheduling.why.onHold', { ...names, reason: order.holdReason })
          : t('loadScheduling.why.onHoldNoReason', names);
      }
      const status = isOrderStatusId(order.orderStatusId)
        ? t(`orderEntry.statuses.${orderStatusById(order.orderStatusId).key}`)
        : String(order.orderStatusId);
      return t('loadScheduling.why.notShipping', { ...names, status });
    }
    default:
      return t('loadScheduling.why.loadClosed', names);
  }
}

/** Why a truck of the board does not take a load of `plantName`, for `boardTruckRefusal`. */
export function truckRefusalText(
  t: TFunction,
  refusal: DispatchRefusal,
  truck: BoardTruck,
  names: { plant: string; yard: string },
): string {
  const number = truck.identificationNumber;
  switch (refusal.code) {
    case 'truck_elsewhere':
      return t('loadScheduling.why.truckElsewhere', { truck: number, ...names });
    case 'truck_busy':
      return t('loadScheduling.why.truckBusy', {
        truck: number,
        ticket: truck.ticketNumber ?? '',
        order: truck.orderNumber ?? '',
      });
    default: {
      const status =
        truck.statusId !== null && isTruckStatusId(truck.statusId)
          ? t(`loadScheduling.truckStatuses.${truckStatusById(truck.statusId).key}`)
          : '—';
      return t('loadScheduling.why.truckUnavailable', { truck: number, status });
    }
  }
}
