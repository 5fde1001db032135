/**
 * Price escalation (R-ESC-1..R-ESC-7, ADR 010). `planEscalation` decides every price an
 * escalation changes, before and after; the preview answers it and the apply writes it, inside
 * the same transaction that stores the escalation, its rows and the audit row, so what was
 * previewed is what is written (R-ESC-5). Reversal deletes the dated prices the escalation wrote,
 * which brings back, on every date, the price that was in effect before it (R-ESC-7).
 */
import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  inArray,
  isNull,
  lte,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import {
  escalatedPrice,
  escalationTotals,
  type Escalation,
  type EscalationKind,
  type EscalationPreview,
  type EscalationRequest,
  type EscalationRow,
  type EscalationSelection,
} from '@dispatch/domain/pricing/price-escalation';
import {
  datedPriceOn,
  priceInEffect,
  productPriceInEffect,
  type DatedPrice,
} from '@dispatch/domain/pricing/price-in-effect';
import { recordAudit } from '../../audit/audit-trail';
import type { Db, Tx } from '../../db/client';
import { chunked } from '../../db/bulk-insert';
import { customers } from '../../db/schema/customers';
import { productTypes } from '../../db/schema/lookups';
import { plants } from '../../db/schema/plants';
import {
  priceEscalationRows,
  priceEscalations,
  productPrices,
  quoteProductPrices,
} from '../../db/schema/prices';
import { products } from '../../db/schema/products';
import { quoteProducts, quotes } from '../../db/schema/quotes';
import {
  ApiError,
  conflict,
  notFound,
  validationError,
  type FieldProblem,
} from '../../http/api-error';

/** Advisory lock of escalations: one apply or reversal at a time per database. */
const escalationLock = 84_840_201;
/** Rows per insert statement: PostgreSQL takes at most 65,535 parameters in one. */
const insertChunk = 1000;

type Reader = Db | Tx;

/** The ids a selection names that do not exist: 400 naming each list (R-ESC-9). */
async function unknownIds(db: Reader, selection: EscalationSelection): Promise<FieldProblem[]> {
  const lists = [
    ['productTypeIds', productTypes, productTypes.id, 'product type'],
    ['productIds', products, products.id, 'product'],
    ['plantIds', plants, plants.id, 'plant'],
    ['customerIds', customers, customers.id, 'customer'],
    ['quoteIds', quotes, quotes.id, 'quote'],
  ] as const;
  const problems: FieldProblem[] = [];
  for (const [field, table, id, noun] of lists) {
    const wanted = selection[field];
    if (wanted.length === 0) continue;
    const rows = await db.select({ id }).from(table).where(inArray(id, wanted));
    const known = new Set(rows.map((row) => row.id));
    const missing = wanted.filter((value) => !known.has(value));
    if (missing.length > 0) {
      problems.push({
        field: `selection.${field}`,
        reason: `no ${noun} has id ${missing.join(', ')}`,
      });
    }
  }
  return problems;
}

function productConditions(selection: EscalationSelection): SQL[] {
  const conditions: SQL[] = [eq(products.inactiveFlag, false)];
  if (selection.systemTypeIds.length) {
    conditions.push(inArray(products.systemTypeId, selection.systemTypeIds));
  }
  if (selection.productTypeIds.length) {
    conditions.push(inArray(products.productTypeId, selection.productTypeIds));
  }
  if (selection.productIds.length) conditions.push(inArray(products.id, selection.productIds));
  return conditions;
}

type Dated = DatedPrice & { plantId: number | null };

function groupBy<T, K>(items: readonly T[], key: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = groups.get(k);
    if (list) list.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}

/**
 * R-ESC-2: a product escalation changes, for every active product selected, its price for every
 * plant and each plant's own price in effect on the date; with plants chosen, the price at each
 * of those plants of the product's system type instead (the plant's own, else the product's),
 * which becomes the plant's own.
 */
async function planProductRows(db: Reader, request: EscalationRequest): Promise<EscalationRow[]> {
  const { selection, effectiveDate } = request;
  const conditions = productConditions(selection);
  const chosen = await db
    .select({
      id: products.id,
      number: products.number,
      description: products.description,
      systemTypeId: products.systemTypeId,
      price: products.price,
    })
    .from(products)
    .where(and(...conditions))
    .orderBy(asc(products.systemTypeId), asc(products.number), asc(products.id));
  if (chosen.length === 0) return [];
  const dated = await db
    .select({
      productId: productPrices.productId,
      plantId: productPrices.plantId,
      price: productPrices.price,
      effectiveDate: productPrices.effectiveDate,
      sequence: productPrices.id,
    })
    .from(productPrices)
    .innerJoin(products, eq(products.id, productPrices.productId))
    .where(
      and(
        ...conditions,
        lte(productPrices.effectiveDate, effectiveDate),
        selection.plantIds.length
          ? or(isNull(productPrices.plantId), inArray(productPrices.plantId, selection.plantIds))
          : undefined,
      ),
    );
  const byProduct = groupBy<Dated & { productId: number }, number>(dated, (row) => row.productId);
  const plantIds = new Set<number>(selection.plantIds);
  for (const row of dated) if (row.plantId !== null) plantIds.add(row.plantId);
  const plantRows = plantIds.size
    ? await db
        .select({ id: plants.id, name: plants.description, systemTypeId: plants.systemTypeId })
        .from(plants)
        .where(inArray(plants.id, [...plantIds]))
    : [];
  const plantName = new Map(plantRows.map((plant) => [plant.id, plant.name]));
  const plantSystemType = new Map(plantRows.map((plant) => [plant.id, plant.systemTypeId]));
  const byName = (a: number, b: number) =>
    (plantName.get(a) ?? '').localeCompare(plantName.get(b) ?? '') || a - b;

  const rows: EscalationRow[] = [];
  for (const product of chosen) {
    const history = byProduct.get(product.id) ?? [];
    const own = history.filter((row) => row.plantId === null);
    const perPlant = groupBy(
      history.filter((row) => row.plantId !== null),
      (row) => row.plantId!,
    );
    const row = (plantId: number | null, before: number): EscalationRow => ({
      productId: product.id,
      productNumber: product.number,
      productDescription: product.description,
      systemTypeId: product.systemTypeId,
      plantId,
      plantName: plantId === null ? '' : (plantName.get(plantId) ?? ''),
      quoteProductId: null,
      quoteId: null,
      quoteNumber: '',
      customerName: '',
      priceBefore: before,
      priceAfter: escalatedPrice(before, request.method, request.amount),
    });
    if (selection.plantIds.length === 0) {
      const before = priceInEffect(own, effectiveDate, product.price);
      if (before !== null) rows.push(row(null, before));
      for (const plantId of [...perPlant.keys()].sort(byName)) {
        const plantPrice = datedPriceOn(perPlant.get(plantId)!, effectiveDate);
        if (plantPrice) rows.push(row(plantId, plantPrice.price));
      }
    } else {
      for (const plantId of [...selection.plantIds].sort(byName)) {
        // A plant sells the products of its own system type.
        if (plantSystemType.get(plantId) !== product.systemTypeId) continue;
        const before = productPriceInEffect(
          {
            plantPrices: perPlant.get(plantId) ?? [],
            productPrices: own,
            listPrice: product.price,
          },
          effectiveDate,
        );
        if (before !== null) rows.push(row(plantId, before));
      }
    }
  }
  return rows;
}

/**
 * R-ESC-2: a quote escalation changes the price in effect on the date of every priced line of the
 * active quotes selected that have not expired by then.
 */
async function planQuoteRows(db: Reader, request: EscalationRequest): Promise<EscalationRow[]> {
  const { selection, effectiveDate } = request;
  const conditions: (SQL | undefined)[] = [
    eq(quotes.inactiveFlag, false),
    or(isNull(quotes.expirationDate), gte(quotes.expirationDate, effectiveDate)),
    sql`${quoteProducts.price} is not null`,
  ];
  if (selection.systemTypeIds.length) {
    conditions.push(inArray(quotes.systemTypeId, selection.systemTypeIds));
  }
  if (selection.productTypeIds.length) {
    conditions.push(inArray(products.productTypeId, selection.productTypeIds));
  }
  if (selection.productIds.length) {
    conditions.push(inArray(quoteProducts.productId, selection.productIds));
  }
  if (selection.plantIds.length) conditions.push(inArray(quotes.plantId, selection.plantIds));
  if (selection.customerIds.length) {
    conditions.push(inArray(quotes.customerId, selection.customerIds));
  }
  if (selection.quoteIds.length) conditions.push(inArray(quotes.id, selection.quoteIds));
  const where = and(...conditions);
  const lines = await db
    .select({
      id: quoteProducts.id,
      price: quoteProducts.price,
      quoteId: quotes.id,
      quoteNumber: quotes.number,
      customerName: sql<string>`coalesce(${customers.name}, ${quotes.customerName}, '')`,
      plantId: quotes.plantId,
      plantName: sql<string>`coalesce(${plants.description}, '')`,
      productId: products.id,
      productNumber: products.number,
      productDescription: products.description,
      systemTypeId: quotes.systemTypeId,
    })
    .from(quoteProducts)
    .innerJoin(quotes, eq(quotes.id, quoteProducts.quoteId))
    .innerJoin(products, eq(products.id, quoteProducts.productId))
    .leftJoin(customers, eq(customers.id, quotes.customerId))
    .leftJoin(plants, eq(plants.id, quotes.plantId))
    .where(where)
    .orderBy(asc(quotes.number), asc(quoteProducts.sequence), asc(quoteProducts.id));
  if (lines.length === 0) return [];
  const dated = await db
    .select({
      quoteProductId: quoteProductPrices.quoteProductId,
      price: quoteProductPrices.price,
      effectiveDate: quoteProductPrices.effectiveDate,
      sequence: quoteProductPrices.id,
    })
    .from(quoteProductPrices)
    .innerJoin(quoteProducts, eq(quoteProducts.id, quoteProductPrices.quoteProductId))
    .innerJoin(quotes, eq(quotes.id, quoteProducts.quoteId))
    .innerJoin(products, eq(products.id, quoteProducts.productId))
    .where(and(where, lte(quoteProductPrices.effectiveDate, effectiveDate)));
  const byLine = groupBy(dated, (row) => row.quoteProductId);
  return lines.flatMap((line) => {
    const before = priceInEffect(byLine.get(line.id) ?? [], effectiveDate, line.price);
    if (before === null) return [];
    return [
      {
        productId: line.productId,
        productNumber: line.productNumber,
        productDescription: line.productDescription,
        systemTypeId: line.systemTypeId,
        plantId: line.plantId,
        plantName: line.plantName,
        quoteProductId: line.id,
        quoteId: line.quoteId,
        quoteNumber: line.quoteNumber,
        customerName: line.customerName,
        priceBefore: before,
        priceAfter: escalatedPrice(before, request.method, request.amount),
      },
    ];
  });
}

/** Every price the escalation changes, before and after: the preview, and what apply writes. */
export async function planEscalation(
  db: Reader,
  request: EscalationRequest,
): Promise<EscalationPreview> {
  const problems = await unknownIds(db, request.selection);
  if (problems.length > 0) throw validationError(problems);
  const rows =
    request.kind === 'product'
      ? await planProductRows(db, request)
      : await planQuoteRows(db, request);
  return {
    kind: request.kind,
    method: request.method,
    amount: request.amount,
    effectiveDate: request.effectiveDate,
    totals: escalationTotals(rows),
    rows,
  };
}

type Actor = { username: string; now: Date };

/** R-ESC-5, R-ESC-6: plans and writes in one transaction, with its audit row. */
export async function applyEscalation(
  db: Db,
  request: EscalationRequest,
  actor: Actor,
): Promise<Escalation> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${escalationLock}::int, 0)`);
    const plan = await planEscalation(tx, request);
    if (plan.rows.length === 0) {
      throw validationError([{ field: 'selection', reason: 'matches no prices' }]);
    }
    const [stored] = await tx
      .insert(priceEscalations)
      .values({
        kind: request.kind,
        method: request.method,
        amount: request.amount,
        effectiveDate: request.effectiveDate,
        selection: request.selection,
        description: request.description || null,
        appliedAt: actor.now,
        appliedBy: actor.username,
        rowCount: plan.rows.length,
      })
      .returning({ id: priceEscalations.id });
    const escalationId = stored!.id;
    for (const part of chunked(plan.rows, insertChunk)) {
      if (request.kind === 'product') {
        await tx.insert(productPrices).values(
          part.map((row) => ({
            productId: row.productId,
            plantId: row.plantId,
            price: row.priceAfter,
            effectiveDate: request.effectiveDate,
            escalationId,
            createdAt: actor.now,
          })),
        );
      } else {
        await tx.insert(quoteProductPrices).values(
          part.map((row) => ({
            quoteProductId: row.quoteProductId!,
            price: row.priceAfter,
            effectiveDate: request.effectiveDate,
            escalationId,
            createdAt: actor.now,
          })),
        );
      }
      await tx.insert(priceEscalationRows).values(
        part.map((row) => ({
          escalationId,
          productId: row.productId,
          plantId: row.plantId,
          quoteId: row.quoteId,
          quoteProductId: row.quoteProductId,
          priceBefore: row.priceBefore,
          priceAfter: row.priceAfter,
        })),
      );
    }
    const escalation = (await readEscalation(tx, escalationId))!;
    await recordAudit(tx, {
      username: actor.username,
      at: actor.now,
      resource: 'priceEscalations',
      recordId: escalationId,
      action: 'applied',
      before: null,
      after: escalation,
    });
    return escalation;
  });
}

/**
 * R-ESC-7: deletes the dated prices the escalation wrote. Refused (409) when it was reversed
 * already, or when a later escalation, still applied, changed the same prices from its date on:
 * that one built on this one's prices and must be reversed first.
 */
export async function reverseEscalation(db: Db, id: number, actor: Actor): Promise<Escalation> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${escalationLock}::int, 0)`);
    const before = await readEscalation(tx, id);
    if (!before) throw notFound(`Price escalation ${id}`);
    if (before.reversedAt !== null) {
      throw conflict(
        `Price escalation ${id} was already reversed by ${before.reversedBy} on ${before.reversedAt}.`,
      );
    }
    const later = await laterEscalationOnSamePrices(tx, before);
    if (later !== undefined) {
      throw new ApiError(
        'conflict',
        `Price escalation ${later} changed some of these prices later: reverse it first.`,
        { code: 'later_escalation', data: { escalationId: later } },
      );
    }
    const written = before.kind === 'product' ? productPrices : quoteProductPrices;
    await tx.delete(written).where(eq(written.escalationId, id));
    await tx
      .update(priceEscalations)
      .set({ reversedAt: actor.now, reversedBy: actor.username })
      .where(eq(priceEscalations.id, id));
    const after = (await readEscalation(tx, id))!;
    await recordAudit(tx, {
      username: actor.username,
      at: actor.now,
      resource: 'priceEscalations',
      recordId: id,
      action: 'reversed',
      before,
      after,
    });
    return after;
  });
}

async function laterEscalationOnSamePrices(
  tx: Tx,
  escalation: Escalation,
): Promise<number | undefined> {
  const mine = sql`select product_id, quote_product_id from ${priceEscalationRows} where escalation_id = ${escalation.id}`;
  const same =
    escalation.kind === 'product'
      ? sql`r.product_id in (select product_id from (${mine}) m)`
      : sql`r.quote_product_id in (select quote_product_id from (${mine}) m)`;
  const { rows } = await tx.execute<{ id: number }>(sql`
    select e.id from ${priceEscalations} e
      join ${priceEscalationRows} r on r.escalation_id = e.id
     where e.id > ${escalation.id} and e.kind = ${escalation.kind} and e.reversed_at is null
       and e.effective_date >= ${escalation.effectiveDate} and ${same}
     order by e.id desc limit 1`);
  return rows[0] ? Number(rows[0].id) : undefined;
}

const totalsOf = (escalationId: SQL | number) => ({
  totalBefore: sql<string>`(select coalesce(sum(price_before), 0) from ${priceEscalationRows} where escalation_id = ${escalationId})`,
  totalAfter: sql<string>`(select coalesce(sum(price_after), 0) from ${priceEscalationRows} where escalation_id = ${escalationId})`,
});

const escalationColumns = {
  id: priceEscalations.id,
  kind: priceEscalations.kind,
  method: priceEscalations.method,
  amount: priceEscalations.amount,
  effectiveDate: priceEscalations.effectiveDate,
  selection: priceEscalations.selection,
  description: priceEscalations.description,
  appliedAt: priceEscalations.appliedAt,
  appliedBy: priceEscalations.appliedBy,
  reversedAt: priceEscalations.reversedAt,
  reversedBy: priceEscalations.reversedBy,
  rowCount: priceEscalations.rowCount,
  ...totalsOf(sql`${priceEscalations.id}`),
};

const selectEscalations = (db: Reader) => db.select(escalationColumns).from(priceEscalations);
type StoredEscalation = Awaited<ReturnType<typeof selectEscalations>>[number];

function toView(row: StoredEscalation): Escalation {
  return {
    id: row.id,
    kind: row.kind as EscalationKind,
    method: row.method as Escalation['method'],
    amount: row.amount,
    effectiveDate: row.effectiveDate,
    selection: row.selection as Escalation['selection'],
    description: row.description ?? '',
    appliedAt: row.appliedAt.toISOString(),
    appliedBy: row.appliedBy,
    reversedAt: row.reversedAt?.toISOString() ?? null,
    reversedBy: row.reversedBy ?? '',
    rowCount: row.rowCount,
    totalBefore: Number(row.totalBefore),
    totalAfter: Number(row.totalAfter),
  };
}

export async function readEscalation(db: Reader, id: number): Promise<Escalation | undefined> {
  const [row] = await selectEscalations(db).where(eq(priceEscalations.id, id));
  return row && toView(row);
}

/** R-ESC-6: the history of one kind, newest first. */
export async function listEscalations(
  db: Reader,
  query: { kind: EscalationKind; offset: number; limit: number },
): Promise<{ rows: Escalation[]; count: number }> {
  const where = eq(priceEscalations.kind, query.kind);
  const [rows, [total]] = await Promise.all([
    selectEscalations(db)
      .where(where)
      .orderBy(desc(priceEscalations.appliedAt), desc(priceEscalations.id))
      .offset(query.offset)
      .limit(query.limit),
    db.select({ count: count() }).from(priceEscalations).where(where),
  ]);
  return { rows: rows.map(toView), count: total?.count ?? 0 };
}

/** The prices an applied escalation changed, as its preview listed them. */
export async function escalationRows(db: Reader, id: number): Promise<EscalationRow[]> {
  const rows = await db
    .select({
      productId: products.id,
      productNumber: products.number,
      productDescription: products.description,
      systemTypeId: sql<number>`coalesce(${quotes.systemTypeId}, ${products.systemTypeId}, 0)`,
      plantId: priceEscalationRows.plantId,
      plantName: sql<string>`coalesce(${plants.description}, '')`,
      quoteProductId: priceEscalationRows.quoteProductId,
      quoteId: priceEscalationRows.quoteId,
      quoteNumber: sql<string>`coalesce(${quotes.number}, '')`,
      customerName: sql<string>`coalesce(${customers.name}, ${quotes.customerName}, '')`,
      priceBefore: priceEscalationRows.priceBefore,
      priceAfter: priceEscalationRows.priceAfter,
    })
    .from(priceEscalationRows)
    .innerJoin(products, eq(products.id, priceEscalationRows.productId))
    .leftJoin(plants, eq(plants.id, priceEscalationRows.plantId))
    .leftJoin(quotes, eq(quotes.id, priceEscalationRows.quoteId))
    .leftJoin(customers, eq(customers.id, quotes.customerId))
    .where(eq(priceEscalationRows.escalationId, id))
    .orderBy(asc(priceEscalationRows.id));
  return rows;
}
