/**
 * Employees other than drivers: batchmen and scale operators, dispatchers, salesmen, plant
 * managers, office staff and mechanics. Drivers are created with the fleet.
 */
import { systemTypeIds } from '@dispatch/domain/system-types';
import { employees } from '../src/db/schema/employees';
import type { DemoClock } from './demo-clock';
import { demoCompany } from './demo-company';
import { personName, phoneNumber, slug, type PersonName } from './demo-names';
import type { DemoPlant } from './demo-plants';
import { counties, places, streets } from './metro-area';
import type { Random } from './random';
import { employeeTypeIds } from '../src/db/reference-ids';
import { idAt, insertReturningIds, type SeedDb } from '../src/db/bulk-insert';

export type EmployeeRow = typeof employees.$inferInsert;

export type DemoEmployee = {
  readonly id: number;
  readonly name: PersonName;
  readonly employeeTypeId: number;
  readonly homePlantId: number;
};

export type DemoStaff = {
  readonly employees: readonly DemoEmployee[];
  readonly batchmanIdByPlant: ReadonlyMap<number, number>;
  readonly salesmen: readonly DemoEmployee[];
  readonly dispatchers: readonly DemoEmployee[];
  readonly office: readonly DemoEmployee[];
};

/** Builds unique e-mail addresses: two employees may share a name, not a mailbox. */
export function createEmailBook(): (name: PersonName) => string {
  const used = new Set<string>();
  return (name) => {
    const base = `${slug(name.firstName)}.${slug(name.lastName)}`;
    let address = `${base}@${demoCompany.emailDomain}`;
    for (let suffix = 2; used.has(address); suffix += 1) {
      address = `${base}${String(suffix)}@${demoCompany.emailDomain}`;
    }
    used.add(address);
    return address;
  };
}

export type EmployeeOptions = {
  readonly employeeNumber: string;
  readonly employeeTypeId: number;
  readonly homePlantId: number;
  readonly payRate: number;
  readonly name: PersonName;
  readonly email: string;
  readonly licenseNumber?: string;
};

/** An employee living somewhere in the metro area, hired some years before today. */
export function employeeRow(
  random: Random,
  clock: DemoClock,
  options: EmployeeOptions,
): EmployeeRow {
  const home = random.pick(places);
  const hiredDaysAgo = random.int(120, 25 * 365);
  return {
    employeeNumber: options.employeeNumber,
    firstName: options.name.firstName,
    middleName: options.name.middleName,
    lastName: options.name.lastName,
    completeName: options.name.completeName,
    address1: `${String(random.int(100, 9899))} ${random.pick(streets)}`,
    address3: home.city,
    address5: 'OH',
    address6: counties[home.county].name,
    address7: home.zip,
    businessPhoneNumber: demoCompany.phoneNumber,
    cellPhoneNumber: phoneNumber(random),
    homePhoneNumber: random.chance(0.3) ? phoneNumber(random) : null,
    emailAddress: options.email,
    hireDate: clock.date(-hiredDaysAgo),
    birthDate: clock.date(-hiredDaysAgo - random.int(20 * 365, 42 * 365)),
    payRate: options.payRate,
    homePlantId: options.homePlantId,
    employeeTypeId: options.employeeTypeId,
    emailTicketOnSubmit: options.employeeTypeId === employeeTypeIds.dispatcher,
    licenseNumber: options.licenseNumber ?? null,
    ticketWriterFormatFileConcrete: 'ConcreteTicket.rpt',
    ticketWriterFormatFileAggregate: 'AggregateTicket.rpt',
    ticketWriterFormatFileBlock: 'BlockTicket.rpt',
    // Only the last four characters are ever stored; the demo has no identifier to hash.
    nationalIdentifierLast4: random.digits(4),
  };
}

type StaffSpec = { employeeTypeId: number; plant: DemoPlant; payRate: number };

export async function seedStaff(
  db: SeedDb,
  random: Random,
  clock: DemoClock,
  plants: readonly DemoPlant[],
  emailFor: (name: PersonName) => string,
): Promise<DemoStaff> {
  const concrete = plants.filter((plant) => plant.systemTypeId === systemTypeIds.concrete);
  const firstOf = (systemTypeId: number) => {
    const plant = plants.find((candidate) => candidate.systemTypeId === systemTypeId);
    if (!plant) throw new Error(`The demo needs a plant of system type ${String(systemTypeId)}`);
    return plant;
  };
  const quarry = firstOf(systemTypeIds.aggregate);
  const blockPlant = firstOf(systemTypeIds.block);
  const specs: StaffSpec[] = [
    ...plants.map((plant) => ({
      employeeTypeId:
        plant.systemTypeId === systemTypeIds.aggregate
          ? employeeTypeIds.scaleOperator
          : employeeTypeIds.batchman,
      plant,
      payRate: random.int(2600, 3400) / 100,
    })),
    ...[...concrete, quarry].map((plant) => ({
      employeeTypeId: employeeTypeIds.dispatcher,
      plant,
      payRate: random.int(2700, 3300) / 100,
    })),
    ...[...concrete, quarry, blockPlant].map((plant) => ({
      employeeTypeId: employeeTypeIds.salesman,
      plant,
      payRate: random.int(3400, 4600) / 100,
    })),
    ...plants.map((plant) => ({
      employeeTypeId: employeeTypeIds.plantManager,
      plant,
      payRate: random.int(4200, 5200) / 100,
    })),
    ...[0, 1, 2].map(() => ({
      employeeTypeId: employeeTypeIds.office,
      plant: concrete[0] ?? quarry,
      payRate: random.int(2300, 3900) / 100,
    })),
    ...[quarry, concrete[0] ?? quarry].map((plant) => ({
      employeeTypeId: employeeTypeIds.mechanic,
      plant,
      payRate: random.int(2900, 3600) / 100,
    })),
  ];
  const named = specs.map((spec) => ({ ...spec, name: personName(random) }));
  const rows = named.map((spec, index) =>
    employeeRow(random, clock, {
      employeeNumber: String(1001 + index),
      employeeTypeId: spec.employeeTypeId,
      homePlantId: spec.plant.id,
      payRate: spec.payRate,
      name: spec.name,
      email: emailFor(spec.name),
    }),
  );
  const ids = await insertReturningIds(db, employees, rows);
  const seeded = named.map((spec, index): DemoEmployee => ({
    id: idAt(ids, index),
    name: spec.name,
    employeeTypeId: spec.employeeTypeId,
    homePlantId: spec.plant.id,
  }));
  const ofType = (...typeIds: number[]) =>
    seeded.filter((employee) => typeIds.includes(employee.employeeTypeId));
  return {
    employees: seeded,
    batchmanIdByPlant: new Map(
      ofType(employeeTypeIds.batchman, employeeTypeIds.scaleOperator).map((employee) => [
        employee.homePlantId,
        employee.id,
      ]),
    ),
    salesmen: ofType(employeeTypeIds.salesman),
    dispatchers: ofType(employeeTypeIds.dispatcher),
    office: ofType(employeeTypeIds.office),
  };
}
