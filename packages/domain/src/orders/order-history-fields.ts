/**
 * R-OAUD-3: the readable name of a field of an order's history (R-ORD-8). The history names a
 * schedule's field by the schedule's row id (`schedules[12].quantityPerHour`) so that it keeps its
 * name when another schedule is added; a person reads it by the schedule's place in the order
 * ("Schedule 2 · Quantity per hour") and a product line's by whether it is the primary product or
 * which extra ("Schedule 1 · Extra product 1 · Price").
 */
import { z } from 'zod';

type Json = Record<string, unknown>;

const fieldPattern = /^schedules\[(\d+)\]\.(?:products\[(\d+)\]\.)?(.+)$/;

/** A history field split into its schedule's id, its product line's id and the field's name. */
export function splitOrderHistoryField(field: string): {
  scheduleId: number | null;
  lineId: number | null;
  name: string;
} {
  const match = fieldPattern.exec(field);
  if (!match) return { scheduleId: null, lineId: null, name: field };
  return {
    scheduleId: Number(match[1]),
    lineId: match[2] === undefined ? null : Number(match[2]),
    name: match[3]!,
  };
}

/** Where a field sits, as a person counts: the schedule's place (from 1), the product line's. */
export const orderFieldPathSchema = z.object({
  schedule: z.int().positive().nullable(),
  product: z.object({ primary: z.boolean(), number: z.int().positive() }).nullable(),
  name: z.string(),
});
export type OrderFieldPath = z.infer<typeof orderFieldPathSchema>;

function isRecord(value: unknown): value is Json {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/**
 * The paths of one history entry's fields. Schedules are counted in the order they were made (by
 * row id) among those the record holds before or after the change; a schedule's primary product
 * is "primary", its extras are counted by their sequence.
 */
export function orderFieldPaths(
  before: unknown,
  after: unknown,
): (field: string) => OrderFieldPath {
  const records = [after, before].filter(isRecord);
  const lines = new Map<number, Map<number, { primary: boolean; sequence: number }>>();
  for (const record of records) {
    for (const field of Object.keys(record)) {
      const { scheduleId, lineId } = splitOrderHistoryField(field);
      if (scheduleId === null) continue;
      const schedule =
        lines.get(scheduleId) ?? new Map<number, { primary: boolean; sequence: number }>();
      lines.set(scheduleId, schedule);
      if (lineId === null || schedule.has(lineId)) continue;
      const prefix = `schedules[${scheduleId}].products[${lineId}].`;
      const value = (name: string) =>
        records.map((each) => each[prefix + name]).find((v) => v != null);
      const sequence = value('sequence');
      schedule.set(lineId, {
        primary: value('primaryFlag') === true,
        sequence: typeof sequence === 'number' ? sequence : lineId,
      });
    }
  }
  const scheduleIds = [...lines.keys()].sort((a, b) => a - b);
  return (field) => {
    const { scheduleId, lineId, name } = splitOrderHistoryField(field);
    if (scheduleId === null) return { schedule: null, product: null, name };
    const schedule = scheduleIds.indexOf(scheduleId) + 1;
    if (lineId === null) return { schedule, product: null, name };
    const scheduleLines = lines.get(scheduleId)!;
    const line = scheduleLines.get(lineId)!;
    if (line.primary) return { schedule, product: { primary: true, number: 1 }, name };
    const extras = [...scheduleLines.entries()]
      .filter(([, each]) => !each.primary)
      .sort(([idA, a], [idB, b]) => a.sequence - b.sequence || idA - idB)
      .map(([id]) => id);
    return { schedule, product: { primary: false, number: extras.indexOf(lineId) + 1 }, name };
  };
}

/** English names of the fields an order's history records: the order's, a schedule's, a line's. */
export const orderFieldLabels: Readonly<Record<string, string>> = {
  customerId: 'Customer',
  customerName: 'Customer name',
  customerPoNumber: 'PO number',
  plantId: 'Plant',
  jobId: 'Job',
  orderDate: 'Order date',
  shipDate: 'Ship date',
  orderStatusId: 'Status',
  orderTypeId: 'Order type',
  orderFlagId: 'Flag',
  systemTypeId: 'System type',
  orderedByName: 'Ordered by',
  notes: 'Notes',
  dispatchNotes: 'Dispatch notes',
  batchNotes: 'Batch notes',
  creditNotes: 'Credit notes',
  ticketNotes: 'Ticket notes',
  emailAddressCsv: 'Ticket and invoice emails',
  cartageRate: 'Cartage rate',
  milesToJob: 'Miles to job',
  hoursToJob: 'Hours to job',
  imperialFlag: 'Imperial units',
  invoicedFlag: 'Invoiced',
  chargeOrderFlag: 'Charge order',
  orderVerifiedFlag: 'Verified',
  blockReturnOrderFlag: 'Block return',
  pumperId: 'Pumper',
  reasonId: 'Reason',
  reason: 'Reason given',
  shortLoadTypeId: 'Short load charge',
  freeShortLoadId: 'Free short loads',
  standbyChargeTypeId: 'Standby charge',
  aggDeliveryChargeTypeId: 'Delivery charge',
  printMaterialTypeId: 'Print material',
  sourceTaxingType: 'Taxing',
  suburbId: 'Suburb',
  uploadMixToBatchPanel: 'Upload mix to batch panel',
  zoneReferenceNumber: 'Zone reference',
  numberOfLoads: 'Loads',
  numberOfTrucks: 'Trucks',
  quantityPerHour: 'Quantity per hour',
  loadIntervalTime: 'Load interval',
  travelTimeToJob: 'Travel to job',
  travelTimeToPlant: 'Travel back',
  onJobWaitMinutes: 'Wait on job',
  onJobWashMinutes: 'Wash on job',
  adjustmentTypeId: 'Adjustment type',
  addPlusLoad: 'Plus load',
  truckTypeId: 'Truck type',
  firstLoadOnJobTime: 'First load on job',
  productId: 'Product',
  productNumber: 'Product number',
  productDescription: 'Product description',
  productTypeId: 'Product type',
  quantity: 'Quantity',
  deliveredQuantity: 'Delivered quantity',
  slump: 'Slump',
  price: 'Price',
  taxableFlag: 'Taxable',
  unitOfMeasure: 'Unit',
  loadSize: 'Load size',
  loadPlan: 'Load plan',
  quantityOnHand: 'Quantity on hand',
  usageTypeId: 'Usage type',
  unitsPerCube: 'Units per cube',
  ticketed: 'Ticketed',
  primaryFlag: 'Primary',
  sequence: 'Position',
};

/** A field's English name; one the list lacks is spelt out from its camel case. */
export function orderFieldName(name: string): string {
  const known = orderFieldLabels[name];
  if (known !== undefined) return known;
  const words = name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The words a label is made of, in the reader's language. */
export type OrderFieldWords = {
  readonly field: (name: string) => string;
  readonly schedule: (number: number) => string;
  readonly primaryProduct: string;
  readonly extraProduct: (number: number) => string;
};

export const englishOrderFieldWords: OrderFieldWords = {
  field: orderFieldName,
  schedule: (number) => `Schedule ${number}`,
  primaryProduct: 'Primary product',
  extraProduct: (number) => `Extra product ${number}`,
};

/** "Schedule 2 · Extra product 1 · Quantity"; an order's own field is its name alone. */
export function orderFieldLabel(
  path: OrderFieldPath,
  words: OrderFieldWords = englishOrderFieldWords,
): string {
  const parts: string[] = [];
  if (path.schedule !== null) parts.push(words.schedule(path.schedule));
  if (path.product !== null) {
    parts.push(
      path.product.primary ? words.primaryProduct : words.extraProduct(path.product.number),
    );
  }
  parts.push(words.field(path.name));
  return parts.join(' · ');
}
