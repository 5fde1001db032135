/**
 * How orderUpdate_v1 and orderDelete_v1 change a cached board: patch the row in place (its totals
 * recomputed from the schedules the event carries, as the server computes them), drop it when it
 * no longer matches the board's filters, or ask for a refetch when the board should hold a row it
 * lacks.
 */
import type { OrderLiveView } from '@dispatch/domain/orders/order';
import type { ScheduleForm } from '@dispatch/domain/orders/schedule';
import type { SystemTypeId } from '@dispatch/domain/system-types';
import { applyLiveView, removeRow, type LiveListChange } from '../../lib/live-list';
import type { OrderBoard, OrderBoardFilters, OrderBoardRow } from './order-queries';

export type OrderBoardChange = LiveListChange<OrderBoard>;

/** The server sends the row's version when it has one; an older event must not win. */
export type VersionedOrderLiveView = OrderLiveView & { version?: number | undefined };

/** The business day of an ISO date or date-time. */
const dayOf = (date: string): string => date.slice(0, 10);

/** Quantities are kept to the thousandth, as the server rounds them. */
const roundQuantity = (value: number): number => Math.round(value * 1000) / 1000;

function matches(
  filters: OrderBoardFilters,
  view: OrderLiveView,
  systemTypeId: SystemTypeId | undefined,
): boolean {
  return (
    dayOf(view.shipDate) === filters.shipDate &&
    (!filters.plantIds?.length || filters.plantIds.includes(view.plantId)) &&
    (!filters.orderStatusIds?.length || filters.orderStatusIds.includes(view.orderStatusId)) &&
    // The live view does not carry the system type: unknown passes, so the board refetches.
    (filters.systemTypeId === undefined ||
      systemTypeId === undefined ||
      filters.systemTypeId === systemTypeId)
  );
}

/** What the board shows of the primary products: their sums and their one unit, if they share one. */
export function primaryTotals(
  schedules: readonly ScheduleForm[],
): Pick<
  OrderBoardRow,
  'quantityOrdered' | 'quantityDelivered' | 'unitOfMeasure' | 'productDescription'
> {
  const primaries = schedules.flatMap((form) => (form.primaryProduct ? [form.primaryProduct] : []));
  const units = new Set(primaries.map((product) => product.unitOfMeasure));
  const [unit] = units;
  const descriptions = primaries.map((product) => product.productDescription).filter(Boolean);
  return {
    quantityOrdered: roundQuantity(primaries.reduce((sum, product) => sum + product.quantity, 0)),
    quantityDelivered: roundQuantity(
      primaries.reduce((sum, product) => sum + product.deliveredQuantity, 0),
    ),
    unitOfMeasure: units.size === 1 && unit !== undefined ? unit : null,
    // The server names the order by the first description in text order (SQL min()).
    productDescription: descriptions.sort()[0] ?? '',
  };
}

export function applyOrderLiveView(
  board: OrderBoard,
  filters: OrderBoardFilters,
  view: VersionedOrderLiveView,
): OrderBoardChange {
  return applyLiveView<OrderBoardRow, OrderBoard>(board, view.id, {
    belongs: (current) => matches(filters, view, current?.systemTypeId),
    isOlder: (current) => view.version !== undefined && current.version > view.version,
    patch: (current) => ({
      ...current,
      orderStatusId: view.orderStatusId,
      plantId: view.plantId,
      customerName: view.customerName,
      dispatchNotes: view.dispatchNotes,
      orderFlagId: view.orderFlagId,
      number: view.number ?? current.number,
      shipDate: dayOf(view.shipDate),
      ...primaryTotals(view.schedules),
      version: view.version ?? current.version,
    }),
  });
}

export function removeOrder(board: OrderBoard, id: number): OrderBoard {
  return removeRow<OrderBoardRow, OrderBoard>(board, id);
}

export function holdsOrder(board: OrderBoard, id: number): boolean {
  return board.data.some((row) => row.id === id);
}
