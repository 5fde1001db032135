/** The demo producer's plants: three concrete plants, a quarry, a rail terminal and a block plant. */
import { eq } from 'drizzle-orm';
import { systemTypeIds, type SystemTypeId } from '@dispatch/domain/system-types';
import { aggregatePits, blockPlants, concretePlants, plants } from '../src/db/schema/plants';
import path from 'node:path';
import { counties, placeById } from './metro-area';
import { divisionIds } from '../src/db/reference-ids';
import { insertAll, insertReturningIds, idAt, type SeedDb } from '../src/db/bulk-insert';

export type DemoPlant = {
  readonly id: number;
  readonly description: string;
  readonly systemTypeId: SystemTypeId;
  readonly placeId: number;
  readonly lat: number;
  readonly lon: number;
  /** Minutes to load a truck (batch, load out, or fork pallets on). */
  readonly batchTime: number;
  readonly onJobWashTime: number;
  readonly useBatchPanelFlag: boolean;
  readonly isRail: boolean;
  /** How many trucks the demo fleet bases here. */
  readonly truckCount: number;
  /** The plant's first ticket number in the demo; tickets count up from it. */
  readonly firstTicketNumber: number;
};

type PlantSpec = Omit<DemoPlant, 'id'> & {
  readonly street: string;
  readonly phoneSuffix: string;
  readonly colorId: number;
  readonly alleys?: number;
  readonly pit?: { zone: string; fuelSurcharge: number; nextBillOfLadingNumber: number };
};

const plantSpecs: readonly PlantSpec[] = [
  {
    description: 'North Yard',
    systemTypeId: systemTypeIds.concrete,
    street: '1450 Schrock Rd',
    placeId: 5,
    lat: 40.0955,
    lon: -82.9785,
    batchTime: 7,
    onJobWashTime: 10,
    useBatchPanelFlag: true,
    isRail: false,
    truckCount: 14,
    firstTicketNumber: 481_200,
    phoneSuffix: '0110',
    colorId: 1,
    alleys: 2,
  },
  {
    description: 'Riverside Batch Plant',
    systemTypeId: systemTypeIds.concrete,
    street: '850 Frank Rd',
    placeId: 9,
    lat: 39.9135,
    lon: -83.0135,
    batchTime: 6,
    onJobWashTime: 10,
    useBatchPanelFlag: true,
    isRail: false,
    truckCount: 13,
    firstTicketNumber: 352_040,
    phoneSuffix: '0120',
    colorId: 2,
    alleys: 2,
  },
  {
    description: 'Westgate Plant',
    systemTypeId: systemTypeIds.concrete,
    street: '4200 Alton Darby Creek Rd',
    placeId: 12,
    lat: 40.0055,
    lon: -83.1455,
    batchTime: 8,
    onJobWashTime: 12,
    useBatchPanelFlag: false,
    isRail: false,
    truckCount: 11,
    firstTicketNumber: 127_415,
    phoneSuffix: '0130',
    colorId: 3,
    alleys: 1,
  },
  {
    description: 'Cedar Quarry',
    systemTypeId: systemTypeIds.aggregate,
    street: '8800 Home Rd',
    placeId: 30,
    lat: 40.1705,
    lon: -83.0955,
    batchTime: 6,
    onJobWashTime: 0,
    useBatchPanelFlag: false,
    isRail: false,
    truckCount: 10,
    firstTicketNumber: 88_150,
    phoneSuffix: '0140',
    colorId: 4,
    pit: { zone: 'North', fuelSurcharge: 3.5, nextBillOfLadingNumber: 1 },
  },
  {
    description: 'Union Rail Terminal',
    systemTypeId: systemTypeIds.aggregate,
    street: '2600 Rohr Rd',
    placeId: 26,
    lat: 39.8225,
    lon: -82.9555,
    batchTime: 5,
    onJobWashTime: 0,
    useBatchPanelFlag: false,
    isRail: true,
    truckCount: 6,
    firstTicketNumber: 20_310,
    phoneSuffix: '0150',
    colorId: 6,
    pit: { zone: 'South', fuelSurcharge: 4.25, nextBillOfLadingNumber: 7_412 },
  },
  {
    description: 'Eastside Block Plant',
    systemTypeId: systemTypeIds.block,
    street: '7100 E Main St',
    placeId: 20,
    lat: 39.9545,
    lon: -82.8195,
    batchTime: 20,
    onJobWashTime: 0,
    useBatchPanelFlag: false,
    isRail: false,
    truckCount: 6,
    firstTicketNumber: 15_880,
    phoneSuffix: '0160',
    colorId: 5,
  },
];

export async function seedPlants(db: SeedDb): Promise<DemoPlant[]> {
  const rows = plantSpecs.map((spec) => {
    const place = placeById(spec.placeId);
    const weekday = spec.truckCount;
    return {
      description: spec.description,
      address1: spec.street,
      address3: place.city,
      address5: 'OH',
      address6: counties[place.county].name,
      address7: place.zip,
      phoneNumber: `(614) 555-${spec.phoneSuffix}`,
      faxNumber: `(614) 555-${spec.phoneSuffix.slice(0, 3)}9`,
      latitude: spec.lat,
      longitude: spec.lon,
      // Quarries and rail yards are large sites; a batch plant's yard is a few hundred metres.
      radius: spec.systemTypeId === systemTypeIds.concrete ? 300 : 600,
      divisionId:
        spec.systemTypeId === systemTypeIds.concrete
          ? divisionIds.readyMix
          : spec.systemTypeId === systemTypeIds.aggregate
            ? divisionIds.aggregates
            : divisionIds.masonry,
      fleetSizeSunday: 0,
      fleetSizeMonday: weekday,
      fleetSizeTuesday: weekday,
      fleetSizeWednesday: weekday,
      fleetSizeThursday: weekday,
      fleetSizeFriday: weekday,
      fleetSizeSaturday: Math.ceil(weekday * 0.4),
      batchTime: spec.batchTime,
      callInSpaceTime: spec.systemTypeId === systemTypeIds.concrete ? 10 : 15,
      closeoutTime: spec.systemTypeId === systemTypeIds.block ? '16:00:00' : '17:30:00',
      inYardWashTime: spec.systemTypeId === systemTypeIds.concrete ? 10 : 0,
      onJobWashTime: spec.onJobWashTime,
      warmupTime: 15,
      truckCostHour: spec.systemTypeId === systemTypeIds.concrete ? 105 : 92,
      truckProductivityFactor: 0.85,
      fixedCostQty: spec.systemTypeId === systemTypeIds.concrete ? 3 : 0,
      isRail: spec.isRail,
      useBatchPanelFlag: spec.useBatchPanelFlag,
      printTicketMethod: 1,
      ticketPrintQueue:
        spec.systemTypeId === systemTypeIds.concrete ? 'Batch Office' : 'Scale House',
      nextWorkOrderNumber: 1,
      plantColorId: spec.colorId,
      priceAdjustment: 0,
      subAccountNumber: `${String(spec.systemTypeId)}0${spec.phoneSuffix.slice(1, 3)}`,
      systemTypeId: spec.systemTypeId,
      ...(spec.systemTypeId === systemTypeIds.aggregate ? demoScale(spec.isRail) : {}),
      ...(spec.description === demoFileExchangePlant
        ? {
            batchPanelProtocol: 'file-exchange',
            batchPanelOutbox: demoExchangeFolders.outbox,
            batchPanelInbox: demoExchangeFolders.inbox,
          }
        : {}),
    };
  });
  const ids = await insertReturningIds(db, plants, rows);
  const seeded = plantSpecs.map((spec, index): DemoPlant => ({
    id: idAt(ids, index),
    description: spec.description,
    systemTypeId: spec.systemTypeId,
    placeId: spec.placeId,
    lat: spec.lat,
    lon: spec.lon,
    batchTime: spec.batchTime,
    onJobWashTime: spec.onJobWashTime,
    useBatchPanelFlag: spec.useBatchPanelFlag,
    isRail: spec.isRail,
    truckCount: spec.truckCount,
    firstTicketNumber: spec.firstTicketNumber,
  }));

  await insertAll(
    db,
    concretePlants,
    plantSpecs.flatMap((spec, index) =>
      spec.systemTypeId === systemTypeIds.concrete
        ? [{ plantId: idAt(ids, index), numberOfAlleys: spec.alleys ?? 1 }]
        : [],
    ),
  );
  await insertAll(
    db,
    aggregatePits,
    plantSpecs.flatMap((spec, index) =>
      spec.pit
        ? [
            {
              plantId: idAt(ids, index),
              zone: spec.pit.zone,
              fuelSurChage: spec.pit.fuelSurcharge,
              nextBillOfLadingNumber: spec.pit.nextBillOfLadingNumber,
              railScheduleEdiStoredProcedureName: spec.isRail ? 'usp_ImportRailScheduleEdi' : null,
            },
          ]
        : [],
    ),
  );
  return seeded;
}

/**
 * What the seed writes for a demo pit's indicator: this machine, at a port chosen when the demo
 * starts (`demo-plant-hardware.ts` starts the indicators and writes their ports).
 */
export const demoScaleAddress = 'tcp://127.0.0.1:0';

/** R-BATCH-10: the demo plant whose batch panel takes its loads as files. */
export const demoFileExchangePlant = 'Riverside Batch Plant';

/** Its folders, relative until the demo starts and makes them absolute under the data directory. */
export const demoExchangeFolders = {
  outbox: path.join('batch-exchange', 'riverside', 'outbox'),
  inbox: path.join('batch-exchange', 'riverside', 'inbox'),
};

/**
 * R-SCALE-1, R-DEMO: a demo pit's scale is read as a real one is, through the Toledo continuous
 * driver, from the demo's indicator simulator; the product points the address at it when it
 * starts (`demo-plant-hardware.ts`), since the simulator's port is chosen then.
 */
function demoScale(isRail: boolean) {
  return {
    scaleProtocol: 'toledo-continuous',
    scaleAddress: demoScaleAddress,
    scaleCapacity: isRail ? 286_000 : 200_000,
    scaleDivision: 20,
    scaleUnit: 'lb',
  } as const;
}

/** Plants need their batchman, who is an employee based at the plant, hence a second step. */
export async function assignBatchmen(
  db: SeedDb,
  batchmen: readonly { plantId: number; employeeId: number }[],
): Promise<void> {
  for (const { plantId, employeeId } of batchmen) {
    await db.update(plants).set({ batchmanId: employeeId }).where(eq(plants.id, plantId));
  }
}

/** Once the demo's tickets are numbered, each plant's counters continue after the last one. */
export async function setNextTicketNumbers(
  db: SeedDb,
  next: readonly { plant: DemoPlant; nextTicketNumber: number }[],
): Promise<void> {
  for (const { plant, nextTicketNumber } of next) {
    if (plant.systemTypeId === systemTypeIds.concrete) {
      await db
        .update(concretePlants)
        .set({ nextTicketNumber })
        .where(eq(concretePlants.plantId, plant.id));
    } else if (plant.systemTypeId === systemTypeIds.aggregate) {
      await db
        .update(aggregatePits)
        .set({ nextTicketNumber })
        .where(eq(aggregatePits.plantId, plant.id));
    } else if (plant.systemTypeId === systemTypeIds.block) {
      // R-TENT-1: block yards number their tickets too.
      await db.insert(blockPlants).values({ plantId: plant.id, nextTicketNumber });
    }
  }
}
