/**
 * R-INQ-2, R-INQ-3, R-INQ-12: ticket inquiry's search over every ticket ever written. It reads
 * the inquiry's read model (`ticket_inquiry`, ADR 015): one row per ticket with its order's
 * customer, job, PO and system type, and the row it shows already written as JSON. A search is an
 * index range of one table (each filter has an index there, and the page stops at its last row),
 * and a page is those rows joined by PostgreSQL into one value. A search's statements are built
 * once per shape (which filters, sort and scope) with its values as placeholders, and prepared
 * under a name of that shape: building and planning them took longer than running them.
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
import type { TicketInquiryQuery, TicketInquiryRow } from '@dispatch/domain/inquiry/ticket-inquiry';
import { systemTypes, type SystemTypeId } from '@dispatch/domain/system-types';
import type { Db } from '../../db/client';
import { ticketInquiry } from '../../db/schema/ticket-inquiry';
import { ticketProducts } from '../../db/schema/tickets';
import { likePattern } from '../../http/list-query';
import { startOfBusinessDay } from '../tickets/tickets.service';
import { cappedCount, countOf, type CappedCount } from './inquiry-count';

type Scope = { allowedSystemTypeIds: readonly SystemTypeId[] };

/** The values a search binds to its placeholders, by name. */
type Values = Record<string, unknown>;

/** A search: its conditions with placeholders, the values they take, and its shape. */
type Search = {
  where: () => SQL | undefined;
  values: Values;
  shape: string;
};

const model = ticketInquiry;

/**
 * A search's shape and values, and its conditions with placeholders, built only when its
 * statements are first prepared.
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
  // Every ticket is of one of the three system types: a caller with all three needs no filter.
  const allowed = query.allowedSystemTypeIds.filter(
    (id) => query.systemTypeId === undefined || id === query.systemTypeId,
  );
  if (allowed.length < systemTypes.length) {
    conditions.push(() => inArray(model.systemTypeId, allowed.length > 0 ? allowed : [0]));
    shape.push(`types ${allowed.join(' ')}`);
  }
  const equal = (name: 'number' | 'plantId' | 'truckId' | 'customerId' | 'jobId') => {
    const value = query[name];
    if (value === undefined) return;
    const placeholder = bind(name, value);
    conditions.push(() => eq(model[name], placeholder));
  };
  equal('number');
  if (query.dateFrom) {
    const from = bind('from', startOfBusinessDay(query.dateFrom));
    conditions.push(() => gte(model.ticketDateTime, from));
  }
  if (query.dateTo) {
    const until = bind('until', startOfBusinessDay(query.dateTo, 1));
    conditions.push(() => lt(model.ticketDateTime, until));
  }
  equal('plantId');
  equal('truckId');
  equal('customerId');
  equal('jobId');
  if (query.po !== undefined) {
    const pattern = bind('po', likePattern(query.po));
    conditions.push(() => ilike(model.customerPoNumber, pattern));
  }
  if (query.productId !== undefined) {
    const productId = bind('productId', query.productId);
    conditions.push(
      () =>
        sql`exists (select 1 from ${ticketProducts} where ${ticketProducts.ticketId} = ${model.ticketId} and ${ticketProducts.productId} = ${productId})`,
    );
  }
  if (query.voided === 'exclude') conditions.push(() => not(model.voided));
  if (query.voided === 'only') conditions.push(() => eq(model.voided, true));
  return {
    where: () => and(...conditions.map((condition) => condition())),
    values,
    shape: shape.join(','),
  };
}

type SortColumns = { number: SQLWrapper; ticketDateTime: SQLWrapper; ticketId: SQLWrapper };

function sortOf(query: TicketInquiryQuery, columns: SortColumns): SQL[] {
  const direction = query.order === 'asc' ? asc : desc;
  return query.sort === 'number'
    ? [direction(columns.number), desc(columns.ticketDateTime), desc(columns.ticketId)]
    : [direction(columns.ticketDateTime), direction(columns.ticketId)];
}

/**
 * A page as one JSON array written by PostgreSQL from the stored rows, each closed with its
 * price or, for callers whose level hides prices, without it (R-PERM-6: the field is left out,
 * as withoutPrices leaves it), and how many rows it holds. One row comes back, not one per
 * ticket: reading and mapping each row cost the server more than the rest of the request.
 */
function pageOf(db: Db, query: TicketInquiryQuery, where: SQL | undefined, showPrices: boolean) {
  const row = showPrices
    ? sql<string>`${model.rowJson} || ',"extendedPrice":' || coalesce(${model.extendedPrice}::text, 'null') || '}'`
    : sql<string>`${model.rowJson} || '}'`;
  // Limit and offset are placeholders too: one statement serves every page of a search.
  const page = db
    .select({
      row: row.as('row'),
      number: model.number,
      ticketDateTime: model.ticketDateTime,
      ticketId: model.ticketId,
    })
    .from(model)
    .where(where)
    .orderBy(...sortOf(query, model))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .as('page');
  return db
    .select({
      json: sql<string>`coalesce('[' || string_agg(${page.row}, ',' order by ${sql.join(
        sortOf(query, page),
        sql`, `,
      )}) || ']', '[]')`,
      rows: sql<number>`count(*)::int`.mapWith(Number),
    })
    .from(page);
}

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

/** Short stable names for a search's shapes (a prepared statement's name is per its text). */
const statementNames = new Map<string, string>();

function statementName(kind: string, shape: string): string {
  const key = `${kind} ${shape}`;
  let name = statementNames.get(key);
  if (name === undefined) {
    name = `ticket_inquiry_${kind}_${createHash('sha1').update(shape).digest('hex').slice(0, 16)}`;
    statementNames.set(key, name);
  }
  return name;
}

async function pageJsonOf(
  db: Db,
  query: TicketInquiryQuery & Scope,
  search: Search,
  showPrices: boolean,
): Promise<{ json: string; rows: number }> {
  const shape = `${search.shape},${showPrices ? 'prices' : 'no prices'}`;
  const name = statementName('page', shape);
  const page = preparedOf(db, name, () =>
    pageOf(db, query, search.where(), showPrices).prepare(name),
  );
  const [answer] = await page.execute({
    ...search.values,
    limit: query.limit,
    offset: query.offset,
  });
  return answer ?? { json: '[]', rows: 0 };
}

/** R-INQ-2: the rows of one page of the search, without the count, prices included. */
export async function ticketInquiryRows(
  db: Db,
  query: TicketInquiryQuery & Scope,
): Promise<TicketInquiryRow[]> {
  if (query.allowedSystemTypeIds.length === 0) return [];
  const page = await pageJsonOf(db, query, searchOf(query), true);
  return JSON.parse(page.json) as TicketInquiryRow[];
}

/**
 * R-INQ-2: a page of tickets matching the search, and how many match (R-INQ-3), as the JSON the
 * API answers: the stored rows go out as PostgreSQL holds them, neither parsed nor written again
 * (ADR 015).
 */
export async function searchTicketInquiry(
  db: Db,
  query: TicketInquiryQuery & Scope,
  showPrices: boolean,
): Promise<string> {
  if (query.allowedSystemTypeIds.length === 0)
    return listJson({ count: 0, countCapped: false }, '[]');
  const search = searchOf(query);
  const page = await pageJsonOf(db, query, search, showPrices);
  const counted = await cappedCount(
    { rows: page.rows, offset: query.offset, limit: query.limit },
    async () => {
      const name = statementName('count', search.shape);
      const counting = preparedOf(db, name, () => {
        const matches = db
          .select({ one: sql`1` })
          .from(model)
          .where(search.where());
        return countOf(db, matches.$dynamic()).prepare(name);
      });
      const [row] = await counting.execute(search.values);
      return row?.n ?? 0;
    },
  );
  return listJson(counted, page.json);
}

/** An InquiryList around a page's rows already written as JSON. */
const listJson = (counted: CappedCount, data: string) =>
  `{"error":false,"count":${counted.count},"countCapped":${counted.countCapped},"data":${data}}`;
