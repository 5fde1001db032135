/**
 * What the dashboard's cards and counters show, computed from the cached lists. Pure, so every
 * total can be checked without rendering, and recomputed on each live update.
 */
import {
  orderStatusById,
  orderStatusIds,
  type OrderStatus,
  type OrderStatusId,
} from '@dispatch/domain/orders/order-status';
import { systemTypes, type SystemTypeId } from '@dispatch/domain/system-types';
import {
  isTruckStatusId,
  truckStatusById,
  truckStatusIds,
  type TruckStatus,
} from '@dispatch/domain/trucks/truck-status';
import type { UnitId } from '@dispatch/domain/units';
import type { OrderBoardRow } from '../../data/orders/order-queries';
import type { PlantRow } from '../../data/plants/plant-queries';
import type { TicketRow } from '../../data/tickets/ticket-queries';
import type { TruckRow } from '../../data/trucks/truck-queries';
import { dashboardText } from './dashboard-text';
import { deliveryUnitOf } from './quantity-units';

/** A deleted order is gone from the day; it is neither counted nor measured. */
export function isCountedOrder(statusId: OrderStatusId): boolean {
  return statusId !== orderStatusIds.deleted;
}

/** A cancelled order will ship nothing, so its quantity is not part of the day's plan. */
export function countsTowardQuantity(statusId: OrderStatusId): boolean {
  return statusId !== orderStatusIds.deleted && statusId !== orderStatusIds.cancelled;
}

/** The order statuses in the order of a day's work: moving first, waiting next, finished last. */
export const orderStatusDisplayOrder: readonly OrderStatusId[] = [
  orderStatusIds.shipping,
  orderStatusIds.toBeShipped,
  orderStatusIds.willCall,
  orderStatusIds.fob,
  orderStatusIds.onHold,
  orderStatusIds.stopShipping,
  orderStatusIds.backOrder,
  orderStatusIds.complete,
  orderStatusIds.cancelled,
];

export type StatusCount = { status: OrderStatus; count: number };

export type SystemTypeOrders = {
  systemTypeId: SystemTypeId;
  name: string;
  total: number;
  /** Only the statuses that have orders, in display order. */
  statuses: StatusCount[];
};

export function ordersByStatus(
  rows: readonly OrderBoardRow[],
  systemTypeIds: readonly SystemTypeId[],
): SystemTypeOrders[] {
  return systemTypes
    .filter((type) => systemTypeIds.includes(type.id))
    .map((type) => {
      const counts = new Map<OrderStatusId, number>();
      for (const row of rows) {
        if (row.systemTypeId !== type.id || !isCountedOrder(row.orderStatusId)) continue;
        counts.set(row.orderStatusId, (counts.get(row.orderStatusId) ?? 0) + 1);
      }
      const statuses = orderStatusDisplayOrder.flatMap((id) => {
        const count = counts.get(id) ?? 0;
        return count > 0 ? [{ status: orderStatusById(id), count }] : [];
      });
      const total = statuses.reduce((sum, entry) => sum + entry.count, 0);
      return { systemTypeId: type.id, name: dashboardText.systemType(type), total, statuses };
    });
}

/** The system types a list of orders holds, in catalogue order. */
export function systemTypesIn(rows: readonly OrderBoardRow[]): SystemTypeId[] {
  const present = new Set(rows.map((row) => row.systemTypeId));
  return systemTypes.filter((type) => present.has(type.id)).map((type) => type.id);
}

/** The unit an order's totals are in; an order without one is measured in its system's unit. */
export function unitOfOrder(row: OrderBoardRow): UnitId {
  return row.unitOfMeasure ?? deliveryUnitOf(row.systemTypeId);
}

export type PlantQuantity = {
  plantId: number;
  name: string;
  systemTypeId: SystemTypeId;
  unit: UnitId;
  ordered: number;
  delivered: number;
};

export function plantName(plants: ReadonlyMap<number, PlantRow>, plantId: number): string {
  return plants.get(plantId)?.description || dashboardText.plantFallback(plantId);
}

/** Quantity ordered and delivered per plant and unit, by system type then plant name. */
export function quantitiesByPlant(
  rows: readonly OrderBoardRow[],
  plants: ReadonlyMap<number, PlantRow>,
): PlantQuantity[] {
  const byPlantAndUnit = new Map<string, PlantQuantity>();
  for (const row of rows) {
    if (!countsTowardQuantity(row.orderStatusId)) continue;
    const unit = unitOfOrder(row);
    const key = `${row.plantId}:${unit}`;
    const entry = byPlantAndUnit.get(key) ?? {
      plantId: row.plantId,
      name: plantName(plants, row.plantId),
      systemTypeId: row.systemTypeId,
      unit,
      ordered: 0,
      delivered: 0,
    };
    entry.ordered += row.quantityOrdered;
    entry.delivered += row.quantityDelivered;
    byPlantAndUnit.set(key, entry);
  }
  return [...byPlantAndUnit.values()].sort(
    (a, b) => a.systemTypeId - b.systemTypeId || a.name.localeCompare(b.name) || a.unit - b.unit,
  );
}

export type QuantityTotal = { unit: UnitId; ordered: number; delivered: number };

export type SystemTypeQuantity = {
  systemTypeId: SystemTypeId;
  name: string;
  /** The system's delivery unit first, then any other unit its orders use. */
  totals: QuantityTotal[];
};

/** The day's quantity per allowed system type, for the header's counters. */
export function quantitiesBySystemType(
  rows: readonly OrderBoardRow[],
  systemTypeIds: readonly SystemTypeId[],
): SystemTypeQuantity[] {
  return systemTypes
    .filter((type) => systemTypeIds.includes(type.id))
    .map((type) => {
      const mainUnit = deliveryUnitOf(type.id);
      const byUnit = new Map<UnitId, QuantityTotal>([
        [mainUnit, { unit: mainUnit, ordered: 0, delivered: 0 }],
      ]);
      for (const row of rows) {
        if (row.systemTypeId !== type.id || !countsTowardQuantity(row.orderStatusId)) continue;
        const unit = unitOfOrder(row);
        const total = byUnit.get(unit) ?? { unit, ordered: 0, delivered: 0 };
        total.ordered += row.quantityOrdered;
        total.delivered += row.quantityDelivered;
        byUnit.set(unit, total);
      }
      return {
        systemTypeId: type.id,
        name: dashboardText.systemType(type),
        totals: [...byUnit.values()],
      };
    });
}

/** A truck is out once it has left the plant: on the road or at a job. */
export function isTruckOut(truck: Pick<TruckRow, 'statusId'>): boolean {
  return isTruckStatusId(truck.statusId) && truckStatusById(truck.statusId).location !== 'plant';
}

export type TruckStatusGroup = { status: TruckStatus | null; trucks: TruckRow[] };

export type PlantTrucks = {
  plantId: number | null;
  name: string;
  total: number;
  out: number;
  /** Only the statuses that have trucks, in the order of a truck's day; no status last. */
  groups: TruckStatusGroup[];
};

const truckNumberOrder = new Intl.Collator(undefined, { numeric: true });

/** In the yard the next truck to load comes first; elsewhere trucks read in number order. */
function compareTrucks(a: TruckRow, b: TruckRow): number {
  const place = (a.inYardSequenceNum ?? Infinity) - (b.inYardSequenceNum ?? Infinity);
  if (a.statusId === truckStatusIds.inYard && place !== 0 && !Number.isNaN(place)) return place;
  return truckNumberOrder.compare(a.identificationNumber, b.identificationNumber);
}

/**
 * Trucks grouped by plant and status. When the allowed system types are known, plants of other
 * systems are left out; trucks without a plant come last.
 */
export function trucksByPlant(
  trucks: readonly TruckRow[],
  plants: ReadonlyMap<number, PlantRow>,
  systemTypeIds?: readonly SystemTypeId[],
): PlantTrucks[] {
  const byPlant = new Map<number | null, TruckRow[]>();
  for (const truck of trucks) {
    const plant = truck.plantId === null ? undefined : plants.get(truck.plantId);
    if (plant && systemTypeIds && !systemTypeIds.includes(plant.systemTypeId)) continue;
    const list = byPlant.get(truck.plantId) ?? [];
    list.push(truck);
    byPlant.set(truck.plantId, list);
  }
  const result = [...byPlant.entries()].map(([plantId, plantTrucks]) => {
    const groups: TruckStatusGroup[] = [];
    const byStatus = new Map<number | null, TruckRow[]>();
    for (const truck of plantTrucks) {
      const key = isTruckStatusId(truck.statusId) ? truck.statusId : null;
      byStatus.set(key, [...(byStatus.get(key) ?? []), truck]);
    }
    for (const [statusId, statusTrucks] of byStatus) {
      groups.push({
        status: statusId === null ? null : truckStatusById(statusId as TruckStatus['id']),
        trucks: statusTrucks.sort(compareTrucks),
      });
    }
    groups.sort((a, b) => (a.status?.id ?? Infinity) - (b.status?.id ?? Infinity));
    return {
      plantId,
      name: plantId === null ? dashboardText.noPlant : plantName(plants, plantId),
      systemTypeId: plantId === null ? undefined : plants.get(plantId)?.systemTypeId,
      total: plantTrucks.length,
      out: plantTrucks.filter(isTruckOut).length,
      groups,
    };
  });
  return result
    .sort(
      (a, b) =>
        Number(a.plantId === null) - Number(b.plantId === null) ||
        (a.systemTypeId ?? 0) - (b.systemTypeId ?? 0) ||
        a.name.localeCompare(b.name),
    )
    .map(({ systemTypeId: _systemTypeId, ...plant }) => plant);
}

/**
 * A ticket's quantity in its system's delivery unit (the load itself, not its admixtures), or its
 * first product's when none is in that unit.
 */
export function ticketQuantity(ticket: TicketRow): { quantity: number; unit: UnitId } | null {
  const unit = deliveryUnitOf(ticket.systemTypeId);
  const product =
    ticket.products.find((candidate) => candidate.unitOfMeasure === unit) ?? ticket.products[0];
  if (!product) return null;
  return { quantity: product.quantity, unit: product.unitOfMeasure ?? unit };
}
