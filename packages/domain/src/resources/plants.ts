/**
 * Plants (R-MAINT-13, R-ENTITY-16): every field of a plant, its fleet size per weekday, and the
 * details only some plants have, each a single child row on its own: a concrete plant's alleys and
 * ticket numbering (R-ENTITY-5), an aggregate pit's zone, fuel surcharge and numbering
 * (R-ENTITY-4). Every write also publishes plantUpdate_v1 with the plant's live view (the server's
 * binding does it), so the board and the dashboard follow plant changes.
 */
import { z } from 'zod';
import { int4Max } from '../api/fields';
import { systemTypeIds } from '../system-types';
import { printTicketMethodChoices } from '../tickets/print-methods';
import { addressLines } from './common-fields';
import type { FieldProblem } from '../api/field-problem';
import { defineResource, type RecordRule } from './define';
import {
  choice,
  count,
  date,
  decimal,
  flag,
  integer,
  latitude,
  longitude,
  money,
  phone,
  reference,
  text,
  time,
  type Field,
} from './field';
import { systemTypeChoices } from './lookups';
import {
  parseScaleAddress,
  scaleProtocols,
  scaleWeightUnits,
  type ScaleProtocol,
} from '../plants/scale';
import { batchPanelProtocols, type BatchPanelProtocol } from '../batching/batch-panel-files';

/**
 * A price a caller whose level hides prices leaves out of what they send (R-PERM-6): left out, it
 * is not written (an update keeps it, a new row gets the column's default, none) instead of taking
 * the field's default, null, which the engine would take for a price they changed (a 403). Also
 * how a child row read without its prices can be sent back as it is (R-RES-10).
 */
function keptWhenLeftOut(field: Field): Field {
  const bare =
    field.schema instanceof z.ZodDefault ? (field.schema.unwrap() as z.ZodType) : field.schema;
  return { ...field, schema: bare.optional() };
}

/** Durations are whole minutes, at most a day. */
const minutes = (label: string, hint?: string) =>
  integer({ label, max: 1440, section: 'operations', ...(hint ? { hint } : {}) });

const fleetSize = (day: string) =>
  count({ label: day, default: 0, section: 'fleet', hint: `Trucks the plant needs on a ${day}` });

/** A counter the plant numbers its documents from: the next one issued. */
const nextNumber = (label: string, section: string, hint: string) =>
  count({ label, hint, default: 1, min: 1, max: int4Max, section });

/** The plant's concrete plant details (R-ENTITY-5), for system type 1 only. */
const concretePlantFields: Record<string, Field> = {
  numberOfAlleys: count({
    label: 'Number of alleys',
    hint: 'Loading alleys trucks batch under at the same time',
    default: 1,
    min: 1,
    section: 'concrete',
  }),
  nextTicketNumber: nextNumber(
    'Next ticket number',
    'concrete',
    'The number the next ticket of this plant gets',
  ),
};

/** The plant's aggregate pit details (R-ENTITY-4), for system type 2 only. */
const aggregatePitFields: Record<string, Field> = {
  zone: text({ label: 'Zone', max: 20, section: 'pit' }),
  // R-ENTITY-4's spelling, kept so the field matches the system of record and pricing.ts.
  fuelSurChage: money({ label: 'Fuel surcharge', price: true, section: 'pit' }),
  nextTicketNumber: nextNumber(
    'Next ticket number',
    'pit',
    'The number the next ticket of this pit gets',
  ),
  nextBillOfLadingNumber: nextNumber(
    'Next bill of lading number',
    'pit',
    'The number the next rail bill of lading gets',
  ),
  railScheduleEdiStoredProcedureName: text({
    label: 'Rail schedule EDI procedure',
    hint: 'The database procedure that imports the railway schedule',
    max: 128,
    section: 'pit',
  }),
};

const scaleProtocolLabels: Record<ScaleProtocol, string> = {
  simulated: 'Simulated (demo)',
  'toledo-continuous': 'Toledo continuous output',
  sma: 'SMA (request and response)',
};

const batchPanelProtocolLabels: Record<BatchPanelProtocol, string> = {
  simulated: 'Simulated (demo)',
  'file-exchange': 'File exchange (job and result files)',
};

/**
 * R-SCALE-1: the pit's truck scale: how its indicator is read, where, and its capacity, division
 * and unit, which the weighing rules use (Handbook 44). Shown in the plant screen's Scale section.
 */
const scaleFields: Record<string, Field> = {
  scaleProtocol: choice(
    scaleProtocols.map((value) => ({ value, label: scaleProtocolLabels[value] })),
    {
      label: 'Scale protocol',
      hint: 'How the server reads the scale indicator',
      default: 'simulated',
      section: 'scale',
    },
  ),
  scaleAddress: text({
    label: 'Scale address',
    hint: 'tcp://host:port, or serial:///dev/ttyS0?baudRate=9600&dataBits=7&parity=even&stopBits=1',
    max: 255,
    section: 'scale',
  }),
  scaleCapacity: decimal({
    label: 'Scale capacity',
    hint: 'The most the scale may weigh, in its unit',
    section: 'scale',
  }),
  scaleDivision: decimal({
    label: 'Scale division',
    hint: 'The step the indicator counts in (20 lb on most truck scales)',
    section: 'scale',
  }),
  scaleUnit: choice(
    scaleWeightUnits.map((value) => ({ value, label: value })),
    { label: 'Scale unit', default: 'lb', section: 'scale' },
  ),
};

/** R-BATCH-10: how loads reach a concrete plant's batch panel. */
const batchPanelFields: Record<string, Field> = {
  batchPanelProtocol: choice(
    batchPanelProtocols.map((value) => ({ value, label: batchPanelProtocolLabels[value] })),
    {
      label: 'Batch panel link',
      hint: 'How loads are handed to the batch panel',
      default: 'simulated',
      section: 'operations',
    },
  ),
  batchPanelOutbox: text({
    label: 'Batch panel outbox',
    hint: 'The folder job files are written to',
    max: 500,
    section: 'operations',
  }),
  batchPanelInbox: text({
    label: 'Batch panel inbox',
    hint: 'The folder the batch system writes its results to',
    max: 500,
    section: 'operations',
  }),
};

const filled = (value: unknown) => typeof value === 'string' && value.trim() !== '';

/**
 * R-SCALE-1, R-BATCH-10: a real indicator needs an address the drivers can open, and a division
 * that fits its capacity; a file exchange needs both folders.
 */
export const hardwareSettingsHold: RecordRule = (record) => {
  const problems: FieldProblem[] = [];
  if (record.scaleProtocol !== undefined && record.scaleProtocol !== 'simulated') {
    if (!filled(record.scaleAddress)) {
      problems.push({ field: 'scaleAddress', reason: 'is required for a real indicator' });
    } else {
      const parsed = parseScaleAddress(String(record.scaleAddress));
      if ('problem' in parsed) problems.push({ field: 'scaleAddress', reason: parsed.problem });
    }
  }
  const capacity = typeof record.scaleCapacity === 'number' ? record.scaleCapacity : null;
  const division = typeof record.scaleDivision === 'number' ? record.scaleDivision : null;
  if (division !== null && division <= 0) {
    problems.push({ field: 'scaleDivision', reason: 'must be more than 0' });
  } else if (division !== null && capacity !== null && division > capacity) {
    problems.push({ field: 'scaleDivision', reason: 'must not be more than the capacity' });
  }
  if (record.batchPanelProtocol === 'file-exchange') {
    for (const field of ['batchPanelOutbox', 'batchPanelInbox'] as const) {
      if (!filled(record[field])) {
        problems.push({ field, reason: 'is required for a file exchange' });
      }
    }
  }
  return problems;
};

function rowsOf(record: Readonly<Record<string, unknown>>, key: string): number {
  const rows = record[key];
  return Array.isArray(rows) ? rows.length : 0;
}

/**
 * Concrete plant details belong to concrete plants (system type 1) and pit details to aggregate
 * pits (system type 2): a plant of another type may not carry them (R-MAINT-13).
 */
export const detailsMatchSystemType: RecordRule = (record) => {
  const problems: FieldProblem[] = [];
  if (record.systemTypeId !== systemTypeIds.concrete && rowsOf(record, 'concretePlant') > 0) {
    problems.push({ field: 'concretePlant', reason: 'only a concrete plant has these details' });
  }
  if (record.systemTypeId !== systemTypeIds.aggregate && rowsOf(record, 'aggregatePit') > 0) {
    problems.push({ field: 'aggregatePit', reason: 'only an aggregate pit has these details' });
  }
  return problems;
};

/** Which detail collection a plant of this system type has, if any. */
export function plantDetailsOf(systemTypeId: unknown): 'concretePlant' | 'aggregatePit' | null {
  if (systemTypeId === systemTypeIds.concrete) return 'concretePlant';
  if (systemTypeId === systemTypeIds.aggregate) return 'aggregatePit';
  return null;
}

export const plantResource = defineResource({
  name: 'plants',
  path: 'plants',
  singular: 'Plant',
  plural: 'Plants',
  screen: 'PlantMaintenance',
  // Every form that picks a plant may read the pick list without the Plants permission (R-PICK-1).
  pickedBy: [
    'FlagInvoice',
    'ConcreteOrderEntry',
    'AggregateOrderEntry',
    'BlockOrderEntry',
    'ConcreteQuickSale',
    'AggregateQuickSale',
    'LoadScheduling',
    'BatchLoadScreen',
    'BlockBatchLoadScreen',
    'ConcreteTicketEntry',
    'AggregateTicketEntry',
    'BlockTicketEntry',
    'EditTickets',
    'BatchEditTickets',
    'EditTicketTimes',
    'TruckMaintenance',
    'EmployeeMaintenance',
    'JobMaintenance',
    'CustomerMaintenance',
    'ConcreteProductMaintenance',
    'AggregateProductMaintenance',
    'BlockProductMaintenance',
    'OtherProductMaintenance',
    'TicketInquiry',
    'InvoiceInquiry',
    // R-RPT-51: the reports filter by plant.
    'Reports',
  ],
  labelField: 'description',
  event: 'plantUpdate_v1',
  fields: {
    description: text({ label: 'Description', required: true, list: true }),
    systemTypeId: choice(systemTypeChoices, { label: 'System type', required: true, list: true }),
    divisionId: reference('divisions', { label: 'Division', list: true }),
    plantColorId: reference('plantColors', {
      label: 'Plant colour',
      hint: 'The colour the board shows this plant in',
    }),
    batchmanId: reference('employees', { label: 'Batchman' }),
    phoneNumber: phone({ label: 'Phone', list: true }),
    phoneExtension: text({ label: 'Extension', max: 20 }),
    faxNumber: phone({ label: 'Fax' }),
    isRail: flag({ label: 'Rail', hint: 'A rail yard: its orders ship by rail car' }),
    inactiveFlag: flag({ label: 'Inactive', list: true }),
    ...addressLines('location'),
    latitude: latitude({ label: 'Latitude', section: 'location' }),
    longitude: longitude({ label: 'Longitude', section: 'location' }),
    radius: decimal({
      label: 'Radius (m)',
      hint: 'A truck within this distance of the plant is at the plant',
      scale: 2,
      section: 'location',
    }),
    batchTime: minutes('Batch time (min)', 'Minutes to batch a load'),
    callInSpaceTime: minutes('Call-in spacing (min)', 'Minutes between drivers called in'),
    closeoutTime: time({ label: 'Closeout time', section: 'operations' }),
    inYardWashTime: minutes('In-yard wash (min)'),
    onJobWashTime: minutes('On-job wash (min)'),
    warmupTime: minutes('Warm-up (min)'),
    useBatchPanelFlag: flag({
      label: 'Use batch panel',
      hint: 'Loads are sent to the batch panel',
      section: 'operations',
    }),
    ...batchPanelFields,
    // R-PRINT-9: the classic method code, offered by its meaning.
    printTicketMethod: choice(printTicketMethodChoices, {
      label: 'Print ticket method',
      hint: 'Whether tickets print by themselves on the print queue when a truck is sent',
      section: 'operations',
    }),
    ticketPrintQueue: text({
      label: 'Ticket print queue',
      hint: 'The print destination its tickets print on (blank: the first one)',
      max: 255,
      section: 'operations',
    }),
    nextWorkOrderNumber: nextNumber(
      'Next work order number',
      'operations',
      'The number the next work order of this plant gets',
    ),
    // Kept by the batch panel interface; shown, never written here (no section: the screen shows it).
    lastBatchPanelInventory: date({
      label: 'Last batch panel inventory',
      readOnly: true,
      section: 'readings',
    }),
    fleetSizeSunday: fleetSize('Sunday'),
    fleetSizeMonday: fleetSize('Monday'),
    fleetSizeTuesday: fleetSize('Tuesday'),
    fleetSizeWednesday: fleetSize('Wednesday'),
    fleetSizeThursday: fleetSize('Thursday'),
    fleetSizeFriday: fleetSize('Friday'),
    fleetSizeSaturday: fleetSize('Saturday'),
    truckCostHour: keptWhenLeftOut(
      money({ label: 'Truck cost per hour', price: true, section: 'costs' }),
    ),
    truckProductivityFactor: decimal({
      label: 'Truck productivity factor',
      hint: 'The share of an hour a truck is productive (0.85)',
      scale: 4,
      max: 99_999,
      section: 'costs',
    }),
    fixedCostQty: decimal({ label: 'Fixed cost quantity', section: 'costs' }),
    priceAdjustment: keptWhenLeftOut(
      money({
        label: 'Price adjustment',
        hint: 'Added to the price of every product sold from this plant',
        price: true,
        min: -9_999_999_999,
        section: 'costs',
      }),
    ),
    subAccountNumber: text({ label: 'Sub account', max: 50, section: 'costs' }),
    ...scaleFields,
  },
  children: {
    concretePlant: {
      label: 'Concrete plant',
      fields: concretePlantFields,
      single: true,
      section: 'concrete',
    },
    aggregatePit: {
      label: 'Aggregate pit',
      fields: aggregatePitFields,
      single: true,
      section: 'pit',
    },
  },
  // The concrete and pit details are edited on the 'details' tab, which shows the one that
  // matches the plant's system type (apps/web/src/features/plants).
  sections: [
    { key: 'main', label: 'General' },
    { key: 'location', label: 'Address and map' },
    { key: 'operations', label: 'Operations' },
    { key: 'fleet', label: 'Fleet' },
    { key: 'costs', label: 'Costs' },
    { key: 'details', label: 'Plant details' },
    { key: 'scale', label: 'Scale' },
  ],
  rules: [detailsMatchSystemType, hardwareSettingsHold],
  search: [
    'description',
    'address1',
    'address2',
    'address3',
    'address4',
    'address5',
    'address6',
    'address7',
    'phoneNumber',
  ],
  sort: ['description', 'systemTypeId', 'id'],
  filters: ['systemTypeId', 'divisionId', 'isRail'],
});
