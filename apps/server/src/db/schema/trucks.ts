/** Trucks with their live dispatch status, the drivers who drive them, and pumpers. */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  smallint,
  text,
  time,
  unique,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import {
  addressColumns,
  identityId,
  modifiedAt,
  modifiedBy,
  nonNegativeCheck,
  quantity,
  timestamptz,
  version,
} from './columns';
import { employees } from './employees';
import { truckCompanies, truckFlags, truckStatuses, truckTypes } from './lookups';
import { plants } from './plants';
import { tickets } from './tickets';

/**
 * A driver is usually an employee; an outside company's driver (externalDriverFlag) may not be,
 * hence the optional employee and a name of its own.
 */
export const drivers = pgTable(
  'drivers',
  {
    id: identityId(),
    employeeId: integer()
      .unique('drivers_employee_id_unique')
      .references(() => employees.id),
    // An employee's driver row takes the employee's complete name when it is saved with the
    // employee (modules/employees/employees-binding.ts); the default lets that row be written first.
    name: text().notNull().default(''),
    truckCompanyId: integer().references(() => truckCompanies.id),
    driversLicenseNumber: text(),
    driversLicenseExpireDate: date({ mode: 'string' }),
    externalDriverFlag: boolean().notNull().default(false),
    callInPriority: smallint(),
    preferredTime: time(),
    scheduledCallInTime: timestamptz(),
    inactiveFlag: boolean().notNull().default(false),
    version: version(),
    modifiedAt: modifiedAt(),
    modifiedBy: modifiedBy(),
  },
  (t) => [nonNegativeCheck('drivers_call_in_priority_check', t.callInPriority)],
);

export const trucks = pgTable(
  'trucks',
  {
    id: identityId(),
    identificationNumber: text().notNull(),
    description: text(),
    licensePlate: text(),
    vin: text(),
    truckCompanyId: integer().references(() => truckCompanies.id),
    truckTypeId: integer().references(() => truckTypes.id),
    plantId: integer().references(() => plants.id),
    driverId: integer().references(() => drivers.id, { onDelete: 'set null' }),
    tareWeight: quantity(),
    // R-SCALE-5: when the stored tare was weighed; past the re-weigh interval it is refused.
    tareWeighedAt: timestamptz(),
    maxLoadQuantity: quantity(),
    // Live status, changed by ticketing and dispatch and pushed as truckUpdate_v1.
    statusId: integer().references(() => truckStatuses.id),
    statusDateTime: timestamptz(),
    // R-GPS-6: the status was set by the geofence rules, not by a person; the board marks it.
    statusFromGps: boolean().notNull().default(false),
    inYardSequenceNum: integer(),
    // Set when a dispatcher moves the truck by hand, so re-sequencing leaves its place alone.
    wasMoved: boolean().notNull().default(false),
    truckFlagId: integer().references(() => truckFlags.id),
    currentTicketId: integer().references((): AnyPgColumn => tickets.id, { onDelete: 'set null' }),
    inactiveFlag: boolean().notNull().default(false),
    outsideTruckFlag: boolean().notNull().default(false),
    mobileSimulationFlag: boolean().notNull().default(false),
    version: version(),
    modifiedAt: modifiedAt(),
    modifiedBy: modifiedBy(),
  },
  (t) => [
    index('trucks_plant_id_idx').on(t.plantId),
    index('trucks_current_ticket_id_idx').on(t.currentTicketId),
    // Outside companies reuse truck numbers, so a number is unique per company (own fleet: null).
    unique('trucks_truck_company_id_identification_number_unique')
      .on(t.truckCompanyId, t.identificationNumber)
      .nullsNotDistinct(),
    nonNegativeCheck('trucks_quantities_check', t.tareWeight, t.maxLoadQuantity),
    nonNegativeCheck('trucks_in_yard_sequence_num_check', t.inYardSequenceNum),
  ],
);

/** Concrete pump services an order can book (order.pumperId). */
export const pumpers = pgTable(
  'pumpers',
  {
    id: identityId(),
    name: text().notNull(),
    ...addressColumns(),
    contactName: text(),
    phoneNumber: text(),
    phoneExtension: text(),
    faxNumber: text(),
    emailAddress: text(),
    truckCompanyId: integer().references(() => truckCompanies.id),
    inactiveFlag: boolean().notNull().default(false),
    version: version(),
    modifiedAt: modifiedAt(),
    modifiedBy: modifiedBy(),
  },
  (t) => [check('pumpers_name_check', sql`length(trim(${t.name})) > 0`)],
);
