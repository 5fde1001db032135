/**
 * R-BOARD-31: how hub events change a cached board at once. Each patch returns the board as the
 * event leaves it and whether the board should still be read again for what the event does not
 * carry (a new load's times, the truck a load went to, an order's totals). The same board back
 * means nothing changed.
 */
import type { BoardTruck, LoadBoard, StatusAverage } from '@dispatch/domain/dispatch/load-board';
import type { Load } from '@dispatch/domain/dispatch/load';
import type { TruckLiveView } from '@dispatch/domain/trucks/truck-views';
import type { TruckSequenceEvent } from '@dispatch/domain/trucks/yard-sequence';
import { truckStatusIds } from '@dispatch/domain/trucks/truck-status';

export type BoardChange = { board: LoadBoard; refetch: boolean };

const bySequence = (a: BoardTruck, b: BoardTruck) =>
  (a.inYardSequenceNum ?? Number.MAX_SAFE_INTEGER) -
  (b.inYardSequenceNum ?? Number.MAX_SAFE_INTEGER);

/** Where a truck in this status shows: the yard, out, or neither (out of service, off duty). */
export function truckPlace(statusId: number | null): 'yard' | 'out' | null {
  if (statusId === truckStatusIds.inYard) return 'yard';
  if (statusId === truckStatusIds.outOfService || statusId === truckStatusIds.offDuty) return null;
  return statusId === null ? null : 'out';
}

/**
 * truckUpdate_v1: the truck's status, minutes and yard place change where it is shown; a truck
 * that enters the yard leaves the trucks out (and the other way round) at once. A truck going out
 * has a load the event does not name, so the board is read again for it.
 */
export function applyTruckUpdate(board: LoadBoard, view: TruckLiveView): BoardChange {
  const current = board.plants
    .flatMap((plant) => [...plant.yard, ...plant.out])
    .find((truck) => truck.id === view.id);
  const shown = board.plants.some((plant) => plant.id === view.plantId);
  if (!current && !shown) return { board, refetch: false };
  const place = truckPlace(view.statusId);
  const truck: BoardTruck = {
    ...(current ?? { loadId: null, orderId: null, orderNumber: null, ticketNumber: null }),
    ...view,
    ...(place === 'yard'
      ? { loadId: null, orderId: null, orderNumber: null, ticketNumber: null }
      : {}),
  };
  const plants = board.plants.map((plant) => {
    const yard = plant.yard.filter((each) => each.id !== view.id);
    const out = plant.out.filter((each) => each.id !== view.id);
    if (plant.id === view.plantId && place === 'yard') yard.push(truck);
    if (plant.id === view.plantId && place === 'out') out.push(truck);
    return { ...plant, yard: yard.sort(bySequence), out };
  });
  const leftYard = current !== undefined && place !== 'yard';
  return { board: { ...board, plants }, refetch: !current || leftYard || place === 'out' };
}

/**
 * truckSequenceUpdate_v1: the plant's yard takes the event's order. A truck the event lists that
 * the board does not hold in that yard means the board is read again.
 */
export function applyTruckSequence(board: LoadBoard, event: TruckSequenceEvent): BoardChange {
  const plant = board.plants.find((each) => each.id === event.plantId);
  if (!plant) return { board, refetch: false };
  const places = new Map(event.trucks.map((item) => [item.id, item.inYardSequenceNum]));
  const missing = event.trucks.some((item) => !plant.yard.some((truck) => truck.id === item.id));
  const yard = plant.yard
    .filter((truck) => places.has(truck.id))
    .map((truck) => ({ ...truck, inYardSequenceNum: places.get(truck.id) ?? null }))
    .sort(bySequence);
  const plants = board.plants.map((each) => (each.id === plant.id ? { ...plant, yard } : each));
  return { board: { ...board, plants }, refetch: missing };
}

/**
 * loadUpdate_v1: the load's status, ticket and version change at once; its truck and ticket number
 * come with the next read. The version is taken at once so that D, pressed before that read, is not
 * refused as stale (R-BOARD-32): a truck's drift moves its order's later loads, each a new version.
 * A load the board does not hold may belong in the window: read again.
 */
export function applyLoadUpdate(board: LoadBoard, load: Load): BoardChange {
  let found = false;
  const orders = board.orders.map((order) => {
    if (order.id !== load.orderId) return order;
    return {
      ...order,
      loads: order.loads.map((each) => {
        if (each.id !== load.id) return each;
        found = true;
        return {
          ...each,
          statusId: load.statusId ?? each.statusId,
          ticketId: load.ticketId,
          // Versions only grow: an event older than the last read keeps the read's.
          version: Math.max(load.version ?? each.version, each.version),
          ...(load.ticketId === null
            ? { ticketNumber: null, truckId: null, truckNumber: null }
            : {}),
        };
      }),
    };
  });
  if (!found) return { board, refetch: true };
  const changed = orders.some((order, index) => order !== board.orders[index]);
  // A ticket written names a truck and a number the event does not carry.
  return { board: changed ? { ...board, orders } : board, refetch: load.ticketId !== null };
}

/** scheduleStatusAverageUpdate_v1: the plant's averages are replaced. */
export function applyStatusAverage(board: LoadBoard, event: StatusAverage): BoardChange {
  if (!board.plants.some((plant) => plant.id === event.plantId)) return { board, refetch: false };
  const plants = board.plants.map((plant) =>
    plant.id === event.plantId ? { ...plant, statusAverages: event.averages } : plant,
  );
  return { board: { ...board, plants }, refetch: false };
}

/** The yard after moving one truck up or down one place (Alt+Up/Down), or null at an end. */
export function movedInYard(
  yard: readonly BoardTruck[],
  truckId: number,
  by: -1 | 1,
): BoardTruck[] | null {
  const index = yard.findIndex((truck) => truck.id === truckId);
  const target = index + by;
  if (index < 0 || target < 0 || target >= yard.length) return null;
  return reorderedYard(yard, index, target);
}

/** The yard with the truck at `from` put at `to` (drag and drop). */
export function reorderedYard(yard: readonly BoardTruck[], from: number, to: number): BoardTruck[] {
  const next = yard.slice();
  const [moved] = next.splice(from, 1);
  if (moved) next.splice(to, 0, moved);
  return next.map((truck, index) => ({ ...truck, inYardSequenceNum: index + 1 }));
}

/** The board with one plant's yard replaced (an optimistic reorder). */
export function withYard(board: LoadBoard, plantId: number, yard: BoardTruck[]): LoadBoard {
  return {
    ...board,
    plants: board.plants.map((plant) => (plant.id === plantId ? { ...plant, yard } : plant)),
  };
}
