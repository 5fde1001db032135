import {
  and,
  eq,
  getTableColumns,
  gte,
  inArray,
  lte,
  sql,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm';
import type { OrderStatusId } from '@dispatch/domain/orders/order-status';
import type { SystemTypeId } from '@dispatch/domain/system-types';
import { units, type UnitId } from '@dispatch/domain/units';
import type { Db, Tx } from '../../db/client';
import { countAll, pageWithTotal, totalMatches } from '../../db/paging';
import { jobs } from '../../db/schema/jobs';
import { orders, scheduleProducts, schedules } from '../../db/schema/orders';
import { loads, tickets } from '../../db/schema/tickets';
import type { ListQuery } from '../../http/list-query';
import type {
  OrderBoardRow,
  OrderDetailView,
  OrderView,
  ScheduleFormView,
} from '@dispatch/domain/orders/order-views';
import type { OrderSort } from './orders.schemas';
import { jsonRows, prebuilt, runBuiltSelect } from './one-statement';
import { orderSearchCondition } from './order-search';

export type OrderListOptions = ListQuery<OrderSort> & {
  /** The caller's system types: orders of others are never answered. */
  allowedSystemTypeIds: readonly SystemTypeId[];
  /** Business days, both included; the route fills them from shipDate or the server's today. */
  shipDateFrom?: string | undefined;
  shipDateTo?: string | undefined;
  plantId?: number[] | undefined;
  systemTypeId?: SystemTypeId | undefined;
  orderStatusId?: number[] | undefined;
  customerId?: number | undefined;
  jobId?: number | undefined;
};

/** The simple job an order carries. */
const jobColumns = {
  jobNumber: jobs.number,
  jobAddress1: jobs.address1,
  jobAddress2: jobs.address2,
  jobAddress3: jobs.address3,
  jobCustomerJobNumber: jobs.customerJobNumber,
  jobCustomerPoNumber: jobs.customerPoNumber,
  jobLotOrBlockNumber: jobs.lotOrBlockNumber,
  jobQuoteNumber: jobs.quoteNumber,
  jobQuoteDescription: jobs.quoteDescription,
};
const noJob = Object.fromEntries(Object.keys(jobColumns).map((key) => [key, null])) as {
  [K in keyof typeof jobColumns]: null;
};

/** The order's columns and its job, read in the same query (one order at a time). */
const orderColumns = { ...getTableColumns(orders), ...jobColumns };
type OrderRow = typeof orders.$inferSelect & {
  jobNumber: string | null;
  jobAddress1: string | null;
  jobAddress2: string | null;
  jobAddress3: string | null;
  jobCustomerJobNumber: string | null;
  jobCustomerPoNumber: string | null;
  jobLotOrBlockNumber: string | null;
  jobQuoteNumber: string | null;
  jobQuoteDescription: string | null;
};

function listConditions(options: OrderListOptions): SQL | undefined {
  const conditions: (SQL | undefined)[] = [
    inArray(orders.systemTypeId, [...options.allowedSystemTypeIds]),
  ];
  // Ship date first: orders_ship_date_plant_id_idx and orders_ship_date_system_type_id_idx lead with it.
  if (options.shipDateFrom === options.shipDateTo && options.shipDateFrom !== undefined) {
    conditions.push(eq(orders.shipDate, options.shipDateFrom));
  } else {
    if (options.shipDateFrom) conditions.push(gte(orders.shipDate, options.shipDateFrom));
    if (options.shipDateTo) conditions.push(lte(orders.shipDate, options.shipDateTo));
  }
  if (options.plantId) conditions.push(inArray(orders.plantId, options.plantId));
  if (options.systemTypeId !== undefined) {
    conditions.push(eq(orders.systemTypeId, options.systemTypeId));
  }
  if (options.orderStatusId) conditions.push(inArray(orders.orderStatusId, options.orderStatusId));
  if (options.customerId !== undefined) conditions.push(eq(orders.customerId, options.customerId));
  if (options.jobId !== undefined) conditions.push(eq(orders.jobId, options.jobId));
  if (options.search) conditions.push(orderSearchCondition(options.search));
  return and(...conditions);
}

function sortOrder(options: OrderListOptions): SQL[] {
  const direction = sql.raw(options.order === 'desc' ? 'desc' : 'asc');
  const chosen = (column: SQLWrapper) => sql`${column} ${direction} nulls last`;
  // Ties keep their natural order whichever way the chosen column runs.
  const then = (column: SQLWrapper) => sql`${column} asc nulls last`;
  const columns: Record<OrderSort, SQL[]> = {
    // A day's orders in the order their first loads go out, as the dispatch board shows them.
    shipDate: [chosen(orders.shipDate), then(orders.firstLoadTime)],
    number: [chosen(orders.number)],
    customerName: [chosen(sql`lower(${orders.customerName})`)],
    firstLoadTime: [chosen(orders.firstLoadTime)],
    orderStatusId: [chosen(orders.orderStatusId)],
  };
  return [...columns[options.sort ?? 'shipDate'], then(orders.number), then(orders.id)];
}

/**
 * One page of orders with their schedules: two queries whatever the page size (the orders with
 * their total, then every schedule, product and ticket id of the page).
 */
export async function listOrders(
  db: Db,
  options: OrderListOptions,
): Promise<{ rows: OrderView[]; count: number }> {
  if (options.allowedSystemTypeIds.length === 0) return { rows: [], count: 0 };
  const where = listConditions(options);
  // The page first, then its jobs by id: joining jobs before the page is cut made PostgreSQL read
  // every job (100,000 on seed-scale) to list one day's orders.
  const { rows: page, count } = await pageWithTotal(
    await db
      .select({ ...getTableColumns(orders), total: totalMatches() })
      .from(orders)
      .where(where)
      .orderBy(...sortOrder(options))
      .limit(options.limit)
      .offset(options.offset),
    options.offset,
    () => db.select({ n: countAll() }).from(orders).where(where),
  );
  const jobIds = [...new Set(page.flatMap((row) => (row.jobId === null ? [] : [row.jobId])))];
  const jobsById = new Map(
    jobIds.length === 0
      ? []
      : (
          await db
            .select({ id: jobs.id, fields: jobColumns })
            .from(jobs)
            .where(inArray(jobs.id, jobIds))
        ).map((job) => [job.id, job.fields]),
  );
  const schedulesByOrder = await schedulesOf(
    db,
    page.map((row) => row.id),
  );
  const rows: OrderRow[] = page.map((row) => {
    const job = row.jobId === null ? undefined : jobsById.get(row.jobId);
    return { ...row, ...(job ?? noJob) };
  });
  return { rows: rows.map((row) => toView(row, schedulesByOrder.get(row.id) ?? [])), count };
}

type BoardRow = {
  id: number;
  number: number;
  orderStatusId: number;
  plantId: number;
  systemTypeId: number;
  customerName: string | null;
  shipDate: string;
  dispatchNotes: string | null;
  orderFlagId: number | null;
  firstLoadTime: Date | string | null;
  jobNumber: string | null;
  jobAddress: string | null;
  productDescription: string | null;
  quantityOrdered: string | number | null;
  quantityDelivered: string | number | null;
  unitOfMeasure: number | null;
  loadsTicketed: number;
  version: number;
  total: number;
};

/**
 * The dispatch board's page of orders in one query: each order with what its primary schedule
 * products add up to. The page is cut first (aliased as the orders table, so the shared filters and
 * sort apply inside and out), then joined: joining first read every job and summed every order. Same filters and order as `listOrders`, so the two views never disagree.
 */
export async function listOrderBoard(
  db: Db,
  options: OrderListOptions,
): Promise<{ rows: OrderBoardRow[]; count: number }> {
  if (options.allowedSystemTypeIds.length === 0) return { rows: [], count: 0 };
  const where = listConditions(options);
  const { rows } = await db.execute<BoardRow>(sql`
    select ${orders.id} as "id", ${orders.number} as "number", ${orders.orderStatusId} as "orderStatusId",
           ${orders.plantId} as "plantId", ${orders.systemTypeId} as "systemTypeId",
           ${orders.customerName} as "customerName", ${orders.shipDate}::text as "shipDate",
           ${orders.dispatchNotes} as "dispatchNotes", ${orders.orderFlagId} as "orderFlagId",
           ${orders.firstLoadTime} as "firstLoadTime", ${orders.version} as "version",
           ${jobs.number} as "jobNumber",
           concat_ws(', ', nullif(${jobs.address1}, ''), nullif(${jobs.address3}, '')) as "jobAddress",
           primaries.description as "productDescription",
           coalesce(primaries.ordered, 0) as "quantityOrdered",
           coalesce(primaries.delivered, 0) as "quantityDelivered",
           primaries.unit as "unitOfMeasure",
           (select count(*)::int from ${tickets} where ${tickets.orderId} = ${orders.id}
              and ${tickets.voidDateTime} is null) as "loadsTicketed",
           ${orders}.total as "total"
      from (select ${orders}.*, count(*) over ()::int as total
              from ${orders}
             where ${where}
             order by ${sql.join(sortOrder(options), sql`, `)}
             limit ${options.limit} offset ${options.offset}) as ${orders}
      left join ${jobs} on ${jobs.id} = ${orders.jobId}
      left join lateral (
        select sum(sp.quantity) as ordered, sum(sp.delivered_quantity) as delivered,
               case when count(distinct sp.unit_of_measure) = 1 then min(sp.unit_of_measure) end as unit,
               min(sp.product_description) as description
          from ${schedules} s join ${scheduleProducts} sp on sp.schedule_id = s.id and sp.primary_flag
         where s.order_id = ${orders.id}) primaries on true
     order by ${sql.join(sortOrder(options), sql`, `)}`);
  return {
    count: rows[0]?.total ?? 0,
    rows: rows.map(({ total: _total, ...row }) => ({
      ...row,
      systemTypeId: row.systemTypeId as OrderBoardRow['systemTypeId'],
      orderStatusId: row.orderStatusId as OrderBoardRow['orderStatusId'],
      customerName: row.customerName ?? '',
      dispatchNotes: row.dispatchNotes ?? '',
      firstLoadTime: row.firstLoadTime ? new Date(row.firstLoadTime).toISOString() : null,
      jobNumber: row.jobNumber ?? '',
      jobAddress: row.jobAddress ?? '',
      productDescription: row.productDescription ?? '',
      quantityOrdered: roundQuantity(Number(row.quantityOrdered ?? 0)),
      quantityDelivered: roundQuantity(Number(row.quantityDelivered ?? 0)),
      unitOfMeasure: row.unitOfMeasure as OrderBoardRow['unitOfMeasure'],
    })),
  };
}

/**
 * An order of one of the caller's system types, with its schedules, loads and tickets, in one
 * statement: order entry reads every order it writes back this way (R-ORD-13).
 */
export async function getOrder(
  db: Db | Tx,
  options: { id: number; allowedSystemTypeIds: readonly SystemTypeId[] },
): Promise<OrderDetailView | undefined> {
  if (options.allowedSystemTypeIds.length === 0) return undefined;
  const types = options.allowedSystemTypeIds.length;
  // Built once per number of system types (its text changes only with it), planned once per connection.
  const [row] = await runBuiltSelect(
    db,
    `orders_get_order_${types}`,
    () =>
      db
        .select({
          ...orderColumns,
          scheduleForms: sql<
            ScheduleFormView[] | null
          >`(select json_agg(${scheduleFormJson} order by ${schedules.id})
              from ${schedules} where ${schedules.orderId} = ${orders.id})`,
          orderLoads: sql<OrderDetailView['loads']>`(${jsonRows(
            loadJson,
            sql`from ${loads} where ${loads.orderId} = ${orders.id}`,
            sql`${loads.scheduleId}, ${loads.loadNumber}`,
          )})`,
          ticketIds: sql<number[]>`(${jsonRows(
            sql`${tickets.id}`,
            sql`from ${tickets} where ${tickets.orderId} = ${orders.id}`,
            sql`${tickets.id}`,
          )})`,
        })
        .from(orders)
        .leftJoin(jobs, eq(jobs.id, orders.jobId))
        .where(
          and(
            eq(orders.id, sql.placeholder('id')),
            inArray(
              orders.systemTypeId,
              Array.from({ length: types }, (_, at) => sql.placeholder(`type${at}`)),
            ),
          ),
        ),
    {
      id: options.id,
      ...Object.fromEntries(options.allowedSystemTypeIds.map((type, at) => [`type${at}`, type])),
    },
  );
  if (!row) return undefined;
  const { scheduleForms, orderLoads, ticketIds, ...order } = row;
  return {
    ...toView(order, scheduleForms ?? []),
    loads: orderLoads,
    ticketIds,
    confirmedAt: order.confirmedAt?.toISOString() ?? null,
  };
}

/** An instant as the ISO text the API answers everywhere (UTC, milliseconds, Z). */
const isoUtc = (column: SQLWrapper) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** A unit id outside the unit enum (an administrator's own unit) is answered as no unit. */
const knownUnits = sql.raw(Object.values(units).join(', '));

/** A schedule product as the answer shows it, built by PostgreSQL (inside its schedule's JSON). */
const productJson = prebuilt(sql`json_build_object(
  'id', ${scheduleProducts.id},
  'scheduleId', ${scheduleProducts.scheduleId},
  'systemTypeId', ${schedules.systemTypeId},
  'productId', ${scheduleProducts.productId},
  'productNumber', coalesce(${scheduleProducts.productNumber}, ''),
  'productDescription', coalesce(${scheduleProducts.productDescription}, ''),
  'productTypeId', ${scheduleProducts.productTypeId},
  'primaryFlag', ${scheduleProducts.primaryFlag},
  'sequence', ${scheduleProducts.sequence},
  'quantity', ${scheduleProducts.quantity},
  'deliveredQuantity', ${scheduleProducts.deliveredQuantity},
  'slump', ${scheduleProducts.slump},
  'price', ${scheduleProducts.price},
  'taxableFlag', ${scheduleProducts.taxableFlag},
  'unitOfMeasure', case when ${scheduleProducts.unitOfMeasure} in (${knownUnits})
                        then ${scheduleProducts.unitOfMeasure} end,
  'loadSize', ${scheduleProducts.loadSize},
  'loadPlan', coalesce(${scheduleProducts.loadPlan}, ''),
  'quantityOnHand', ${scheduleProducts.quantityOnHand},
  'usageTypeId', ${scheduleProducts.usageTypeId},
  'unitsPerCube', ${scheduleProducts.unitsPerCube},
  'ticketed', ${scheduleProducts.ticketed},
  'version', ${scheduleProducts.version})`);

/** A load of the order as the answer shows it, built by PostgreSQL. */
const loadJson = prebuilt(sql`json_build_object(
  'id', ${loads.id},
  'driverId', ${loads.driverId},
  'loadNumber', ${loads.loadNumber},
  'orderId', ${loads.orderId},
  'quantity', ${loads.quantity},
  'scheduleId', ${loads.scheduleId},
  'statusId', ${loads.statusId},
  'ticketId', ${loads.ticketId},
  'onJobTime', ${isoUtc(loads.onJobTime)},
  'version', ${loads.version})`);

/** A schedule form (section 3): the schedule, its primary and extra products, its tickets. */
const scheduleFormJson = prebuilt(sql`json_build_object(
  'activeFlag', true,
  'schedule', json_build_object(
    'id', ${schedules.id},
    'orderId', ${schedules.orderId},
    'plantId', ${schedules.plantId},
    'systemTypeId', ${schedules.systemTypeId},
    'numberOfLoads', ${schedules.numberOfLoads},
    'numberOfTrucks', ${schedules.numberOfTrucks},
    'quantityPerHour', ${schedules.quantityPerHour},
    'loadIntervalTime', ${schedules.loadIntervalTime},
    'travelTimeToJob', ${schedules.travelTimeToJob},
    'travelTimeToPlant', ${schedules.travelTimeToPlant},
    'onJobWaitMinutes', ${schedules.onJobWaitMinutes},
    'onJobWashMinutes', ${schedules.onJobWashMinutes},
    'adjustmentTypeId', ${schedules.adjustmentTypeId},
    'addPlusLoad', ${schedules.addPlusLoad},
    'truckTypeId', ${schedules.truckTypeId},
    'firstLoadOnJobTime', ${isoUtc(schedules.firstLoadOnJobTime)},
    'version', ${schedules.version}),
  'primaryProduct', (select ${productJson} from ${scheduleProducts}
                      where ${scheduleProducts.scheduleId} = ${schedules.id} and ${scheduleProducts.primaryFlag}),
  'extraProducts', coalesce((select json_agg(${productJson} order by ${scheduleProducts.sequence}, ${scheduleProducts.id})
                               from ${scheduleProducts}
                              where ${scheduleProducts.scheduleId} = ${schedules.id} and not ${scheduleProducts.primaryFlag}), '[]'::json),
  'ticketIds', array(select ${tickets.id} from ${tickets} where ${tickets.scheduleId} = ${schedules.id} order by ${tickets.id}))`);

/**
 * Every schedule of the given orders with its products and ticket ids, in one query. PostgreSQL
 * builds the JSON the answer carries, so a page of orders costs one parse, not a row per product.
 */
async function schedulesOf(
  db: Db | Tx,
  orderIds: number[],
): Promise<Map<number, ScheduleFormView[]>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .select({
      orderId: schedules.orderId,
      forms: sql<ScheduleFormView[]>`json_agg(${scheduleFormJson} order by ${schedules.id})`,
    })
    .from(schedules)
    .where(inArray(schedules.orderId, orderIds))
    .groupBy(schedules.orderId);
  return new Map(rows.map((row) => [row.orderId, row.forms]));
}

/** Quantities have three decimals: summing them as doubles must not show 10.299999999. */
const roundQuantity = (value: number) => Math.round(value * 1000) / 1000;

function totals(scheduleForms: ScheduleFormView[]) {
  const primaries = scheduleForms.flatMap((form) =>
    form.primaryProduct ? [form.primaryProduct] : [],
  );
  const units = new Set(primaries.map((product) => product.unitOfMeasure));
  const [unit] = units;
  return {
    quantityOrdered: roundQuantity(primaries.reduce((sum, product) => sum + product.quantity, 0)),
    quantityDelivered: roundQuantity(
      primaries.reduce((sum, product) => sum + product.deliveredQuantity, 0),
    ),
    unitOfMeasure: units.size === 1 && unit !== undefined ? unit : (null as UnitId | null),
  };
}

function toView(row: OrderRow, scheduleForms: ScheduleFormView[]): OrderView {
  return {
    id: row.id,
    number: row.number,
    customerId: row.customerId,
    customerName: row.customerName,
    customerPoNumber: row.customerPoNumber,
    plantId: row.plantId,
    jobId: row.jobId,
    job:
      row.jobId === null
        ? null
        : {
            number: row.jobNumber ?? '',
            address1: row.jobAddress1 ?? '',
            address2: row.jobAddress2 ?? '',
            address3: row.jobAddress3 ?? '',
            customerJobNumber: row.jobCustomerJobNumber ?? '',
            customerPoNumber: row.jobCustomerPoNumber ?? '',
            lotOrBlockNumber: row.jobLotOrBlockNumber ?? '',
            quoteNumber: row.jobQuoteNumber ?? '',
            quoteName: row.jobQuoteDescription ?? '',
          },
    orderDate: row.orderDate,
    shipDate: row.shipDate,
    orderStatusId: row.orderStatusId as OrderStatusId,
    orderTypeId: row.orderTypeId,
    orderFlagId: row.orderFlagId,
    systemTypeId: row.systemTypeId as SystemTypeId,
    orderedByName: row.orderedByName ?? '',
    notes: row.notes ?? '',
    dispatchNotes: row.dispatchNotes ?? '',
    batchNotes: row.batchNotes ?? '',
    creditNotes: row.creditNotes ?? '',
    ticketNotes: row.ticketNotes ?? '',
    emailAddressCsv: row.emailAddressCsv ?? '',
    cartageRate: row.cartageRate,
    milesToJob: row.milesToJob,
    hoursToJob: row.hoursToJob,
    firstLoadTime: row.firstLoadTime?.toISOString() ?? null,
    imperialFlag: row.imperialFlag,
    invoicedFlag: row.invoicedFlag,
    chargeOrderFlag: row.chargeOrderFlag,
    orderVerifiedFlag: row.orderVerifiedFlag,
    blockReturnOrderFlag: row.blockReturnOrderFlag,
    pumperId: row.pumperId,
    reasonId: row.reasonId,
    shortLoadTypeId: row.shortLoadTypeId,
    freeShortLoadId: row.freeShortLoadId,
    standbyChargeTypeId: row.standbyChargeTypeId,
    aggDeliveryChargeTypeId: row.aggDeliveryChargeTypeId,
    printMaterialTypeId: row.printMaterialTypeId,
    sourceTaxingType: row.sourceTaxingType,
    suburbId: row.suburbId,
    uploadMixToBatchPanel: row.uploadMixToBatchPanel,
    zoneReferenceNumber: row.zoneReferenceNumber ?? '',
    schedules: scheduleForms,
    ...totals(scheduleForms),
    createdAt: row.createdAt.toISOString(),
    modifiedAt: row.modifiedAt.toISOString(),
    version: row.version,
  };
}
