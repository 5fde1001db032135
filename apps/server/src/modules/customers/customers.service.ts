import { and, asc, desc, eq, exists, getTableColumns, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { SystemTypeId } from '@dispatch/domain/system-types';
import type { Db } from '../../db/client';
import { countAll, pageWithTotal, totalMatches } from '../../db/paging';
import {
  customerAggregatePricing,
  customerBlockPricing,
  customerConcretePricing,
  customers,
} from '../../db/schema/customers';
import { likePattern, type ListQuery } from '../../http/list-query';
import type {
  CustomerDetailView,
  CustomerPricingView,
  CustomerSort,
  CustomerView,
} from './customers.schemas';

const pricingTables = {
  1: customerConcretePricing,
  2: customerAggregatePricing,
  3: customerBlockPricing,
} as const;

export type CustomerListOptions = ListQuery<CustomerSort> & {
  includeInactive: boolean;
  systemTypeId?: SystemTypeId | undefined;
};

type CustomerRow = typeof customers.$inferSelect;

function toView(row: CustomerRow): CustomerView {
  return {
    ...row,
    createdAt: row.createdAt.toISOString(),
    modifiedAt: row.modifiedAt.toISOString(),
  };
}

function listConditions(options: CustomerListOptions): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (!options.includeInactive) conditions.push(eq(customers.inactiveFlag, false));
  if (options.search) {
    const pattern = likePattern(options.search);
    conditions.push(
      or(
        ilike(customers.name, pattern),
        ilike(customers.number, pattern),
        ilike(customers.phoneNumber, pattern),
      ),
    );
  }
  if (options.systemTypeId !== undefined) {
    const pricing = pricingTables[options.systemTypeId];
    conditions.push(
      exists(sql`(select 1 from ${pricing} where ${pricing.customerId} = ${customers.id})`),
    );
  }
  return and(...conditions);
}

function sortOrder(options: CustomerListOptions): SQL[] {
  const direction = options.order === 'desc' ? desc : asc;
  // lower(name) is what customers_name_lower_idx holds, and how people expect names sorted.
  const column = {
    name: sql`lower(${customers.name})`,
    number: customers.number,
    id: customers.id,
  }[options.sort ?? 'name'];
  return [direction(column), asc(customers.id)];
}

export async function listCustomers(
  db: Db,
  options: CustomerListOptions,
): Promise<{ rows: CustomerView[]; count: number }> {
  const where = listConditions(options);
  const { rows, count } = await pageWithTotal(
    await db
      .select({ ...getTableColumns(customers), total: totalMatches() })
      .from(customers)
      .where(where)
      .orderBy(...sortOrder(options))
      .limit(options.limit)
      .offset(options.offset),
    options.offset,
    () => db.select({ n: countAll() }).from(customers).where(where),
  );
  return { rows: rows.map(toView), count };
}

function pricingView<R extends { modifiedAt: Date; priceAdjustment: number | null }>(row: R) {
  return {
    ...row,
    modifiedAt: row.modifiedAt.toISOString(),
    priceAdjustment: row.priceAdjustment ?? 0,
  };
}

/** A customer with its pricing defaults, for the system types the caller works with. */
export async function getCustomer(
  db: Db,
  options: { id: number; systemTypeIds: readonly SystemTypeId[] },
): Promise<CustomerDetailView | undefined> {
  const [row] = await db.select().from(customers).where(eq(customers.id, options.id));
  if (!row) return undefined;
  const allowed = new Set(options.systemTypeIds);
  const pricingDefaults: CustomerPricingView = { concrete: [], aggregate: [], block: [] };
  if (allowed.has(1)) {
    const rows = await db
      .select()
      .from(customerConcretePricing)
      .where(eq(customerConcretePricing.customerId, options.id))
      .orderBy(...pricingOrder(customerConcretePricing));
    pricingDefaults.concrete = rows.map(pricingView);
  }
  if (allowed.has(2)) {
    const rows = await db
      .select()
      .from(customerAggregatePricing)
      .where(eq(customerAggregatePricing.customerId, options.id))
      .orderBy(...pricingOrder(customerAggregatePricing));
    pricingDefaults.aggregate = rows.map(pricingView);
  }
  if (allowed.has(3)) {
    const rows = await db
      .select()
      .from(customerBlockPricing)
      .where(eq(customerBlockPricing.customerId, options.id))
      .orderBy(...pricingOrder(customerBlockPricing));
    pricingDefaults.block = rows.map(pricingView);
  }
  return { ...toView(row), pricingDefaults };
}

function pricingOrder(table: (typeof pricingTables)[SystemTypeId]): SQL[] {
  return [sql`${table.startDate} asc nulls first`, asc(table.id)];
}
