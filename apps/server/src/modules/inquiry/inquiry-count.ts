/**
 * R-INQ-3: an inquiry's count beside its page. A short page is the count; otherwise the matches
 * are counted up to the cap and no further, so a search over years of tickets answers as fast
 * as one over a week.
 */
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import { inquiryCountCap } from '@dispatch/domain/inquiry/inquiry-fields';
import type { Db } from '../../db/client';

export type CappedCount = { count: number; countCapped: boolean };

/**
 * The matches of `matches` (one row per match, no order, no limit) counted up to one past the
 * cap: a count that stops there costs no more than the page.
 */
export function countOf(db: Db, matches: PgSelect) {
  return db
    .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
    .from(matches.limit(inquiryCountCap + 1).as('matches'));
}

/** The count beside a page: a page that ends the list is its own count, else `count()`'s. */
export async function cappedCount(
  page: { rows: number; offset: number; limit: number },
  count: () => Promise<number>,
): Promise<CappedCount> {
  if (page.rows < page.limit && (page.rows > 0 || page.offset === 0)) {
    return { count: page.offset + page.rows, countCapped: false };
  }
  const n = await count();
  return n > inquiryCountCap
    ? { count: inquiryCountCap, countCapped: true }
    : { count: n, countCapped: false };
}

/** `column = ANY(ARRAY(subquery))`: the subquery runs once, and the column's index serves it. */
export const anyOf = (column: SQLWrapper, subquery: SQL): SQL =>
  sql`${column} = any(array(${subquery}))`;
