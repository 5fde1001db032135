import {
  and,
  asc,
  desc,
  eq,
  exists,
  getTableColumns,
  ilike,
  inArray,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { SystemTypeId } from '@dispatch/domain/system-types';
import type { Db } from '../../db/client';
import { countAll, pageWithTotal, totalMatches } from '../../db/paging';
import { concreteMixes, products } from '../../db/schema/products';
import { likePattern, type ListQuery } from '../../http/list-query';
import type { ProductView } from '@dispatch/domain/products/product-view';
import type { ProductSort } from './products.schemas';

export type ProductListOptions = ListQuery<ProductSort> & {
  /** The caller's system types: products of others are never answered. */
  allowedSystemTypeIds: readonly SystemTypeId[];
  systemTypeId?: SystemTypeId | undefined;
  productTypeId?: number | undefined;
  plantId?: number[] | undefined;
  includeInactive: boolean;
};

type ProductRow = typeof products.$inferSelect;

function toView(row: ProductRow): ProductView {
  return {
    ...row,
    systemTypeId: row.systemTypeId as SystemTypeId,
    modifiedAt: row.modifiedAt.toISOString(),
  };
}

function listConditions(options: ProductListOptions): SQL | undefined {
  const conditions: (SQL | undefined)[] = [
    inArray(products.systemTypeId, [...options.allowedSystemTypeIds]),
  ];
  if (options.systemTypeId !== undefined) {
    conditions.push(eq(products.systemTypeId, options.systemTypeId));
  }
  if (options.productTypeId !== undefined) {
    conditions.push(eq(products.productTypeId, options.productTypeId));
  }
  if (!options.includeInactive) conditions.push(eq(products.inactiveFlag, false));
  if (options.plantId) {
    const activeMix = options.includeInactive ? sql`` : sql` and not ${concreteMixes.inactiveFlag}`;
    conditions.push(
      exists(
        sql`(select 1 from ${concreteMixes} where ${concreteMixes.productId} = ${products.id} and ${inArray(concreteMixes.plantId, options.plantId)}${activeMix})`,
      ),
    );
  }
  if (options.search) {
    const pattern = likePattern(options.search);
    conditions.push(or(ilike(products.number, pattern), ilike(products.description, pattern)));
  }
  return and(...conditions);
}

function sortOrder(options: ProductListOptions): SQL[] {
  const direction = options.order === 'desc' ? desc : asc;
  const column = {
    number: products.number,
    description: sql`lower(${products.description})`,
    id: products.id,
  }[options.sort ?? 'number'];
  return [direction(column), asc(products.id)];
}

/** Products of every system type the caller has, for order entry: by plant, type, search. */
export async function listProducts(
  db: Db,
  options: ProductListOptions,
): Promise<{ rows: ProductView[]; count: number }> {
  // inArray over no system types would match nothing: answer at once.
  if (options.allowedSystemTypeIds.length === 0) return { rows: [], count: 0 };
  const where = listConditions(options);
  const { rows, count } = await pageWithTotal(
    await db
      .select({ ...getTableColumns(products), total: totalMatches() })
      .from(products)
      .where(where)
      .orderBy(...sortOrder(options))
      .limit(options.limit)
      .offset(options.offset),
    options.offset,
    () => db.select({ n: countAll() }).from(products).where(where),
  );
  return { rows: rows.map(toView), count };
}

/** A product of one of the caller's system types, whatever its type. */
export async function getProduct(
  db: Db,
  options: { id: number; allowedSystemTypeIds: readonly SystemTypeId[] },
): Promise<ProductView | undefined> {
  if (options.allowedSystemTypeIds.length === 0) return undefined;
  const [row] = await db
    .select()
    .from(products)
    .where(
      and(
        eq(products.id, options.id),
        inArray(products.systemTypeId, [...options.allowedSystemTypeIds]),
      ),
    );
  return row ? toView(row) : undefined;
}
