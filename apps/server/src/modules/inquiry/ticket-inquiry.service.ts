/**
 * R-INQ-2, R-INQ-3, R-INQ-12: ticket inquiry's search over every ticket ever written. Each filter
 * is written so an index serves it on years of history: the order-side filters (customer, job,
 * PO) find the orders first and hand their ids to the tickets' order index (`= any(array(...))`),
 * where a join would make PostgreSQL read every ticket; the page then stops at its last row.
 * A search's statements are built once per shape (which filters, sort and scope) with its values
 * as placeholders, and prepared under a name of that shape: building and planning them took
 * longer than running them.
 */
import { createHash } from 'node:crypto';
import {
  and,
  asc,
  desc,
  eq,
  gte,
  ilike,
  inArray,
  lt,
  not,
  sql,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm';
import type { InquiryList } from '@dispatch/domain/inquiry/inquiry-fields';
import type { TicketInquiryQuery, TicketInquiryRow } from '@dispatch/domain/inquiry/ticket-inquiry';
import { addMoney } from '@dispatch/domain/invoicing/invoice-arithmetic';
import { lineAmount } from '@dispatch/domain/pricing/order-pricing';
import { systemTypes, type SystemTypeId } from '@dispatch/domain/system-types';
import type { Db } from '../../db/client';
import { invoices } from '../../db/schema/billing';
import { customers } from '../../db/schema/customers';
import { jobs } from '../../db/schema/jobs';
import { orders } from '../../db/schema/orders';
import { plants } from '../../db/schema/plants';
import { products } from '../../db/schema/products';
import { ticketProducts, tickets } from '../../db/schema/tickets';
import { likePattern } from '../../http/list-query';
import { ticketVoided } from '../tickets/ticket-void';
import { startOfBusinessDay } from '../tickets/tickets.service';
import { anyOf, cappedCount, countOf } from './inquiry-count';

type Scope = { allowedSystemTypeIds: readonly SystemTypeId[] };

/** The values a search binds to its placeholders, by name. */
type Values = Record<string, unknown>;

/** A search: its conditions with placeholders, the values they take, and its shape. */
type Search = {
  where: () => SQL | undefined;
  joinsOrders: boolean;
  values: Values;
  shape: string;
};

/** R-TEDIT-2: a ticket's own job and PO when a clerk set them, else its order's. */
export const ticketJobId = sql<number | null>`coalesce(${tickets.jobId}, ${orders.jobId})`;
export const ticketPo = sql<string>`coalesce(${tickets.customerPoNumber}, ${orders.customerPoNumber})`;

const ordersWhere = (condition: SQL) => sql`select ${orders.id} from ${orders} where ${condition}`;

/**
 * A search's shape and values, and its conditions with placeholders (`joinsOrders`: whether they
 * read the order's columns), built only when its statements are first prepared.
 */
function searchOf(query: TicketInquiryQuery & Scope): Search {
  const conditions: (() => SQL)[] = [];
  const values: Values = {};
  const shape: string[] = [query.voided, query.sort, query.order];
  const bind = (name: string, value: unknown) => {
    values[name] = value;
    shape.push(name);
    return sql.placeholder(name);
  };
  let joinsOrders = false;
  // Every order is of one of the three system types: a caller with all three needs no join.
  const allowed = query.allowedSystemTypeIds.filter(
    (id) => query.systemTypeId === undefined || id === query.systemTypeId,
  );
  if (allowed.length < systemTypes.length) {
    conditions.push(() => inArray(orders.systemTypeId, allowed.length > 0 ? allowed : [0]));
    shape.push(`types ${allowed.join(' ')}`);
    joinsOrders = true;
  }
  if (query.number !== undefined) {
    const number = bind('number', query.number);
    conditions.push(() => eq(tickets.number, number));
  }
  if (query.dateFrom) {
    const from = bind('from', startOfBusinessDay(query.dateFrom));
    conditions.push(() => gte(tickets.ticketDateTime, from));
  }
  if (query.dateTo) {
    const until = bind('until', startOfBusinessDay(query.dateTo, 1));
    conditions.push(() => lt(tickets.ticketDateTime, until));
  }
  if (query.plantId !== undefined) {
    const plantId = bind('plantId', query.plantId);
    conditions.push(() => eq(tickets.plantId, plantId));
  }
  if (query.truckId !== undefined) {
    const truckId = bind('truckId', query.truckId);
    conditions.push(() => eq(tickets.truckId, truckId));
  }
  if (query.customerId !== undefined) {
    const customerId = bind('customerId', query.customerId);
    conditions.push(() => anyOf(tickets.orderId, ordersWhere(eq(orders.customerId, customerId))));
  }
  if (query.jobId !== undefined) {
    const jobId = bind('jobId', query.jobId);
    conditions.push(
      () =>
        sql`(${tickets.jobId} = ${jobId} or (${tickets.jobId} is null and ${anyOf(
          tickets.orderId,
          ordersWhere(eq(orders.jobId, jobId)),
        )}))`,
    );
  }
  if (query.po !== undefined) {
    const pattern = bind('po', likePattern(query.po));
    conditions.push(
      () =>
        sql`(${ilike(tickets.customerPoNumber, pattern)} or (${tickets.customerPoNumber} is null and ${anyOf(
          tickets.orderId,
          ordersWhere(ilike(orders.customerPoNumber, pattern)),
        )}))`,
    );
  }
  if (query.productId !== undefined) {
    const productId = bind('productId', query.productId);
    conditions.push(
      () =>
        sql`exists (select 1 from ${ticketProducts} where ${ticketProducts.ticketId} = ${tickets.id} and ${ticketProducts.productId} = ${productId})`,
    );
  }
  if (query.voided === 'exclude') conditions.push(() => not(ticketVoided));
  if (query.voided === 'only') conditions.push(() => ticketVoided);
  return {
    where: () => and(...conditions.map((condition) => condition())),
    joinsOrders,
    values,
    shape: shape.join(','),
  };
}

function sortOf(query: TicketInquiryQuery): SQL[] {
  const direction = query.order === 'asc' ? asc : desc;
  return query.sort === 'number'
    ? [direction(tickets.number), desc(tickets.ticketDateTime), desc(tickets.id)]
    : [direction(tickets.ticketDateTime), direction(tickets.id)];
}

/**
 * A name of a row the ticket refers to, as a scalar subquery: PostgreSQL plans a join of six
 * tables in more time than this page takes to run; a lookup per row shown costs less (R-INQ-12).
 */
const nameOf = <T>(column: SQLWrapper, table: SQLWrapper, id: SQLWrapper, key: SQLWrapper) =>
  sql<T>`(select ${column} from ${table} where ${id} = ${key})`;

function pageOf(db: Db, query: TicketInquiryQuery, where: SQL | undefined) {
  // Limit and offset are placeholders too: one statement serves every page of a search.
  return db
    .select({
      id: tickets.id,
      number: tickets.number,
      ticketDateTime: tickets.ticketDateTime,
      systemTypeId: orders.systemTypeId,
      plantId: tickets.plantId,
      plantName: nameOf<string>(plants.description, plants, plants.id, tickets.plantId),
      orderId: tickets.orderId,
      orderNumber: orders.number,
      customerId: orders.customerId,
      customerNumber: nameOf<string>(customers.number, customers, customers.id, orders.customerId),
      customerName: orders.customerName,
      jobId: ticketJobId,
      jobNumber: nameOf<string | null>(jobs.number, jobs, jobs.id, ticketJobId),
      customerPoNumber: ticketPo,
      truckId: tickets.truckId,
      truckNumber: tickets.truckNumber,
      statusId: tickets.statusId,
      voidedFlag: ticketVoided,
      invoiceId: tickets.invoiceId,
      invoiceNumber: nameOf<number | null>(
        invoices.number,
        invoices,
        invoices.id,
        tickets.invoiceId,
      ),
      // The row's product lines in the same statement: one round trip a page (R-INQ-12).
      lines: sql<TicketLine[] | null>`(select json_agg(json_build_object(
          'description', ${products.description}, 'quantity', ${ticketProducts.quantity},
          'unitOfMeasure', ${ticketProducts.unitOfMeasure}, 'price', ${ticketProducts.price})
          order by ${ticketProducts.id})
        from ${ticketProducts} join ${products} on ${products.id} = ${ticketProducts.productId}
        where ${ticketProducts.ticketId} = ${tickets.id})`,
    })
    .from(tickets)
    .innerJoin(orders, eq(orders.id, tickets.orderId))
    .where(where)
    .orderBy(...sortOf(query))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'));
}

type LineSummary = Pick<
  TicketInquiryRow,
  'productDescription' | 'quantity' | 'unitOfMeasure' | 'lineCount' | 'extendedPrice'
>;

type TicketLine = {
  description: string;
  quantity: number;
  unitOfMeasure: number | null;
  price: number | null;
};

/** A ticket's product lines in short: the first stands for the load; the amount sums them all. */
function summaryOf(lines: readonly TicketLine[] | null): LineSummary {
  const [first] = lines ?? [];
  if (!first) return noLines;
  let extendedPrice: number | null = null;
  for (const line of lines!) {
    const amount = line.price === null ? null : lineAmount(line);
    extendedPrice =
      extendedPrice === null || amount === null
        ? (extendedPrice ?? amount)
        : addMoney(extendedPrice, amount);
  }
  return {
    productDescription: first.description,
    quantity: first.quantity,
    unitOfMeasure: first.unitOfMeasure,
    lineCount: lines!.length,
    extendedPrice,
  };
}

const noLines: LineSummary = {
  productDescription: '',
  quantity: null,
  unitOfMeasure: null,
  lineCount: 0,
  extendedPrice: null,
};

/** The prepared statements of a database, by name: each is built once. */
const prepared = new WeakMap<Db, Map<string, { execute: (values: Values) => Promise<unknown> }>>();

function preparedOf<Statement extends { execute: (values: Values) => Promise<unknown> }>(
  db: Db,
  name: string,
  build: () => Statement,
): Statement {
  let statements = prepared.get(db);
  if (!statements) {
    statements = new Map<string, { execute: (values: Values) => Promise<unknown> }>();
    prepared.set(db, statements);
  }
  let statement = statements.get(name);
  if (!statement) statements.set(name, (statement = build()));
  return statement as Statement;
}

/** A short stable name for a search's shape (a prepared statement's name is per its text). */
const statementName = (kind: string, shape: string) =>
  `ticket_inquiry_${kind}_${createHash('sha1').update(shape).digest('hex').slice(0, 16)}`;

async function rowsOf(db: Db, query: TicketInquiryQuery & Scope, search: Search) {
  const name = statementName('page', search.shape);
  const page = preparedOf(db, name, () => pageOf(db, query, search.where()).prepare(name));
  const rows = await page.execute({ ...search.values, limit: query.limit, offset: query.offset });
  return rows.map(({ lines, ...row }): TicketInquiryRow => ({
    ...row,
    ticketDateTime: row.ticketDateTime.toISOString(),
    systemTypeId: row.systemTypeId as SystemTypeId,
    jobNumber: row.jobNumber ?? '',
    truckNumber: row.truckNumber ?? '',
    voidedFlag: Boolean(row.voidedFlag),
    ...summaryOf(lines),
  }));
}

/** R-INQ-2: the rows of one page of the search, without the count. */
export async function ticketInquiryRows(
  db: Db,
  query: TicketInquiryQuery & Scope,
): Promise<TicketInquiryRow[]> {
  if (query.allowedSystemTypeIds.length === 0) return [];
  return rowsOf(db, query, searchOf(query));
}

/** R-INQ-2: a page of tickets matching the search, and how many match (R-INQ-3). */
export async function searchTicketInquiry(
  db: Db,
  query: TicketInquiryQuery & Scope,
): Promise<InquiryList<TicketInquiryRow>> {
  if (query.allowedSystemTypeIds.length === 0) {
    return { error: false, count: 0, data: [], countCapped: false };
  }
  const search = searchOf(query);
  const data = await rowsOf(db, query, search);
  const { count, countCapped } = await cappedCount(
    { rows: data.length, offset: query.offset, limit: query.limit },
    async () => {
      const name = statementName('count', search.shape);
      const counting = preparedOf(db, name, () => {
        const matches = db.select({ one: sql`1` }).from(tickets);
        const joined = search.joinsOrders
          ? matches.innerJoin(orders, eq(orders.id, tickets.orderId))
          : matches;
        return countOf(db, joined.where(search.where()).$dynamic()).prepare(name);
      });
      const [row] = await counting.execute(search.values);
      return row?.n ?? 0;
    },
  );
  return { error: false, count, countCapped, data };
}
