/**
 * Column builders shared by the schema files, so every table stores money, quantities and times
 * the same way. Functions, not shared objects: a builder belongs to exactly one table.
 */
import { sql } from 'drizzle-orm';
import {
  check,
  doublePrecision,
  integer,
  numeric,
  smallint,
  text,
  timestamp,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';

/** Instants are always zoned; milliseconds are enough for ordering events on the dispatch board. */
export const timestamptz = () => timestamp({ withTimezone: true, precision: 3 });

/** Exact decimal money; `mode: 'number'` because cents fit a double exactly at this precision. */
export const money = () => numeric({ precision: 12, scale: 2, mode: 'number' });

/**
 * Exact decimal quantities (yards, tons, gallons, pounds, weights): delivered and ordered amounts
 * are summed and compared, which a binary double would make drift.
 */
export const quantity = () => numeric({ precision: 12, scale: 3, mode: 'number' });

/** Percentages, tax rates and small ratios. */
export const rate = () => numeric({ precision: 9, scale: 4, mode: 'number' });

/** Unit conversion factors need more significant digits than a rate (0.764554858 m³ per yd³). */
export const factor = () => numeric({ precision: 15, scale: 9, mode: 'number' });

/** Coordinates are only compared and plotted, never summed, so a double is exact enough. */
export const coordinate = () => doublePrecision();

export const identityId = () => integer().primaryKey().generatedAlwaysAsIdentity();

/** Optimistic concurrency: every write checks the version it read and bumps it. */
export const version = () => integer().notNull().default(1);

export const modifiedAt = () => timestamptz().notNull().defaultNow();

/** Who made the last change: a 409 on a stale version names them (R-CONC-1). */
export const modifiedBy = () => text();

/** Seven free-form address lines, as the classic system stores them. */
export const addressColumns = () => ({
  address1: text(),
  address2: text(),
  address3: text(),
  address4: text(),
  address5: text(),
  address6: text(),
  address7: text(),
});

/** Concrete 1, aggregate 2, block 3 (spec section 1); a check, not a table, as the set is fixed. */
export const systemTypeId = () => smallint();

export const systemTypeCheck = (name: string, column: AnyPgColumn) =>
  check(name, sql`${column} in (1, 2, 3)`);

/** Null passes, as in every check: a missing amount is the not-null constraint's business. */
export const nonNegativeCheck = (name: string, ...columns: AnyPgColumn[]) =>
  check(
    name,
    sql.join(
      columns.map((column) => sql`${column} >= 0`),
      sql` and `,
    ),
  );
