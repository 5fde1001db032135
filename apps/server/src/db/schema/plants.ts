/** Plants, the per-system details of concrete plants and aggregate pits, and their scales' settings. */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  smallint,
  text,
  time,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import {
  addressColumns,
  coordinate,
  identityId,
  modifiedAt,
  modifiedBy,
  money,
  nonNegativeCheck,
  quantity,
  rate,
  systemTypeCheck,
  systemTypeId,
  timestamptz,
  version,
} from './columns';
import { scaleProtocols, scaleWeightUnits } from '@dispatch/domain/plants/scale';
import { employees } from './employees';
import { divisions, plantColors } from './lookups';

/** Durations (batchTime, washes, warm-up, call-in spacing) are whole minutes. */
export const plants = pgTable(
  'plants',
  {
    id: identityId(),
    description: text().notNull(),
    ...addressColumns(),
    phoneNumber: text(),
    phoneExtension: text(),
    faxNumber: text(),
    latitude: coordinate(),
    longitude: coordinate(),
    // Geofence radius in metres: a truck inside it is at the plant.
    radius: coordinate(),
    divisionId: integer().references(() => divisions.id),
    batchmanId: integer().references((): AnyPgColumn => employees.id, { onDelete: 'set null' }),
    fleetSizeSunday: smallint().notNull().default(0),
    fleetSizeMonday: smallint().notNull().default(0),
    fleetSizeTuesday: smallint().notNull().default(0),
    fleetSizeWednesday: smallint().notNull().default(0),
    fleetSizeThursday: smallint().notNull().default(0),
    fleetSizeFriday: smallint().notNull().default(0),
    fleetSizeSaturday: smallint().notNull().default(0),
    batchTime: integer(),
    callInSpaceTime: integer(),
    closeoutTime: time(),
    inYardWashTime: integer(),
    onJobWashTime: integer(),
    warmupTime: integer(),
    truckCostHour: money(),
    truckProductivityFactor: rate(),
    fixedCostQty: quantity(),
    inactiveFlag: boolean().notNull().default(false),
    isRail: boolean().notNull().default(false),
    useBatchPanelFlag: boolean().notNull().default(false),
    printTicketMethod: smallint(),
    ticketPrintQueue: text(),
    nextWorkOrderNumber: integer().notNull().default(1),
    plantColorId: integer().references(() => plantColors.id),
    priceAdjustment: money(),
    subAccountNumber: text(),
    systemTypeId: systemTypeId().notNull(),
    modifiedOn: modifiedAt(),
    modifiedBy: modifiedBy(),
    lastBatchPanelInventory: timestamptz(),
    // R-SCALE-1: the pit's truck scale: how its indicator is read, and its capacity and division.
    scaleProtocol: text({ enum: scaleProtocols }).notNull().default('simulated'),
    scaleAddress: text(),
    scaleCapacity: quantity(),
    scaleDivision: quantity(),
    scaleUnit: text({ enum: scaleWeightUnits }).notNull().default('lb'),
    // R-BATCH-10: how loads reach the plant's batch panel: the simulator or files in two folders.
    batchPanelProtocol: text().notNull().default('simulated'),
    batchPanelOutbox: text(),
    batchPanelInbox: text(),
    version: version(),
  },
  (t) => [
    index('plants_system_type_id_idx').on(t.systemTypeId),
    systemTypeCheck('plants_system_type_id_check', t.systemTypeId),
    nonNegativeCheck(
      'plants_fleet_size_check',
      t.fleetSizeSunday,
      t.fleetSizeMonday,
      t.fleetSizeTuesday,
      t.fleetSizeWednesday,
      t.fleetSizeThursday,
      t.fleetSizeFriday,
      t.fleetSizeSaturday,
    ),
    nonNegativeCheck(
      'plants_minutes_check',
      t.batchTime,
      t.callInSpaceTime,
      t.inYardWashTime,
      t.onJobWashTime,
      t.warmupTime,
    ),
    nonNegativeCheck('plants_radius_check', t.radius),
    nonNegativeCheck('plants_scale_check', t.scaleCapacity, t.scaleDivision),
    check(
      'plants_scale_protocol_check',
      sql`${t.scaleProtocol} in ('simulated', 'toledo-continuous', 'sma')`,
    ),
    check('plants_scale_unit_check', sql`${t.scaleUnit} in ('lb', 'kg')`),
    check(
      'plants_batch_panel_protocol_check',
      sql`${t.batchPanelProtocol} in ('simulated', 'file-exchange')`,
    ),
    check('plants_next_work_order_number_check', sql`${t.nextWorkOrderNumber} >= 1`),
    check('plants_latitude_check', sql`${t.latitude} between -90 and 90`),
    check('plants_longitude_check', sql`${t.longitude} between -180 and 180`),
  ],
);

export const concretePlants = pgTable(
  'concrete_plants',
  {
    plantId: integer()
      .primaryKey()
      .references(() => plants.id, { onDelete: 'cascade' }),
    numberOfAlleys: smallint().notNull().default(1),
    nextTicketNumber: integer().notNull().default(1),
    version: version(),
    modifiedAt: modifiedAt(),
    modifiedBy: modifiedBy(),
  },
  (t) => [
    check('concrete_plants_number_of_alleys_check', sql`${t.numberOfAlleys} >= 1`),
    check('concrete_plants_next_ticket_number_check', sql`${t.nextTicketNumber} >= 1`),
  ],
);

export const aggregatePits = pgTable(
  'aggregate_pits',
  {
    plantId: integer()
      .primaryKey()
      .references(() => plants.id, { onDelete: 'cascade' }),
    zone: text(),
    // Spelled as the spec and the classic API spell it, so payloads map one to one.
    fuelSurChage: money(),
    nextTicketNumber: integer().notNull().default(1),
    nextBillOfLadingNumber: integer().notNull().default(1),
    railScheduleEdiStoredProcedureName: text(),
    version: version(),
    modifiedAt: modifiedAt(),
    modifiedBy: modifiedBy(),
  },
  (t) => [
    check('aggregate_pits_next_ticket_number_check', sql`${t.nextTicketNumber} >= 1`),
    check('aggregate_pits_next_bill_of_lading_number_check', sql`${t.nextBillOfLadingNumber} >= 1`),
  ],
);

/** R-TENT-1: a block yard's ticket numbering, as concrete plants and aggregate pits have theirs. */
export const blockPlants = pgTable(
  'block_plants',
  {
    plantId: integer()
      .primaryKey()
      .references(() => plants.id, { onDelete: 'cascade' }),
    nextTicketNumber: integer().notNull().default(1),
    version: version(),
    modifiedAt: modifiedAt(),
    modifiedBy: modifiedBy(),
  },
  (t) => [check('block_plants_next_ticket_number_check', sql`${t.nextTicketNumber} >= 1`)],
);
