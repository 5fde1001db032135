import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import {
  isTruckStatusId,
  truckStatusById,
  type TruckStatus,
} from '@dispatch/domain/trucks/truck-status';
import type { Db, Tx } from '../../db/client';
import { truckFlags } from '../../db/schema/lookups';
import { plants } from '../../db/schema/plants';
import { trucks } from '../../db/schema/trucks';
import { publish } from '../../dispatch/publish';
import { ApiError, notFound } from '../../http/api-error';
import { likePattern } from '../../http/list-query';
import type { TruckResponse } from '@dispatch/domain/trucks/truck-views';
import type { TruckListQuery, TruckSortColumn } from './truck-schemas';
import { closeUpYard, endOfYard, lockYards } from './truck-yard';

type TruckRow = typeof trucks.$inferSelect;

/** Constraints whose names do not say the field a user would change. */
export const truckConstraintFields = {
  trucks_truck_company_id_identification_number_unique: 'identificationNumber',
  trucks_quantities_check: 'tareWeight',
} as const;

export const staleTruckMessage =
  'This truck was changed by someone else since you opened it. Reload it and apply your change again.';

export function staleTruck(currentVersion: number): ApiError {
  return new ApiError('conflict', staleTruckMessage, { data: { currentVersion } });
}

function statusOf(id: number | null): TruckStatus | undefined {
  return id !== null && isTruckStatusId(id) ? truckStatusById(id) : undefined;
}

/** Whole minutes in the current status by the server's clock; never negative. */
export function minutesSince(since: Date | null, now: Date): number | null {
  if (!since) return null;
  return Math.max(0, Math.floor((now.getTime() - since.getTime()) / 60_000));
}

export function toTruckResponse(row: TruckRow, truckFlag: string | null, now: Date): TruckResponse {
  const status = statusOf(row.statusId);
  return {
    id: row.id,
    identificationNumber: row.identificationNumber,
    description: row.description ?? '',
    licensePlate: row.licensePlate ?? '',
    vin: row.vin ?? '',
    truckCompanyId: row.truckCompanyId,
    truckTypeId: row.truckTypeId,
    plantId: row.plantId,
    tareWeight: row.tareWeight,
    maxLoadQuantity: row.maxLoadQuantity,
    statusId: row.statusId,
    statusDescription: status?.name ?? '',
    statusLocation: status?.location ?? '',
    statusDateTime: row.statusDateTime ? row.statusDateTime.toISOString() : null,
    statusFromGps: row.statusFromGps,
    truckFlagId: row.truckFlagId,
    truckFlag: truckFlag ?? '',
    minutes: minutesSince(row.statusDateTime, now),
    inYardSequenceNum: row.inYardSequenceNum,
    inactiveFlag: row.inactiveFlag,
    outsideTruckFlag: row.outsideTruckFlag,
    mobileSimulationFlag: row.mobileSimulationFlag,
    currentTicketId: row.currentTicketId,
    version: row.version,
  };
}

/** truckUpdate_v1's payload (section 3's live view), with the version a client sends next. */
export function toTruckLiveView(truck: TruckResponse) {
  return {
    id: truck.id,
    plantId: truck.plantId,
    truckFlagId: truck.truckFlagId,
    truckFlag: truck.truckFlag,
    statusId: truck.statusId,
    identificationNumber: truck.identificationNumber,
    minutes: truck.minutes,
    inYardSequenceNum: truck.inYardSequenceNum,
    statusDescription: truck.statusDescription,
    statusLocation: truck.statusLocation,
    statusDateTime: truck.statusDateTime,
    statusFromGps: truck.statusFromGps,
    version: truck.version,
  };
}
export type TruckLiveViewAnswer = ReturnType<typeof toTruckLiveView>;

function selectTrucks(db: Db | Tx) {
  return db
    .select({ truck: trucks, truckFlag: truckFlags.description })
    .from(trucks)
    .leftJoin(truckFlags, eq(truckFlags.id, trucks.truckFlagId));
}

/** '2' before '10' before '10A' before 'A7': the leading number first, then the text. */
const leadingNumber = sql`substring(${trucks.identificationNumber} from '^[0-9]+')::numeric`;

function sortOf(sort: TruckSortColumn, direction: typeof asc): SQL[] {
  switch (sort) {
    case 'identificationNumber':
      return [direction(leadingNumber), direction(trucks.identificationNumber)];
    case 'statusDateTime':
      return [
        direction(trucks.statusDateTime),
        direction(leadingNumber),
        direction(trucks.identificationNumber),
      ];
    case 'plantId':
      return [
        direction(trucks.plantId),
        direction(leadingNumber),
        direction(trucks.identificationNumber),
      ];
    case 'statusId':
      return [
        direction(trucks.statusId),
        direction(leadingNumber),
        direction(trucks.identificationNumber),
      ];
  }
}

/**
 * Trucks a user of these system types sees (R-PERM-2): those based at a plant of one of them, and
 * those based at no plant. A concrete-only dispatcher never lists an aggregate pit's trucks.
 */
export function trucksOfSystemTypes(systemTypeIds: readonly number[]): SQL {
  if (systemTypeIds.length === 0) return sql`${trucks.plantId} is null`;
  return sql`(${trucks.plantId} is null or ${trucks.plantId} in (select ${plants.id} from ${plants} where ${inArray(plants.systemTypeId, [...systemTypeIds])}))`;
}

function listConditions(query: TruckListQuery, systemTypeIds: readonly number[]): SQL | undefined {
  const conditions: (SQL | undefined)[] = [trucksOfSystemTypes(systemTypeIds)];
  if (query.search) {
    const pattern = likePattern(query.search);
    conditions.push(
      or(
        ilike(trucks.identificationNumber, pattern),
        ilike(trucks.description, pattern),
        ilike(trucks.licensePlate, pattern),
      ),
    );
  }
  if (query.plantId !== undefined) conditions.push(eq(trucks.plantId, query.plantId));
  if (query.statusId !== undefined) conditions.push(eq(trucks.statusId, query.statusId));
  if (query.truckCompanyId !== undefined) {
    conditions.push(eq(trucks.truckCompanyId, query.truckCompanyId));
  }
  if (query.truckTypeId !== undefined) conditions.push(eq(trucks.truckTypeId, query.truckTypeId));
  if (!query.includeInactive) conditions.push(eq(trucks.inactiveFlag, false));
  return and(...conditions);
}

export async function listTrucks(
  db: Db,
  options: { query: TruckListQuery; now: Date; systemTypeIds: readonly number[] },
): Promise<{ count: number; data: TruckResponse[] }> {
  const { query, now } = options;
  const where = listConditions(query, options.systemTypeIds);
  const direction = query.order === 'desc' ? desc : asc;
  const rows = await selectTrucks(db)
    .where(where)
    .orderBy(...sortOf(query.sort ?? 'identificationNumber', direction), direction(trucks.id))
    .limit(query.limit)
    .offset(query.offset);
  const [total] = await db.select({ count: count() }).from(trucks).where(where);
  return {
    count: total?.count ?? 0,
    data: rows.map((row) => toTruckResponse(row.truck, row.truckFlag, now)),
  };
}

export async function findTruck(
  db: Db | Tx,
  id: number,
  now: Date,
): Promise<TruckResponse | undefined> {
  const [row] = await selectTrucks(db).where(eq(trucks.id, id));
  return row && toTruckResponse(row.truck, row.truckFlag, now);
}

/** Publishes a truck's live view, as written in this transaction. */
export async function publishTruckView(tx: Tx, truck: TruckResponse): Promise<TruckResponse> {
  // Heard by the users of its plant's system type; a truck of no plant, by everyone.
  const [plant] =
    truck.plantId === null
      ? []
      : await tx
          .select({ systemTypeId: plants.systemTypeId })
          .from(plants)
          .where(eq(plants.id, truck.plantId));
  await publish(tx, {
    name: 'truckUpdate_v1',
    data: toTruckLiveView(truck),
    ids: [truck.id],
    systemTypeId: plant?.systemTypeId ?? null,
  });
  return truck;
}

/** Reads the truck as written and publishes its live view. */
export async function publishTruck(tx: Tx, id: number, now: Date): Promise<TruckResponse> {
  const truck = await findTruck(tx, id, now);
  if (!truck) throw notFound('The truck');
  return publishTruckView(tx, truck);
}

/**
 * A truck waiting in a yard that is moved to another plant leaves the old plant's yard (which
 * closes up) and joins the end of the new one's. Run before the truck's row is written (the
 * resource engine's prepareWrite): both yards are locked before the truck's row, in the order the
 * status change takes them, so the two never wait on each other in a circle. Answers the truck's
 * new place, or undefined when its place does not change (not in a yard, or changed meanwhile:
 * then the engine's versioned update answers 409 and all of this rolls back).
 */
export async function placeAfterPlantChange(
  tx: Tx,
  id: number,
  from: number | null,
  to: number | null,
): Promise<number | null | undefined> {
  await lockYards(tx, [from, to]);
  const [row] = await tx
    .select({ plantId: trucks.plantId, place: trucks.inYardSequenceNum })
    .from(trucks)
    .where(eq(trucks.id, id))
    .for('update');
  if (!row || row.place === null || row.plantId !== from) return undefined;
  if (from !== null) await closeUpYard(tx, from, row.place);
  return to === null ? null : endOfYard(tx, to);
}
