/**
 * Truck companies, drivers, trucks and pump services. Sixty trucks numbered 101 to 160: the own
 * fleet's mixers, dumps and flatbeds, and hauliers' dumps and flatbeds working out of the quarry,
 * the rail terminal and the block plant. Live status is set later, from today's tickets.
 */
import { sql } from 'drizzle-orm';
import { systemTypeIds } from '@dispatch/domain/system-types';
import { employees } from '../src/db/schema/employees';
import { truckCompanies } from '../src/db/schema/lookups';
import { drivers, pumpers, trucks } from '../src/db/schema/trucks';
import { timeOfDay, type DemoClock } from './demo-clock';
import { demoCompany } from './demo-company';
import { personName, phoneNumber, type PersonName } from './demo-names';
import type { DemoPlant } from './demo-plants';
import { employeeRow } from './demo-staff';
import { counties, placeById } from './metro-area';
import type { Random } from './random';
import {
  employeeTypeIds,
  truckFlagIds,
  truckTypeIds,
  type TruckTypeId,
} from '../src/db/reference-ids';
import { idAt, insertAll, insertReturningIds, type SeedDb } from '../src/db/bulk-insert';

export type DemoTruck = {
  readonly id: number;
  readonly identificationNumber: string;
  readonly plantId: number;
  readonly truckTypeId: TruckTypeId;
  readonly truckCompanyId: number;
  readonly driverId: number;
  readonly maxLoadQuantity: number;
  readonly tareWeight: number;
  readonly outside: boolean;
};

export type DemoFleet = {
  readonly trucks: readonly DemoTruck[];
  readonly pumperIds: readonly number[];
  readonly driverCount: number;
  readonly driverEmployeeCount: number;
};

const haulers = [
  { id: 2, name: 'Hernandez Trucking LLC', placeId: 21, street: '2875 Jackson Pike' },
  { id: 3, name: 'Big Walnut Hauling Inc.', placeId: 33, street: '410 Big Walnut Rd' },
  { id: 4, name: 'Franklin Flatbed Services', placeId: 22, street: '5150 Groveport Rd' },
] as const;

type PlannedTruck = { companyId: number; truckTypeId: TruckTypeId };

function group(companyId: number, truckTypeId: TruckTypeId, count: number): PlannedTruck[] {
  return Array.from({ length: Math.max(count, 0) }, () => ({ companyId, truckTypeId }));
}

/**
 * What each plant runs: mixers (two of them 8 yd) at concrete plants; own tandems plus hauliers'
 * tandems and end dumps at the quarry and the rail terminal; flatbeds at the block plant.
 */
function trucksOf(plant: DemoPlant): PlannedTruck[] {
  const own = demoCompany.truckCompanyId;
  switch (plant.systemTypeId) {
    case systemTypeIds.concrete:
      return [
        ...group(own, truckTypeIds.mixer10, plant.truckCount - 2),
        ...group(own, truckTypeIds.mixer8, 2),
      ];
    case systemTypeIds.aggregate: {
      const [tandems, endDumps] = plant.isRail ? [2, 2] : [3, 2];
      return [
        ...group(own, truckTypeIds.tandemDump, plant.truckCount - tandems - endDumps),
        ...group(2, truckTypeIds.tandemDump, tandems),
        ...group(3, truckTypeIds.endDump, endDumps),
      ];
    }
    case systemTypeIds.block:
      return [
        ...group(own, truckTypeIds.flatbed, plant.truckCount - 2),
        ...group(4, truckTypeIds.flatbed, 2),
      ];
  }
}

const models: Record<TruckTypeId, readonly { make: string; wmi: string; body: string }[]> = {
  [truckTypeIds.mixer10]: [
    { make: 'Mack Granite', wmi: '1M2', body: '10 yd McNeilus mixer' },
    { make: 'Kenworth T880', wmi: '1NK', body: '10 yd McNeilus mixer' },
    { make: 'Peterbilt 567', wmi: '1NP', body: '10 yd Con-Tech mixer' },
    { make: 'Western Star 49X', wmi: '5KK', body: '10 yd London mixer' },
  ],
  [truckTypeIds.mixer8]: [{ make: 'International HV607', wmi: '3HA', body: '8 yd McNeilus mixer' }],
  [truckTypeIds.tandemDump]: [
    { make: 'Mack Granite', wmi: '1M2', body: 'tandem dump' },
    { make: 'Kenworth T880', wmi: '1NK', body: 'tandem dump' },
    { make: 'Western Star 47X', wmi: '5KK', body: 'tandem dump' },
  ],
  [truckTypeIds.endDump]: [
    { make: 'Peterbilt 389', wmi: '1NP', body: 'tractor, Trail King end dump' },
    { make: 'Kenworth W900', wmi: '1NK', body: 'tractor, MAC end dump' },
  ],
  [truckTypeIds.flatbed]: [
    { make: 'Freightliner M2 106', wmi: '1FV', body: 'flatbed with Hiab boom' },
  ],
};

const tareRange: Record<TruckTypeId, readonly [number, number]> = {
  [truckTypeIds.mixer10]: [29_800, 32_200],
  [truckTypeIds.mixer8]: [26_400, 28_100],
  [truckTypeIds.tandemDump]: [25_400, 27_600],
  [truckTypeIds.endDump]: [31_000, 33_600],
  [truckTypeIds.flatbed]: [23_800, 26_200],
};

const maxLoad: Record<TruckTypeId, number> = {
  [truckTypeIds.mixer10]: 10,
  [truckTypeIds.mixer8]: 8,
  [truckTypeIds.tandemDump]: 15,
  [truckTypeIds.endDump]: 24,
  [truckTypeIds.flatbed]: 1080,
};

const vinCharacters = 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789';
const vinYearCodes = 'ABCDEFGHJKLMNPRSTVWXY123456789';
const vinWeights = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];

function vinValue(character: string): number {
  if (/\d/.test(character)) return Number(character);
  const values = 'A1B2C3D4E5F6G7H8J1K2L3M4N5P7R9S2T3U4V5W6X7Y8Z9';
  const at = values.indexOf(character);
  return at < 0 ? 0 : Number(values[at + 1]);
}

/** A well-formed 17-character VIN, check digit included, for the model year. */
export function makeVin(random: Random, wmi: string, modelYear: number): string {
  const pickChars = (count: number) =>
    Array.from({ length: count }, () => random.pick([...vinCharacters])).join('');
  const yearCode = vinYearCodes[(modelYear - 2010) % 30] ?? 'A';
  const body = `${wmi}${pickChars(5)}0${yearCode}${pickChars(1)}${random.digits(6)}`;
  const sum = [...body].reduce(
    (total, character, index) => total + vinValue(character) * (vinWeights[index] ?? 0),
    0,
  );
  const check = sum % 11 === 10 ? 'X' : String(sum % 11);
  return `${body.slice(0, 8)}${check}${body.slice(9)}`;
}

/** An Ohio-style commercial plate, ABC 1234. */
function licensePlate(random: Random): string {
  const letters = 'ABCDEFGHJKLMNPRSTUVWXYZ';
  const three = Array.from({ length: 3 }, () => random.pick([...letters])).join('');
  return `${three} ${random.digits(4)}`;
}

function driversLicense(random: Random): string {
  const letters = 'ABCDEFGHJKLMNPRSTUVWXYZ';
  return `${random.pick([...letters])}${random.pick([...letters])}${random.digits(6)}`;
}

export async function seedFleet(
  db: SeedDb,
  random: Random,
  clock: DemoClock,
  plants: readonly DemoPlant[],
  emailFor: (name: PersonName) => string,
): Promise<DemoFleet> {
  await insertAll(db, truckCompanies, [
    {
      id: demoCompany.truckCompanyId,
      name: demoCompany.name,
      address1: demoCompany.address[0],
      address3: demoCompany.address[1],
      address5: 'OH',
      address6: 'Franklin County',
      address7: '43232',
      contactName: 'Fleet Office',
      phoneNumber: demoCompany.phoneNumber,
      emailAddress: `fleet@${demoCompany.emailDomain}`,
      outsideCompanyFlag: false,
    },
    ...haulers.map((hauler) => {
      const place = placeById(hauler.placeId);
      const contact = personName(random);
      return {
        id: hauler.id,
        name: hauler.name,
        address1: hauler.street,
        address3: place.city,
        address5: 'OH',
        address6: counties[place.county].name,
        address7: place.zip,
        contactName: contact.completeName,
        phoneNumber: phoneNumber(random),
        faxNumber: phoneNumber(random),
        emailAddress: `dispatch@${hauler.name.toLowerCase().replace(/[^a-z]+/g, '')}.example.com`,
        outsideCompanyFlag: true,
      };
    }),
  ]);
  // The demo's companies keep the ids its trucks and texts name; new ones follow them.
  await db.execute(
    sql`select setval('truck_companies_id_seq', (select max(id) from truck_companies) + 1, false)`,
  );

  const planned = plants.flatMap((plant) =>
    trucksOf(plant).map((truck) => ({
      ...truck,
      plant,
      outside: truck.companyId !== demoCompany.truckCompanyId,
    })),
  );
  if (planned.length !== 60)
    throw new Error(`The demo fleet must have 60 trucks, not ${String(planned.length)}`);

  // Own trucks are driven by employees; a few spare drivers cover days off.
  const ownDrivers = planned.filter((truck) => !truck.outside).map((truck) => truck.plant);
  const concretePlants = plants.filter((plant) => plant.systemTypeId === systemTypeIds.concrete);
  const spareDriverPlants = concretePlants.slice(0, 3);
  const ownDriverSpecs = [...ownDrivers, ...spareDriverPlants].map((plant) => ({
    plant,
    name: personName(random),
    license: driversLicense(random),
  }));
  const driverEmployeeIds = await insertReturningIds(
    db,
    employees,
    ownDriverSpecs.map(({ plant, name, license }, index) =>
      employeeRow(random, clock, {
        employeeNumber: String(2001 + index),
        employeeTypeId: employeeTypeIds.driver,
        homePlantId: plant.id,
        payRate: random.int(2450, 3175) / 100,
        name,
        email: emailFor(name),
        licenseNumber: license,
      }),
    ),
  );
  const callInPriorityByPlant = new Map<number, number>();
  const nextPriority = (plantId: number) => {
    const priority = (callInPriorityByPlant.get(plantId) ?? 0) + 1;
    callInPriorityByPlant.set(plantId, priority);
    return priority;
  };
  const licenceExpiry = () =>
    // One driver in about fifteen renews within the month, which the driver screens flag.
    clock.date(random.chance(0.07) ? random.int(5, 28) : random.int(60, 4 * 365));
  const ownDriverRows = ownDriverSpecs.map(({ plant, name, license }, index) => {
    const preferred = random.pick([330, 345, 360, 375, 390, 420]);
    return {
      employeeId: idAt(driverEmployeeIds, index),
      name: name.completeName,
      truckCompanyId: demoCompany.truckCompanyId,
      driversLicenseNumber: license,
      driversLicenseExpireDate: licenceExpiry(),
      externalDriverFlag: false,
      callInPriority: nextPriority(plant.id),
      preferredTime: timeOfDay(preferred),
      scheduledCallInTime: clock.at(0, preferred),
    };
  });
  const outsideTrucks = planned.filter((truck) => truck.outside);
  const outsideDriverRows = outsideTrucks.map((truck) => ({
    employeeId: null,
    name: personName(random).completeName,
    truckCompanyId: truck.companyId,
    driversLicenseNumber: driversLicense(random),
    driversLicenseExpireDate: licenceExpiry(),
    externalDriverFlag: true,
    callInPriority: nextPriority(truck.plant.id),
    preferredTime: timeOfDay(390),
    scheduledCallInTime: clock.at(0, 390),
  }));
  const driverIds = await insertReturningIds(db, drivers, [...ownDriverRows, ...outsideDriverRows]);
  const ownDriverIds = driverIds.slice(0, ownDrivers.length);
  const outsideDriverIds = driverIds.slice(ownDriverRows.length);

  const plates = new Set<string>();
  const uniquePlate = () => {
    let plate = licensePlate(random);
    while (plates.has(plate)) plate = licensePlate(random);
    plates.add(plate);
    return plate;
  };
  const currentYear = Number(clock.today.slice(0, 4));
  let ownIndex = 0;
  let outsideIndex = 0;
  const truckRows = planned.map((truck, index) => {
    const model = random.pick(models[truck.truckTypeId]);
    const year = currentYear - random.int(1, 11);
    const [minTare, maxTare] = tareRange[truck.truckTypeId];
    const driverId = truck.outside
      ? idAt(outsideDriverIds, outsideIndex++)
      : idAt(ownDriverIds, ownIndex++);
    return {
      identificationNumber: String(101 + index),
      description: `${String(year)} ${model.make} - ${model.body}`,
      licensePlate: uniquePlate(),
      vin: makeVin(random, model.wmi, year),
      truckCompanyId: truck.companyId,
      truckTypeId: truck.truckTypeId,
      plantId: truck.plant.id,
      driverId,
      tareWeight: Math.round(random.int(minTare, maxTare) / 20) * 20,
      // R-SCALE-5: weighed empty on some morning of the last three weeks, each truck its own day
      // (from its place in the fleet, so the seed's random draws are not moved).
      tareWeighedAt: clock.at(-1 - ((index * 7) % 20), 6 * 60 + 30),
      maxLoadQuantity: maxLoad[truck.truckTypeId],
      truckFlagId: random.chance(0.12) ? random.pick(Object.values(truckFlagIds)) : null,
      outsideTruckFlag: truck.outside,
    };
  });
  const truckIds = await insertReturningIds(db, trucks, truckRows);
  const seededTrucks = truckRows.map((row, index): DemoTruck => ({
    id: idAt(truckIds, index),
    identificationNumber: row.identificationNumber,
    plantId: row.plantId,
    truckTypeId: row.truckTypeId,
    truckCompanyId: row.truckCompanyId,
    driverId: row.driverId,
    maxLoadQuantity: row.maxLoadQuantity,
    tareWeight: row.tareWeight,
    outside: row.outsideTruckFlag,
  }));

  const pumperIds = await insertReturningIds(
    db,
    pumpers,
    [
      ['Central Ohio Concrete Pumping', 25, '1200 Georgesville Rd'],
      ['Buckeye Pump Services', 16, '655 Taylor Station Rd'],
      ['Line Pump Specialists LLC', 21, '3590 Broadway'],
    ].map(([name, placeId, street]) => {
      const place = placeById(Number(placeId));
      return {
        name: String(name),
        address1: String(street),
        address3: place.city,
        address5: 'OH',
        address6: counties[place.county].name,
        address7: place.zip,
        contactName: personName(random).completeName,
        phoneNumber: phoneNumber(random),
        emailAddress: `schedule@${String(name)
          .toLowerCase()
          .replace(/[^a-z]+/g, '')}.example.com`,
      };
    }),
  );

  return {
    trucks: seededTrucks,
    pumperIds,
    driverCount: driverIds.length,
    driverEmployeeCount: driverEmployeeIds.length,
  };
}
