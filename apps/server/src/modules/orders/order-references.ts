/** What an order refers to: read in one statement and checked to exist and belong together (R-ORD-2). */
import { getTableName, sql, type SQLWrapper } from 'drizzle-orm';
import type {
  OrderEntry,
  ProductLineEntry,
  ScheduleFormEntry,
} from '@dispatch/domain/orders/order-entry';
import type { SystemTypeId } from '@dispatch/domain/system-types';
import type { Tx } from '../../db/client';
import { customers } from '../../db/schema/customers';
import { jobs } from '../../db/schema/jobs';
import { creditStatuses, truckTypes } from '../../db/schema/lookups';
import { orders, schedules } from '../../db/schema/orders';
import { plants } from '../../db/schema/plants';
import { products, staticProducts } from '../../db/schema/products';
import type { FieldProblem } from '../../http/api-error';
import { idList, idsIn, jsonRows, newIds, readInOneStatement } from './one-statement';
import { orderValues, priceBookFrom, priceBookReads, type PriceBook } from './order-pricing';
import { creditHoldsOrders } from '../customers/credit-hold';
import { staticProductsAdded } from '../../resources/static-products';
import { dayOf } from './order-stored-values';

export type ReferenceData = {
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

export const linesOf = (form: ScheduleFormEntry): ProductLineEntry[] => [
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
export function referenceProblems(
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
