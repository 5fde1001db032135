import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { SystemTypeId } from '@dispatch/domain/system-types';
import { systemTypeIds } from '@dispatch/domain/system-types';
import type { Db, Tx } from '../../db/client';
import { aggregatePits, concretePlants, plants } from '../../db/schema/plants';
import { publish } from '../../dispatch/publish';
import { ApiError, notFound, validationError } from '../../http/api-error';
import { likePattern } from '../../http/list-query';
import { translatingDatabaseErrors } from '../../http/database-errors';
import type {
  CreatePlantBody,
  PlantDetail,
  PlantListItem,
  PlantListQuery,
  PlantLiveView,
  PlantSortColumn,
  UpdatePlantBody,
} from './plant-schemas';

type PlantRow = typeof plants.$inferSelect;
type ConcretePlantRow = typeof concretePlants.$inferSelect;
type AggregatePitRow = typeof aggregatePits.$inferSelect;

const iso = (value: Date | null): string | null => (value ? value.toISOString() : null);

/** Stored 'HH:mm:ss'; the domain speaks 'HH:mm'. */
const clockTime = (value: string | null): string | null => (value ? value.slice(0, 5) : null);

export function toPlantListItem(row: PlantRow): PlantListItem {
  return {
    id: row.id,
    description: row.description,
    address1: row.address1 ?? '',
    address2: row.address2 ?? '',
    address3: row.address3 ?? '',
    address4: row.address4 ?? '',
    address5: row.address5 ?? '',
    address6: row.address6 ?? '',
    address7: row.address7 ?? '',
    phoneNumber: row.phoneNumber ?? '',
    phoneExtension: row.phoneExtension ?? '',
    faxNumber: row.faxNumber ?? '',
    latitude: row.latitude,
    longitude: row.longitude,
    radius: row.radius,
    divisionId: row.divisionId,
    batchmanId: row.batchmanId,
    fleetSizeSunday: row.fleetSizeSunday,
    fleetSizeMonday: row.fleetSizeMonday,
    fleetSizeTuesday: row.fleetSizeTuesday,
    fleetSizeWednesday: row.fleetSizeWednesday,
    fleetSizeThursday: row.fleetSizeThursday,
    fleetSizeFriday: row.fleetSizeFriday,
    fleetSizeSaturday: row.fleetSizeSaturday,
    batchTime: row.batchTime,
    callInSpaceTime: row.callInSpaceTime,
    closeoutTime: clockTime(row.closeoutTime),
    inYardWashTime: row.inYardWashTime,
    onJobWashTime: row.onJobWashTime,
    warmupTime: row.warmupTime,
    truckCostHour: row.truckCostHour,
    truckProductivityFactor: row.truckProductivityFactor,
    fixedCostQty: row.fixedCostQty,
    inactiveFlag: row.inactiveFlag,
    isRail: row.isRail,
    useBatchPanelFlag: row.useBatchPanelFlag,
    printTicketMethod: row.printTicketMethod,
    ticketPrintQueue: row.ticketPrintQueue ?? '',
    nextWorkOrderNumber: row.nextWorkOrderNumber,
    plantColorId: row.plantColorId,
    // No adjustment recorded is no adjustment.
    priceAdjustment: row.priceAdjustment ?? 0,
    subAccountNumber: row.subAccountNumber ?? '',
    systemTypeId: row.systemTypeId as SystemTypeId,
    modifiedOn: iso(row.modifiedOn),
    lastBatchPanelInventory: iso(row.lastBatchPanelInventory),
    version: row.version,
  };
}

function toPlantDetail(
  row: PlantRow,
  concrete: ConcretePlantRow | null,
  aggregate: AggregatePitRow | null,
): PlantDetail {
  return {
    ...toPlantListItem(row),
    concretePlant: concrete && {
      plantId: concrete.plantId,
      numberOfAlleys: concrete.numberOfAlleys,
      nextTicketNumber: concrete.nextTicketNumber,
    },
    aggregatePit: aggregate && {
      plantId: aggregate.plantId,
      zone: aggregate.zone ?? '',
      fuelSurChage: aggregate.fuelSurChage,
      nextTicketNumber: aggregate.nextTicketNumber,
      nextBillOfLadingNumber: aggregate.nextBillOfLadingNumber,
      railScheduleEdiStoredProcedureName: aggregate.railScheduleEdiStoredProcedureName ?? '',
    },
  };
}

export function toPlantLiveView(plant: PlantListItem): PlantLiveView {
  return {
    id: plant.id,
    description: plant.description,
    systemTypeId: plant.systemTypeId,
    inactiveFlag: plant.inactiveFlag,
    plantColorId: plant.plantColorId,
    latitude: plant.latitude,
    longitude: plant.longitude,
    version: plant.version,
  };
}

const sortColumns = {
  description: plants.description,
  id: plants.id,
  systemTypeId: plants.systemTypeId,
} satisfies Record<PlantSortColumn, unknown>;

function listConditions(query: PlantListQuery): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (query.search) {
    const pattern = likePattern(query.search);
    const address = sql`concat_ws(' ', ${plants.address1}, ${plants.address2}, ${plants.address3}, ${plants.address4}, ${plants.address5}, ${plants.address6}, ${plants.address7})`;
    conditions.push(or(ilike(plants.description, pattern), sql`${address} ilike ${pattern}`));
  }
  if (query.systemTypeId !== undefined)
    conditions.push(eq(plants.systemTypeId, query.systemTypeId));
  if (!query.includeInactive) conditions.push(eq(plants.inactiveFlag, false));
  if (query.isRail !== undefined) conditions.push(eq(plants.isRail, query.isRail));
  return and(...conditions);
}

export async function listPlants(
  db: Db,
  query: PlantListQuery,
): Promise<{ count: number; data: PlantListItem[] }> {
  const where = listConditions(query);
  const direction = query.order === 'desc' ? desc : asc;
  const rows = await db
    .select()
    .from(plants)
    .where(where)
    .orderBy(direction(sortColumns[query.sort ?? 'description']), direction(plants.id))
    .limit(query.limit)
    .offset(query.offset);
  const [total] = await db.select({ count: count() }).from(plants).where(where);
  return { count: total?.count ?? 0, data: rows.map(toPlantListItem) };
}

export async function findPlant(db: Db | Tx, id: number): Promise<PlantDetail | undefined> {
  const [found] = await db
    .select({ plant: plants, concretePlant: concretePlants, aggregatePit: aggregatePits })
    .from(plants)
    .leftJoin(concretePlants, eq(concretePlants.plantId, plants.id))
    .leftJoin(aggregatePits, eq(aggregatePits.plantId, plants.id))
    .where(eq(plants.id, id));
  return found && toPlantDetail(found.plant, found.concretePlant, found.aggregatePit);
}

export async function getPlant(db: Db, id: number): Promise<PlantDetail> {
  const plant = await findPlant(db, id);
  if (!plant) throw notFound('The plant');
  return plant;
}

type Details = Pick<UpdatePlantBody, 'concretePlant' | 'aggregatePit'>;

/**
 * Concrete plants and aggregate pits keep their ticket numbering in a detail row; a plant of that
 * system type always gets one (with the section 9 defaults), and details of another type are refused.
 */
async function saveDetails(
  tx: Tx,
  plant: { id: number; systemTypeId: number },
  details: Details,
  now: Date,
): Promise<void> {
  if (details.concretePlant && plant.systemTypeId !== systemTypeIds.concrete) {
    throw validationError([{ field: 'concretePlant', reason: 'only a concrete plant has these' }]);
  }
  if (details.aggregatePit && plant.systemTypeId !== systemTypeIds.aggregate) {
    throw validationError([{ field: 'aggregatePit', reason: 'only an aggregate pit has these' }]);
  }
  if (plant.systemTypeId === systemTypeIds.concrete) {
    const values = details.concretePlant ?? {};
    const insert = tx
      .insert(concretePlants)
      .values({ plantId: plant.id, ...values, modifiedAt: now });
    await (Object.keys(values).length === 0
      ? insert.onConflictDoNothing()
      : insert.onConflictDoUpdate({
          target: concretePlants.plantId,
          set: { ...values, version: sql`${concretePlants.version} + 1`, modifiedAt: now },
        }));
  }
  if (plant.systemTypeId === systemTypeIds.aggregate) {
    const values = details.aggregatePit ?? {};
    const insert = tx
      .insert(aggregatePits)
      .values({ plantId: plant.id, ...values, modifiedAt: now });
    await (Object.keys(values).length === 0
      ? insert.onConflictDoNothing()
      : insert.onConflictDoUpdate({
          target: aggregatePits.plantId,
          set: { ...values, version: sql`${aggregatePits.version} + 1`, modifiedAt: now },
        }));
  }
}

async function publishPlant(tx: Tx, id: number): Promise<PlantDetail> {
  const plant = await findPlant(tx, id);
  if (!plant) throw notFound('The plant');
  await publish(tx, { name: 'plantUpdate_v1', data: toPlantLiveView(plant), ids: [id] });
  return plant;
}

export async function createPlant(
  db: Db,
  options: { values: CreatePlantBody; now: Date },
): Promise<PlantDetail> {
  const { concretePlant, aggregatePit, ...values } = options.values;
  return translatingDatabaseErrors(() =>
    db.transaction(async (tx) => {
      const [created] = await tx
        .insert(plants)
        .values({ ...values, modifiedOn: options.now })
        .returning({ id: plants.id, systemTypeId: plants.systemTypeId });
      if (!created) throw new Error('The plant insert returned no row.');
      await saveDetails(tx, created, { concretePlant, aggregatePit }, options.now);
      return publishPlant(tx, created.id);
    }),
  );
}

export const stalePlantMessage =
  'This plant was changed by someone else since you opened it. Reload it and apply your change again.';

export async function updatePlant(
  db: Db,
  options: { id: number; values: UpdatePlantBody; now: Date },
): Promise<PlantDetail> {
  const { version, concretePlant, aggregatePit, ...changes } = options.values;
  return translatingDatabaseErrors(() =>
    db.transaction(async (tx) => {
      const [updated] = await tx
        .update(plants)
        .set({ ...changes, version: sql`${plants.version} + 1`, modifiedOn: options.now })
        .where(and(eq(plants.id, options.id), eq(plants.version, version)))
        .returning({ id: plants.id, systemTypeId: plants.systemTypeId });
      if (!updated) {
        const [current] = await tx
          .select({ version: plants.version })
          .from(plants)
          .where(eq(plants.id, options.id));
        if (!current) throw notFound('The plant');
        throw new ApiError('conflict', stalePlantMessage, {
          data: { currentVersion: current.version },
        });
      }
      await saveDetails(tx, updated, { concretePlant, aggregatePit }, options.now);
      return publishPlant(tx, updated.id);
    }),
  );
}
