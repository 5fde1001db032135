/**
 * Order entry's writes (R-ORD-1..12): create, change, delete and copy an order with its schedules,
 * product lines and projected loads. Each write is one transaction that publishes its events and
 * records its history before it commits, so an event or a history entry exists if and only if the
 * write did (R-LIVE-1).
 */
import {
  and,
  asc,
  eq,
  getTableName,
  inArray,
  isNull,
  notInArray,
  sql,
  type SQLWrapper,
} from 'drizzle-orm';
import type { AuditChange } from '@dispatch/domain/audit/audit-trail';
import type { OrderLiveView } from '@dispatch/domain/entities/order';
import {
  LoadProjectionError,
  projectLoads,
  projectionChanged,
  reprojectLoads,
  type LoadProjectionInput,
  type ProjectedLoad,
} from '@dispatch/domain/orders/load-projection';
import {
  orderEntrySchema,
  type OrderEntry,
  type OrderEntryCreate,
  type ProductLineEntry,
  type ScheduleFormEntry,
} from '@dispatch/domain/orders/order-entry';
import { orderHistoryChanges, orderHistoryRecord } from '@dispatch/domain/orders/order-history';
import { copiedOrderStatusId, orderStatusIds } from '@dispatch/domain/orders/order-status';
import type { PermissionFlags } from '@dispatch/domain/permissions';
import { withoutPrices } from '@dispatch/domain/pricing';
import type { SystemTypeId } from '@dispatch/domain/system-types';
import { formatDate, parseIsoDate } from '@dispatch/domain/validation/dates';
import { auditRow } from '../../audit/audit-trail';
import type { Db, Tx } from '../../db/client';
import { pipelinedTransaction } from '../../db/pipelined-transaction';
import { auditTrail } from '../../db/schema/audit';
import { customers } from '../../db/schema/customers';
import { jobs } from '../../db/schema/jobs';
import { creditStatuses, truckTypes } from '../../db/schema/lookups';
import { orders, scheduleProducts, schedules } from '../../db/schema/orders';
import { plants } from '../../db/schema/plants';
import { products, staticProducts } from '../../db/schema/products';
import { loads, tickets } from '../../db/schema/tickets';
import { loadStatusIds } from '../../db/reference-ids';
import { publish } from '../../dispatch/publish';
import { ApiError, notFound, validationError, type FieldProblem } from '../../http/api-error';
import { writing } from '../../http/database-errors';
import { withNewOrderDefaults } from './new-order-defaults';
import {
  idList,
  idsIn,
  jsonRows,
  newIds,
  readInOneStatement,
  writeInOneStatement,
  type RowsInsert,
} from './one-statement';
import { orderValues, priceBookFrom, priceBookReads, type PriceBook } from './order-pricing';
import type { OrderDetailView } from '@dispatch/domain/orders/order-views';
import { getOrder } from './orders.service';
import { refuseInvoicedTickets } from './ticket-invoice-guard';
import { creditHoldsOrders } from '../customers/credit-hold';
import { staticProductsAdded } from '../../resources/static-products';

/** Who writes, and what they may do with an order of a given system type. */
export type OrderWriter = {
  username: string;
  now: Date;
  allowedSystemTypeIds: readonly SystemTypeId[];
  /**
   * R-ORD-11: the caller's flags on the order entry form of that system type; refuses (throws
   * 403) a caller who may not write it.
   */
  access: (systemTypeId: SystemTypeId) => PermissionFlags;
};

// ---------------------------------------------------------------------------------------------
// Reading what a write refers to

type ReferenceData = {
  customer:
    | {
        id: number;
        name: string;
        inactiveFlag: boolean;
        holdOrders: boolean;
        creditStatus: string | null;
      }
    | undefined;
  job: { id: number; customerId: number } | undefined;
  plants: Map<number, { systemTypeId: number; batchTime: number | null; washTime: number | null }>;
  products: Map<
    number,
    {
      number: string;
      description: string;
      systemTypeId: number;
      productTypeId: number | null;
      unitOfMeasureId: number;
      taxableFlag: boolean;
    }
  >;
  truckLoadSizes: Map<number, number | null>;
  /** The lines' prices (R-ORD-10), when asked for: read with the rest. */
  prices: PriceBook | undefined;
  /** The static products a new order gets (R-ORD-21), when asked for; their products are read too. */
  statics: { productId: number; quantity: number }[];
  /** Ids drawn for the new order and new schedules, when asked for (`writeInOneStatement`). */
  newIds: { orderId: number | undefined; scheduleIds: number[] };
};

const linesOf = (form: ScheduleFormEntry): ProductLineEntry[] => [
  form.primaryProduct,
  ...form.extraProducts,
];

/** What `readReferences` reads an order's references from: a saved entry or a new one. */
type ReferringEntry = Pick<
  OrderEntry,
  'customerId' | 'jobId' | 'plantId' | 'systemTypeId' | 'shipDate' | 'schedules'
>;

/** A JSON object of the given columns, keyed by their names here. */
const jsonObject = (columns: Record<string, SQLWrapper>) =>
  sql`json_build_object(${sql.join(
    Object.entries(columns).map(([key, column]) => sql`${sql.raw(`'${key}'`)}, ${column}`),
    sql`, `,
  )})`;

/**
 * The reads of `readReferences` for one shape of question, with placeholders for its values: the
 * order's (`orderValues`), the id lists (`idList`) of its plants, products and truck types, and
 * how many order and schedule ids to draw.
 */
function referenceReads(shape: { systemTypeId: SystemTypeId; prices: boolean; statics: boolean }) {
  const ids = (name: string) => idsIn(sql.placeholder(name));
  const statics = shape.statics ? staticProductsAdded(shape.systemTypeId, 'order') : undefined;
  const staticsFrom = statics
    ? sql`from ${staticProducts} join ${products} on ${products.id} = ${staticProducts.productId}
          where ${statics.where}`
    : undefined;
  // The static products a new order gets are among the products it refers to.
  const productIds = staticsFrom
    ? sql`${ids('productIds')} union select ${staticProducts.productId} ${staticsFrom}`
    : ids('productIds');
  return {
    customer: sql`select ${jsonObject({
      id: customers.id,
      name: customers.name,
      inactiveFlag: customers.inactiveFlag,
      holdOrders: creditHoldsOrders,
      creditStatus: creditStatuses.description,
    })}
        from ${customers} left join ${creditStatuses} on ${creditStatuses.id} = ${customers.creditStatusId}
        where ${customers.id} = ${sql.placeholder('customerId')}`,
    job: sql`select ${jsonObject({ id: jobs.id, customerId: jobs.customerId })}
        from ${jobs} where ${jobs.id} = ${sql.placeholder('jobId')}`,
    plants: jsonRows(
      jsonObject({
        id: plants.id,
        systemTypeId: plants.systemTypeId,
        batchTime: plants.batchTime,
        washTime: plants.inYardWashTime,
      }),
      sql`from ${plants} where ${plants.id} in (${ids('plantIds')})`,
    ),
    products: jsonRows(
      jsonObject({
        id: products.id,
        number: products.number,
        description: products.description,
        systemTypeId: products.systemTypeId,
        productTypeId: products.productTypeId,
        unitOfMeasureId: products.unitOfMeasureId,
        taxableFlag: products.taxableFlag,
      }),
      sql`from ${products} where ${products.id} in (${productIds})`,
    ),
    truckTypes: jsonRows(
      jsonObject({ id: truckTypes.id, maxLoadQuantity: truckTypes.maxLoadQuantity }),
      sql`from ${truckTypes} where ${truckTypes.id} in (${ids('truckTypeIds')})`,
    ),
    statics:
      statics && staticsFrom
        ? jsonRows(
            jsonObject({ productId: products.id, quantity: staticProducts.quantity }),
            staticsFrom,
            sql.join(statics.orderBy, sql`, `),
          )
        : sql`select '[]'::json`,
    // A write that keeps its prices (a copy) does not read them.
    ...(shape.prices
      ? priceBookReads({
          systemTypeId: shape.systemTypeId,
          productIds,
          plantIds: ids('plantIds'),
        })
      : {}),
    newOrderIds: newIds(getTableName(orders), sql.placeholder('newOrders')),
    newScheduleIds: newIds(getTableName(schedules), sql.placeholder('newSchedules')),
  };
}

/**
 * Everything a write refers to, in one statement (issue 12's creation bench: a round trip per
 * table was most of a save): the customer with its credit status, the job, the plants with their
 * batch and wash times, the products, the truck types' load sizes; with `prices`, what prices the
 * lines (order pricing's reads), with `statics`, the system type's static products for a new
 * order, whose products are then read (and priced) with the others, and with `newIds`, the ids
 * the new order and schedules will have.
 */
export async function readReferences(
  tx: Tx,
  entry: ReferringEntry,
  storedTruckTypeIds: readonly (number | null)[] = [],
  options: {
    prices?: boolean;
    statics?: boolean;
    /** Ids to draw: for a new order, and for so many new schedules. */
    newIds?: { order: boolean; schedules: number };
  } = {},
): Promise<ReferenceData> {
  const plantIds = [entry.plantId, ...entry.schedules.map((form) => form.schedule.plantId)];
  const productIds = entry.schedules.flatMap((form) => linesOf(form).map((line) => line.productId));
  const truckTypeIds = [
    ...entry.schedules.map((form) => form.schedule.truckTypeId),
    ...storedTruckTypeIds,
  ].filter((truckTypeId) => truckTypeId !== null);
  const order = {
    customerId: entry.customerId,
    jobId: entry.jobId,
    systemTypeId: entry.systemTypeId,
    shipDate: dayOf(entry.shipDate),
  };
  const shape = {
    systemTypeId: entry.systemTypeId,
    prices: options.prices ?? false,
    statics: options.statics ?? false,
  };
  const answer = await readInOneStatement(tx, {
    shape: `orders.references.${JSON.stringify(shape)}`,
    reads: () => referenceReads(shape),
    values: {
      ...orderValues(order),
      plantIds: idList(plantIds),
      productIds: idList(productIds),
      truckTypeIds: idList(truckTypeIds),
      newOrders: options.newIds?.order ? 1 : 0,
      newSchedules: options.newIds?.schedules ?? 0,
    },
  });
  type Row<T> = T & { id: number };
  const byId = <T>(rows: unknown) =>
    new Map((rows as Row<T>[]).map(({ id, ...row }) => [id, row as unknown as T]));
  const truckRows = answer.truckTypes as { id: number; maxLoadQuantity: number | null }[];
  return {
    customer: (answer.customer ?? undefined) as ReferenceData['customer'],
    job: (answer.job ?? undefined) as ReferenceData['job'],
    plants: byId(answer.plants),
    products: byId(answer.products),
    truckLoadSizes: new Map(truckRows.map((row) => [row.id, row.maxLoadQuantity])),
    prices: options.prices ? priceBookFrom(answer, order) : undefined,
    statics: answer.statics as ReferenceData['statics'],
    newIds: {
      orderId: (answer.newOrderIds as number[])[0],
      // Ascending, so that schedules written in the order sent are read back in that order.
      scheduleIds: (answer.newScheduleIds as number[]).sort((a, b) => a - b),
    },
  };
}

const missing = 'refers to a record that does not exist';

/** R-ORD-2: what the order refers to exists and belongs together (400 naming each field). */
function referenceProblems(
  entry: OrderEntry,
  refs: ReferenceData,
  customerChanged = true,
): FieldProblem[] {
  const problems: FieldProblem[] = [];
  if (!refs.customer) problems.push({ field: 'customerId', reason: missing });
  else if (refs.customer.inactiveFlag && customerChanged) {
    problems.push({ field: 'customerId', reason: 'the customer is inactive' });
  }
  if (entry.jobId !== null && !refs.job) problems.push({ field: 'jobId', reason: missing });
  else if (refs.job && refs.customer && refs.job.customerId !== refs.customer.id) {
    problems.push({ field: 'jobId', reason: 'must be a job of the customer' });
  }
  const checkPlant = (field: string, plantId: number) => {
    const plant = refs.plants.get(plantId);
    if (!plant) problems.push({ field, reason: missing });
    else if (plant.systemTypeId !== entry.systemTypeId) {
      problems.push({ field, reason: "must be a plant of the order's system type" });
    }
  };
  checkPlant('plantId', entry.plantId);
  entry.schedules.forEach((form, index) => {
    checkPlant(`schedules.${index}.schedule.plantId`, form.schedule.plantId);
    const lines: [string, ProductLineEntry][] = [
      [`schedules.${index}.primaryProduct`, form.primaryProduct],
      ...form.extraProducts.map(
        (line, extra) =>
          [`schedules.${index}.extraProducts.${extra}`, line] as [string, ProductLineEntry],
      ),
    ];
    for (const [path, line] of lines) {
      const product = refs.products.get(line.productId);
      if (!product) problems.push({ field: `${path}.productId`, reason: missing });
      else if (product.systemTypeId !== entry.systemTypeId) {
        problems.push({
          field: `${path}.productId`,
          reason: "must be a product of the order's system type",
        });
      }
    }
  });
  return problems;
}

// ---------------------------------------------------------------------------------------------
// Prices (R-ORD-10)

function refusePrices(fields: string[]): ApiError {
  return new ApiError('permission', `You may not change prices (${fields.join(', ')}).`, {
    data: fields.map((field) => ({ field, reason: 'prices are read-only for you' })),
  });
}

const samePrice = (a: number | null | undefined, b: number | null | undefined) =>
  (a ?? null) === (b ?? null) ||
  (typeof a === 'number' && typeof b === 'number' && Math.abs(a - b) < 1e-9);

/** What a product line is priced at when it is saved. */
type PricedLine = ProductLineEntry & { price: number | null; path: string };

/**
 * Each line's price (R-ORD-10): the one sent, else the stored one (a line kept with its product),
 * else the one order pricing finds (a line sent with a null price is priced anew). A level that
 * hides prices may send none; a level that disables them may send back only the price the line
 * has or would get anyway.
 */
function priceLines(
  entry: OrderEntry,
  flags: PermissionFlags,
  stored: ReadonlyMap<number, { productId: number; price: number | null }>,
  prices: PriceBook,
): PricedLine[][] {
  const full = !flags.hidePrice && !flags.disablePrice;
  const refused: string[] = [];
  const priced: PricedLine[][] = [];
  for (const [index, form] of entry.schedules.entries()) {
    const lines: PricedLine[] = [];
    for (const [position, line] of linesOf(form).entries()) {
      const path =
        position === 0
          ? `schedules.${index}.primaryProduct`
          : `schedules.${index}.extraProducts.${position - 1}`;
      const before = line.id === undefined ? undefined : stored.get(line.id);
      // A line kept with its product keeps its price; any other is priced by order pricing.
      const kept = before && before.productId === line.productId ? before.price : undefined;
      const found = () => prices.line(line.productId, form.schedule.plantId)?.price ?? null;
      let price: number | null;
      if (full && typeof line.price === 'number') price = line.price;
      else if (full && line.price === null) price = found();
      else {
        price = kept !== undefined ? kept : found();
        if (line.price !== undefined && (flags.hidePrice || !samePrice(line.price, price))) {
          refused.push(`${path}.price`);
        }
      }
      lines.push({ ...line, price, path });
    }
    priced.push(lines);
  }
  if (refused.length > 0) throw refusePrices(refused);
  return priced;
}

/** The order's cartage rate: sent, else kept; levels that hide or disable prices may not change it. */
function cartageRateOf(
  entry: OrderEntry,
  flags: PermissionFlags,
  stored: number | null,
): number | null {
  if (entry.cartageRate === undefined) return stored;
  const locked = flags.hidePrice || (flags.disablePrice && !samePrice(entry.cartageRate, stored));
  if (locked) throw refusePrices(['cartageRate']);
  return entry.cartageRate;
}

// ---------------------------------------------------------------------------------------------
// Values as stored

/** Text '' is stored as null: "none" has one spelling in the database. */
const storedText = (value: string) => (value === '' ? null : value);
/** The business day of an ISO date or date-time. */
const dayOf = (value: string) => value.slice(0, 10);
const instantOf = (value: string | null) => (value ? parseIsoDate(value) : null);

function headerValues(entry: OrderEntry, customerName: string) {
  return {
    customerId: entry.customerId,
    customerName,
    customerPoNumber: entry.customerPoNumber,
    plantId: entry.plantId,
    jobId: entry.jobId,
    orderDate: dayOf(entry.orderDate),
    shipDate: dayOf(entry.shipDate),
    orderStatusId: entry.orderStatusId,
    orderTypeId: entry.orderTypeId,
    systemTypeId: entry.systemTypeId,
    orderFlagId: entry.orderFlagId,
    orderedByName: storedText(entry.orderedByName),
    notes: storedText(entry.notes),
    dispatchNotes: storedText(entry.dispatchNotes),
    batchNotes: storedText(entry.batchNotes),
    creditNotes: storedText(entry.creditNotes),
    ticketNotes: storedText(entry.ticketNotes),
    emailAddressCsv: storedText(entry.emailAddressCsv),
    milesToJob: entry.milesToJob,
    hoursToJob: entry.hoursToJob,
    imperialFlag: entry.imperialFlag,
    invoicedFlag: entry.invoicedFlag,
    chargeOrderFlag: entry.chargeOrderFlag,
    orderVerifiedFlag: entry.orderVerifiedFlag,
    blockReturnOrderFlag: entry.blockReturnOrderFlag,
    pumperId: entry.pumperId,
    reasonId: entry.reasonId,
    shortLoadTypeId: entry.shortLoadTypeId,
    freeShortLoadId: entry.freeShortLoadId,
    standbyChargeTypeId: entry.standbyChargeTypeId,
    aggDeliveryChargeTypeId: entry.aggDeliveryChargeTypeId,
    printMaterialTypeId: entry.printMaterialTypeId,
    sourceTaxingType: entry.sourceTaxingType,
    suburbId: entry.suburbId,
    uploadMixToBatchPanel: entry.uploadMixToBatchPanel,
    zoneReferenceNumber: storedText(entry.zoneReferenceNumber),
    // The board orders a day's orders by when their first loads are due on the job.
    firstLoadTime: firstLoadTimeOf(entry),
  };
}

function firstLoadTimeOf(entry: OrderEntry): Date | null {
  const times = entry.schedules.flatMap((form) => {
    const time = instantOf(form.schedule.firstLoadOnJobTime);
    return time ? [time.getTime()] : [];
  });
  return times.length ? new Date(Math.min(...times)) : null;
}

function scheduleValues(form: ScheduleFormEntry, numberOfLoads: number | null) {
  const schedule = form.schedule;
  return {
    plantId: schedule.plantId,
    systemTypeId: schedule.systemTypeId,
    numberOfLoads,
    numberOfTrucks: schedule.numberOfTrucks,
    quantityPerHour: schedule.quantityPerHour,
    loadIntervalTime: schedule.loadIntervalTime,
    travelTimeToJob: schedule.travelTimeToJob,
    travelTimeToPlant: schedule.travelTimeToPlant,
    onJobWaitMinutes: schedule.onJobWaitMinutes,
    onJobWashMinutes: schedule.onJobWashMinutes,
    adjustmentTypeId: schedule.adjustmentTypeId,
    addPlusLoad: schedule.addPlusLoad,
    truckTypeId: schedule.truckTypeId,
    firstLoadOnJobTime: instantOf(schedule.firstLoadOnJobTime),
  };
}

function lineValues(line: PricedLine, position: number, refs: ReferenceData) {
  const product = refs.products.get(line.productId)!;
  return {
    productId: line.productId,
    primaryFlag: position === 0,
    sequence: position,
    // Copied so the schedule reads as it was ordered after the product is renamed.
    productNumber: product.number,
    productDescription: product.description,
    productTypeId: line.productTypeId ?? product.productTypeId,
    quantity: line.quantity,
    slump: line.slump,
    price: line.price,
    taxableFlag: line.taxableFlag ?? product.taxableFlag,
    unitOfMeasure: line.unitOfMeasure ?? product.unitOfMeasureId,
    loadSize: line.loadSize,
    loadPlan: storedText(line.loadPlan),
    quantityOnHand: line.quantityOnHand,
    usageTypeId: line.usageTypeId,
    unitsPerCube: line.unitsPerCube,
  };
}

// ---------------------------------------------------------------------------------------------
// Loads (R-ORD-3..5)

/** The primary line's load size, else what the schedule's truck type carries. */
function loadSizeOf(
  lineLoadSize: number | null | undefined,
  truckTypeId: number | null,
  refs: ReferenceData,
): number | null {
  if (lineLoadSize !== null && lineLoadSize !== undefined) return lineLoadSize;
  return truckTypeId === null ? null : (refs.truckLoadSizes.get(truckTypeId) ?? null);
}

/** What a schedule's loads are projected from; null while it has no first-load time or load size. */
export function projectionInputOf(
  form: ScheduleFormEntry,
  refs: ReferenceData,
): LoadProjectionInput | null {
  const schedule = form.schedule;
  const loadSize = loadSizeOf(form.primaryProduct.loadSize, schedule.truckTypeId, refs);
  if (schedule.firstLoadOnJobTime === null || loadSize === null) return null;
  const plant = refs.plants.get(schedule.plantId);
  return {
    firstLoadOnJobTime: schedule.firstLoadOnJobTime,
    totalQuantity: form.primaryProduct.quantity,
    loadSize,
    quantityPerHour: schedule.quantityPerHour,
    loadIntervalTime: schedule.loadIntervalTime,
    addPlusLoad: schedule.addPlusLoad,
    travelTimeToJob: schedule.travelTimeToJob,
    travelTimeToPlant: schedule.travelTimeToPlant,
    onJobWaitMinutes: schedule.onJobWaitMinutes,
    onJobWashMinutes: schedule.onJobWashMinutes,
    batchMinutes: plant?.batchTime ?? 0,
    plantWashMinutes: plant?.washTime ?? 0,
  };
}

/** The field of the entry a projection error is about. */
const projectionFields: Partial<Record<keyof LoadProjectionInput, string>> = {
  totalQuantity: 'primaryProduct.quantity',
  loadSize: 'primaryProduct.loadSize',
  batchMinutes: 'schedule.plantId',
  plantWashMinutes: 'schedule.plantId',
};

/** Runs a projection; a bad input is a 400 naming the schedule's field. */
function projecting<T>(index: number, project: () => T): T {
  try {
    return project();
  } catch (error) {
    if (!(error instanceof LoadProjectionError)) throw error;
    const field = projectionFields[error.field] ?? `schedule.${error.field}`;
    throw validationError([{ field: `schedules.${index}.${field}`, reason: error.reason }]);
  }
}

const loadRow = (orderId: number, scheduleId: number, load: ProjectedLoad, username: string) => ({
  orderId,
  scheduleId,
  loadNumber: load.loadNumber,
  quantity: load.quantity,
  statusId: loadStatusIds.scheduled,
  onJobTime: new Date(load.onJobTime),
  modifiedBy: username,
});

/**
 * R-ORD-5: the schedule's loads not yet ticketed take the new projection (updated in place where
 * the load number stays, so a driver already assigned stays); ticketed ones are not touched.
 */
export async function reproject(
  tx: Tx,
  ids: { orderId: number; scheduleId: number },
  input: LoadProjectionInput | null,
  index: number,
  writer: OrderWriter,
): Promise<number | null> {
  const storedLoads = await tx
    .select({
      id: loads.id,
      loadNumber: loads.loadNumber,
      quantity: loads.quantity,
      ticketId: loads.ticketId,
      statusId: loads.statusId,
    })
    .from(loads)
    .where(eq(loads.scheduleId, ids.scheduleId));
  const ticketed = (load: (typeof storedLoads)[number]) =>
    load.ticketId !== null ||
    load.statusId === loadStatusIds.ticketed ||
    load.statusId === loadStatusIds.delivered;
  const result = input
    ? projecting(index, () =>
        reprojectLoads(
          storedLoads.map((load) => ({ ...load, ticketed: ticketed(load) })),
          input,
        ),
      )
    : null;
  const open = new Map(
    storedLoads.filter((load) => !ticketed(load)).map((load) => [load.loadNumber, load]),
  );
  for (const load of result?.projected ?? []) {
    const existing = open.get(load.loadNumber);
    open.delete(load.loadNumber);
    if (existing) {
      await tx
        .update(loads)
        .set({
          quantity: load.quantity,
          onJobTime: new Date(load.onJobTime),
          statusId: loadStatusIds.scheduled,
          version: sql`${loads.version} + 1`,
          modifiedAt: writer.now,
          modifiedBy: writer.username,
        })
        .where(eq(loads.id, existing.id));
    } else {
      await tx.insert(loads).values(loadRow(ids.orderId, ids.scheduleId, load, writer.username));
    }
  }
  const extra = [...open.values()].map((load) => load.id);
  if (extra.length) await tx.delete(loads).where(inArray(loads.id, extra));
  return result?.numberOfLoads ?? null;
}

// ---------------------------------------------------------------------------------------------
// Writing schedules and lines

/**
 * The inserts of new schedules of an order with their lines and projected loads (R-ORD-3), for
 * `writeInOneStatement`: the schedules take the ids drawn for them by `readReferences`.
 */
function scheduleWrites(
  orderId: number,
  added: readonly { form: ScheduleFormEntry; lines: PricedLine[]; index: number }[],
  refs: ReferenceData,
  writer: OrderWriter,
): RowsInsert[] {
  if (added.length === 0) return [];
  const scheduleIds = refs.newIds.scheduleIds;
  if (scheduleIds.length !== added.length) throw new Error('No ids were drawn for new schedules');
  const projections = added.map(({ form, index }) => {
    const input = projectionInputOf(form, refs);
    return input ? projecting(index, () => projectLoads(input)) : null;
  });
  return [
    {
      table: schedules,
      overridingIdentity: true,
      rows: added.map(({ form }, at) => ({
        ...scheduleValues(form, projections[at]?.numberOfLoads ?? form.schedule.numberOfLoads),
        id: scheduleIds[at]!,
        orderId,
        modifiedBy: writer.username,
      })),
    },
    {
      table: scheduleProducts,
      rows: added.flatMap(({ lines }, at) =>
        lines.map((line, position) => ({
          ...lineValues(line, position, refs),
          scheduleId: scheduleIds[at]!,
          modifiedBy: writer.username,
        })),
      ),
    },
    {
      table: loads,
      rows: projections.flatMap((projection, at) =>
        (projection?.loads ?? []).map((load) =>
          loadRow(orderId, scheduleIds[at]!, load, writer.username),
        ),
      ),
    },
  ];
}

type StoredSchedule = OrderDetailView['schedules'][number];

/** What R-ORD-5 compares to tell whether a change re-projects a schedule's loads. */
function projectionInputs(
  schedule: {
    readonly firstLoadOnJobTime: string | null;
    readonly quantityPerHour: number | null;
    readonly loadIntervalTime: number | null;
    readonly addPlusLoad: boolean | null;
    readonly truckTypeId: number | null;
  },
  primary: { quantity: number; loadSize?: number | null | undefined } | null,
  refs: ReferenceData,
) {
  return {
    firstLoadOnJobTime: schedule.firstLoadOnJobTime,
    totalQuantity: primary?.quantity ?? 0,
    loadSize: loadSizeOf(primary?.loadSize, schedule.truckTypeId, refs),
    quantityPerHour: schedule.quantityPerHour,
    loadIntervalTime: schedule.loadIntervalTime,
    addPlusLoad: schedule.addPlusLoad,
  };
}

async function updateSchedule(
  tx: Tx,
  orderId: number,
  form: ScheduleFormEntry,
  before: StoredSchedule,
  lines: PricedLine[],
  refs: ReferenceData,
  index: number,
  writer: OrderWriter,
): Promise<boolean> {
  const scheduleId = before.schedule.id;
  // Lines left out are removed; the rest are written as sent, the primary one first.
  const storedLines = [
    ...(before.primaryProduct ? [before.primaryProduct] : []),
    ...before.extraProducts,
  ];
  const kept = lines.flatMap((line) => (line.id === undefined ? [] : [line.id]));
  for (const line of lines) {
    if (line.id !== undefined && !storedLines.some((candidate) => candidate.id === line.id)) {
      throw validationError([
        { field: `${line.path}.id`, reason: 'is not a line of this schedule' },
      ]);
    }
  }
  await tx
    .delete(scheduleProducts)
    .where(
      and(
        eq(scheduleProducts.scheduleId, scheduleId),
        kept.length ? notInArray(scheduleProducts.id, kept) : undefined,
      ),
    );
  // The primary line may change: no two primary lines, even for a moment (a unique index).
  await tx
    .update(scheduleProducts)
    .set({ primaryFlag: false })
    .where(eq(scheduleProducts.scheduleId, scheduleId));
  for (const [position, line] of lines.entries()) {
    const values = { ...lineValues(line, position, refs), modifiedBy: writer.username };
    if (line.id === undefined) {
      await tx.insert(scheduleProducts).values({ ...values, scheduleId });
    } else {
      await tx
        .update(scheduleProducts)
        .set({
          ...values,
          version: sql`${scheduleProducts.version} + 1`,
          modifiedAt: writer.now,
        })
        .where(eq(scheduleProducts.id, line.id));
    }
  }
  const input = projectionInputOf(form, refs);
  const changed = projectionChanged(
    projectionInputs(before.schedule, before.primaryProduct, refs),
    projectionInputs(form.schedule, form.primaryProduct, refs),
  );
  const numberOfLoads = changed
    ? await reproject(tx, { orderId, scheduleId }, input, index, writer)
    : null;
  await tx
    .update(schedules)
    .set({
      ...scheduleValues(form, numberOfLoads ?? form.schedule.numberOfLoads),
      version: sql`${schedules.version} + 1`,
      modifiedAt: writer.now,
      modifiedBy: writer.username,
    })
    .where(eq(schedules.id, scheduleId));
  return changed;
}

// ---------------------------------------------------------------------------------------------
// Events and history

/** orderUpdate_v1 (R-ORD-12): the live view of R-ENTITY-15 with the order's version, no prices. */
function liveViewOf(order: OrderDetailView): OrderLiveView & { version: number } {
  return withoutPrices({
    id: order.id,
    number: order.number,
    orderStatusId: order.orderStatusId,
    plantId: order.plantId,
    customerName: order.customerName,
    dispatchNotes: order.dispatchNotes,
    orderFlagId: order.orderFlagId,
    shipDate: order.shipDate,
    schedules: order.schedules.map((form) => ({
      activeFlag: form.activeFlag,
      schedule: form.schedule,
      primaryProduct: form.primaryProduct,
      extraProducts: form.extraProducts,
      ticketIds: form.ticketIds,
    })),
    version: order.version,
  }) as OrderLiveView & { version: number };
}

/**
 * The write's events and history entry, published and written last in its transaction, in one
 * statement: an order deleted (status D) sends orderDelete_v1, any other write orderUpdate_v1.
 */
export async function announce(
  tx: Tx,
  after: OrderDetailView,
  before: OrderDetailView | null,
  action: string,
  writer: Pick<OrderWriter, 'username' | 'now'>,
  /** Why, when the user gave a reason (reopening an order, R-DELIV-9). */
  reason?: string,
): Promise<void> {
  const deleted = after.orderStatusId === orderStatusIds.deleted;
  await writeInOneStatement(
    tx,
    [
      {
        table: auditTrail,
        rows: [
          auditRow({
            username: writer.username,
            at: writer.now,
            resource: 'orders',
            recordId: after.id,
            action,
            before: before ? orderHistoryRecord(before) : null,
            after: { ...orderHistoryRecord(after), ...(reason === undefined ? {} : { reason }) },
          }),
        ],
      },
    ],
    [
      deleted
        ? { name: 'orderDelete_v1', data: { id: after.id } }
        : { name: 'orderUpdate_v1', data: liveViewOf(after), ids: [after.id] },
    ],
  );
}

/**
 * orderUpdate_v1 alone, for a change the order's history does not record: what its loads have
 * delivered (R-DELIV-7) moves with every truck.
 */
export async function publishOrderLive(tx: Tx, after: OrderDetailView): Promise<void> {
  await publish(tx, { name: 'orderUpdate_v1', data: liveViewOf(after), ids: [after.id] });
}

export async function readBack(
  tx: Tx,
  id: number,
  systemTypeId: SystemTypeId,
): Promise<OrderDetailView> {
  return (await getOrder(tx, { id, allowedSystemTypeIds: [systemTypeId] }))!;
}

// ---------------------------------------------------------------------------------------------
// The writes

/** R-ORD-9: a customer whose credit status holds orders has new orders put on hold, with why. */
function creditHold(entry: OrderEntry, refs: ReferenceData): Partial<OrderEntry> {
  if (!refs.customer?.holdOrders) return {};
  const reason = `On hold: the customer's credit status (${refs.customer.creditStatus ?? 'unknown'}) holds orders.`;
  return {
    orderStatusId: orderStatusIds.onHold,
    creditNotes: entry.creditNotes ? `${reason}\n${entry.creditNotes}` : reason,
  };
}

/**
 * A new order with its schedules, lines and loads, from an entry checked against `refs` (read by
 * `readReferences` for it with the new ids, and with prices unless they are kept as given).
 */
async function insertOrder(
  tx: Tx,
  given: OrderEntry,
  refs: ReferenceData,
  flags: PermissionFlags,
  writer: OrderWriter,
): Promise<number> {
  const problems = referenceProblems(given, refs);
  if (problems.length > 0) throw validationError(problems);
  const entry = { ...given, ...creditHold(given, refs) };
  // A copy keeps its lines' prices as they were (no price book read); an entry is priced.
  const allLines = refs.prices
    ? priceLines(entry, flags, new Map(), refs.prices)
    : entry.schedules.map((form, index) =>
        linesOf(form).map((line, position) => ({
          ...line,
          price: line.price ?? null,
          path: `schedules.${index}.${position}`,
        })),
      );
  const cartageRate = refs.prices ? cartageRateOf(entry, flags, null) : (entry.cartageRate ?? null);
  const orderId = refs.newIds.orderId;
  if (orderId === undefined) throw new Error('No id was drawn for the new order');
  // The order, its schedules, their lines and loads: one statement.
  await writeInOneStatement(tx, [
    {
      table: orders,
      overridingIdentity: true,
      rows: [
        {
          ...headerValues(entry, refs.customer!.name),
          id: orderId,
          cartageRate,
          // On the clock truck stamps are measured by: no ticket time moves before it (R-BOARD-7).
          createdAt: writer.now,
          modifiedAt: writer.now,
          modifiedBy: writer.username,
        },
      ],
    },
    ...scheduleWrites(
      orderId,
      entry.schedules.map((form, index) => ({ form, lines: allLines[index]!, index })),
      refs,
      writer,
    ),
  ]);
  return orderId;
}

/**
 * R-ORD-1: a new order from order entry, with its schedules, lines and projected loads. The
 * charge types left out come from the customer's pricing defaults (R-ORD-20) and each schedule
 * gets the automatic static products it lacks (R-ORD-21). R-ORD-13: everything the order refers
 * to, its defaults and its prices are read in one statement before it is written.
 */
export async function createOrder(
  db: Db,
  given: OrderEntryCreate,
  writer: OrderWriter,
): Promise<OrderDetailView> {
  const flags = writer.access(given.systemTypeId);
  return writing(() =>
    // Three round trips: BEGIN with the references, the write with its read-back (the order's
    // id is drawn with the references), the history entry and event with COMMIT.
    pipelinedTransaction(db, async (tx, closing) => {
      const refs = await readReferences(tx, given, [], {
        prices: true,
        statics: true,
        newIds: { order: true, schedules: given.schedules.length },
      });
      const entry = withNewOrderDefaults(given, {
        defaults: refs.prices!.defaults,
        statics: refs.statics,
      });
      const [id, after] = await Promise.all([
        insertOrder(tx, entry, refs, flags, writer),
        readBack(tx, refs.newIds.orderId!, entry.systemTypeId),
      ]);
      if (id !== after.id) throw new Error(`Order ${id} was read back as ${after.id}`);
      closing(announce(tx, after, null, 'created', writer));
      return after;
    }),
  );
}

/** R-CONC-1 for orders: 409 naming who changed the order and when. */
export function staleOrder(current: {
  number: number;
  version: number;
  modifiedBy: string | null;
  modifiedAt: Date | string;
}): ApiError {
  const who = current.modifiedBy ? current.modifiedBy : 'someone else';
  const when =
    current.modifiedAt instanceof Date ? current.modifiedAt.toISOString() : current.modifiedAt;
  return new ApiError(
    'conflict',
    `Order ${current.number} was changed by ${who} at ${when} since you opened it. Reload it to see their change, then make yours again.`,
    {
      code: 'stale_version',
      data: { currentVersion: current.version, modifiedBy: who, modifiedAt: when },
    },
  );
}

/** The order as stored, locked for the write, or 404 for an order the caller may not see. */
export async function lockedOrder(tx: Tx, id: number, writer: OrderWriter) {
  if (writer.allowedSystemTypeIds.length === 0) throw notFound(`Order ${id}`);
  const [row] = await tx
    .select({
      id: orders.id,
      number: orders.number,
      systemTypeId: orders.systemTypeId,
      version: orders.version,
      modifiedBy: orders.modifiedBy,
      modifiedAt: orders.modifiedAt,
      cartageRate: orders.cartageRate,
      customerId: orders.customerId,
      customerName: orders.customerName,
    })
    .from(orders)
    .where(and(eq(orders.id, id), inArray(orders.systemTypeId, [...writer.allowedSystemTypeIds])))
    .for('update');
  if (!row) throw notFound(`Order ${id}`);
  return { ...row, systemTypeId: row.systemTypeId as SystemTypeId };
}

/**
 * R-ORD-1, R-ORD-4..5: an order changed as a whole: the order's fields, its schedules (one left
 * out is removed, unless tickets were written for it) and their lines. A schedule whose quantity,
 * rate, load size or first-load time changed has its loads not yet ticketed projected anew, and
 * loadScheduleUpdatedNotification_v1 is sent for it.
 */
export async function updateOrder(
  db: Db,
  id: number,
  entry: OrderEntry & { version: number },
  writer: OrderWriter,
): Promise<OrderDetailView> {
  return writing(() =>
    db.transaction(async (tx) => {
      const current = await lockedOrder(tx, id, writer);
      const flags = writer.access(current.systemTypeId);
      if (entry.systemTypeId !== current.systemTypeId) {
        throw validationError([
          { field: 'systemTypeId', reason: 'cannot change: copy the order instead' },
        ]);
      }
      if (entry.version !== current.version) throw staleOrder(current);
      const before = await readBack(tx, id, current.systemTypeId);
      // R-INV-3: an order with invoiced tickets keeps the customer and job they were billed to.
      if (entry.customerId !== before.customerId || (entry.jobId ?? null) !== before.jobId) {
        await refuseInvoicedTickets(tx, { orderId: id });
      }
      const refs = await readReferences(
        tx,
        entry,
        before.schedules.map((form) => form.schedule.truckTypeId),
        {
          prices: true,
          newIds: {
            order: false,
            schedules: entry.schedules.filter((form) => form.schedule.id === undefined).length,
          },
        },
      );
      const problems = referenceProblems(entry, refs, entry.customerId !== current.customerId);
      const storedSchedules = new Map(before.schedules.map((form) => [form.schedule.id, form]));
      entry.schedules.forEach((form, index) => {
        if (form.schedule.id !== undefined && !storedSchedules.has(form.schedule.id)) {
          problems.push({
            field: `schedules.${index}.schedule.id`,
            reason: 'is not a schedule of this order',
          });
        }
      });
      if (problems.length > 0) throw validationError(problems);
      const storedLines = new Map(
        before.schedules.flatMap((form) =>
          [...(form.primaryProduct ? [form.primaryProduct] : []), ...form.extraProducts].map(
            (line) => [line.id, { productId: line.productId ?? 0, price: line.price ?? null }],
          ),
        ),
      );
      const allLines = priceLines(entry, flags, storedLines, refs.prices!);
      const cartageRate = cartageRateOf(entry, flags, current.cartageRate);
      const customerName =
        entry.customerId === current.customerId ? current.customerName : refs.customer!.name;

      const [updated] = await tx
        .update(orders)
        .set({
          ...headerValues(entry, customerName),
          cartageRate,
          version: sql`${orders.version} + 1`,
          modifiedAt: writer.now,
          modifiedBy: writer.username,
        })
        .where(and(eq(orders.id, id), eq(orders.version, entry.version)))
        .returning({ id: orders.id });
      if (!updated) throw staleOrder(current);

      const keptIds = entry.schedules.flatMap((form) =>
        form.schedule.id === undefined ? [] : [form.schedule.id],
      );
      const removed = before.schedules
        .map((form) => form.schedule.id)
        .filter((scheduleId) => !keptIds.includes(scheduleId));
      if (removed.length > 0) {
        const [ticketed] = await tx
          .select({ scheduleId: tickets.scheduleId })
          .from(tickets)
          .where(inArray(tickets.scheduleId, removed))
          .limit(1);
        if (ticketed) {
          throw new ApiError(
            'conflict',
            `Schedule ${ticketed.scheduleId} has tickets and cannot be removed from the order.`,
            { code: 'schedule_ticketed', data: { scheduleId: ticketed.scheduleId } },
          );
        }
        await tx.delete(schedules).where(inArray(schedules.id, removed));
      }
      const added: Parameters<typeof scheduleWrites>[1][number][] = [];
      for (const [index, form] of entry.schedules.entries()) {
        const lines = allLines[index]!;
        const storedForm =
          form.schedule.id === undefined ? undefined : storedSchedules.get(form.schedule.id);
        if (!storedForm) {
          added.push({ form, lines, index });
          continue;
        }
        const reprojected = await updateSchedule(
          tx,
          id,
          form,
          storedForm,
          lines,
          refs,
          index,
          writer,
        );
        if (reprojected) {
          await publish(tx, {
            name: 'loadScheduleUpdatedNotification_v1',
            data: { scheduleId: storedForm.schedule.id, orderId: id, modifiedBy: writer.username },
          });
        }
      }
      await writeInOneStatement(tx, scheduleWrites(id, added, refs, writer));
      const deleting =
        entry.orderStatusId === orderStatusIds.deleted &&
        before.orderStatusId !== orderStatusIds.deleted;
      if (deleting) {
        await refuseIfTicketed(tx, current);
        await cancelOpenLoads(tx, id, writer);
      }
      const after = await readBack(tx, id, current.systemTypeId);
      await announce(tx, after, before, deleting ? 'deleted' : 'updated', writer);
      return after;
    }),
  );
}

/** An order with tickets not voided is not deleted (409). */
async function refuseIfTicketed(tx: Tx, order: { id: number; number: number }): Promise<void> {
  const [ticket] = await tx
    .select({ id: tickets.id })
    .from(tickets)
    .where(and(eq(tickets.orderId, order.id), isNull(tickets.voidDateTime)))
    .limit(1);
  if (ticket) {
    throw new ApiError(
      'conflict',
      `Order ${order.number} has tickets and cannot be deleted. Void its tickets first.`,
      { code: 'order_ticketed' },
    );
  }
}

/** A deleted order's loads not yet ticketed will not be delivered. */
export async function cancelOpenLoads(tx: Tx, orderId: number, writer: OrderWriter): Promise<void> {
  await tx
    .update(loads)
    .set({
      statusId: loadStatusIds.cancelled,
      version: sql`${loads.version} + 1`,
      modifiedAt: writer.now,
      modifiedBy: writer.username,
    })
    .where(
      and(
        eq(loads.orderId, orderId),
        isNull(loads.ticketId),
        eq(loads.statusId, loadStatusIds.scheduled),
      ),
    );
}

/**
 * R-ORD-6: deleting an order gives it status D (its history and tickets keep pointing at it),
 * cancels its loads not yet ticketed and sends orderDelete_v1. An order with tickets not voided
 * is not deleted (409).
 */
export async function deleteOrder(
  db: Db,
  id: number,
  version: number | undefined,
  writer: OrderWriter,
): Promise<OrderDetailView> {
  return writing(() =>
    db.transaction(async (tx) => {
      const current = await lockedOrder(tx, id, writer);
      writer.access(current.systemTypeId);
      if (version !== undefined && version !== current.version) throw staleOrder(current);
      await refuseIfTicketed(tx, current);
      const before = await readBack(tx, id, current.systemTypeId);
      await tx
        .update(orders)
        .set({
          orderStatusId: orderStatusIds.deleted,
          version: sql`${orders.version} + 1`,
          modifiedAt: writer.now,
          modifiedBy: writer.username,
        })
        .where(eq(orders.id, id));
      await cancelOpenLoads(tx, id, writer);
      const after = await readBack(tx, id, current.systemTypeId);
      await announce(tx, after, before, 'deleted', writer);
      return after;
    }),
  );
}

/** Whole days from one business day to another. */
function daysBetween(from: string, to: string): number {
  return Math.round(
    (Date.parse(`${dayOf(to)}T00:00:00Z`) - Date.parse(`${dayOf(from)}T00:00:00Z`)) / 86_400_000,
  );
}

/** The same wall-clock time, `days` later (a daylight-saving change keeps the time of day). */
function shiftedByDays(instant: string | null, days: number): string | null {
  const time = instantOf(instant);
  if (!time) return null;
  time.setDate(time.getDate() + days);
  return time.toISOString();
}

/**
 * R-ORD-7: a copy of an order for another ship date, as a new order: will call stays will call,
 * anything else is to be shipped (R-ORDER-STATUS-2), unless the customer's credit holds it. Its
 * schedules keep their times of day on the new date, its lines their prices; nothing of it is
 * delivered, ticketed, verified or invoiced yet, and its loads are projected afresh.
 */
export async function copyOrder(
  db: Db,
  id: number,
  shipDate: string,
  writer: OrderWriter,
): Promise<OrderDetailView> {
  return writing(() =>
    db.transaction(async (tx) => {
      const source = await getOrder(tx, { id, allowedSystemTypeIds: writer.allowedSystemTypeIds });
      if (!source) throw notFound(`Order ${id}`);
      const flags = writer.access(source.systemTypeId);
      const days = daysBetween(source.shipDate, shipDate);
      const line = (product: StoredSchedule['extraProducts'][number]) => ({
        ...product,
        id: undefined,
      });
      const parsed = orderEntrySchema.safeParse({
        ...source,
        shipDate: dayOf(shipDate),
        orderDate: formatDate(writer.now, 'YYYY-MM-DD'),
        orderStatusId: copiedOrderStatusId(source.orderStatusId),
        invoicedFlag: false,
        orderVerifiedFlag: false,
        schedules: source.schedules.map((form) => ({
          schedule: {
            ...form.schedule,
            id: undefined,
            firstLoadOnJobTime: shiftedByDays(form.schedule.firstLoadOnJobTime, days),
          },
          primaryProduct: form.primaryProduct ? line(form.primaryProduct) : null,
          extraProducts: form.extraProducts.map(line),
        })),
      });
      if (!parsed.success) {
        throw validationError(
          parsed.error.issues.map((issue) => ({
            field: issue.path.join('.') || 'body',
            reason: `the order cannot be copied: ${issue.message}`,
          })),
        );
      }
      // Its lines keep their prices: the price book is not read.
      const refs = await readReferences(tx, parsed.data, [], {
        newIds: { order: true, schedules: parsed.data.schedules.length },
      });
      const newId = await insertOrder(tx, parsed.data, refs, flags, writer);
      const after = await readBack(tx, newId, source.systemTypeId);
      await announce(tx, after, null, 'copied', writer);
      return after;
    }),
  );
}

// ---------------------------------------------------------------------------------------------
// History (R-ORD-8)

export type OrderHistoryEntry = {
  id: number;
  at: string;
  username: string;
  action: string;
  changes: AuditChange[];
};

/**
 * An order's changes, newest first, field by field: old value, new value, who and when. Prices are
 * left out for a caller whose level hides them, and so is a change that touched only prices.
 */
export async function orderHistory(
  db: Db,
  options: { id: number; allowedSystemTypeIds: readonly SystemTypeId[]; hidePrices: boolean },
): Promise<OrderHistoryEntry[] | undefined> {
  if (options.allowedSystemTypeIds.length === 0) return undefined;
  const [order] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.id, options.id),
        inArray(orders.systemTypeId, [...options.allowedSystemTypeIds]),
      ),
    );
  if (!order) return undefined;
  const rows = await db
    .select()
    .from(auditTrail)
    .where(and(eq(auditTrail.resource, 'orders'), eq(auditTrail.recordId, String(options.id))))
    .orderBy(asc(auditTrail.at), asc(auditTrail.id));
  return rows
    .map((row) => ({
      id: row.id,
      at: row.at.toISOString(),
      username: row.username,
      action: row.action,
      changes: orderHistoryChanges(row.before, row.after, options.hidePrices),
    }))
    .filter((entry) => entry.changes.length > 0 || entry.action !== 'updated')
    .reverse();
}
