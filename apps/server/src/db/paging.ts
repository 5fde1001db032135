import { sql } from 'drizzle-orm';

/** Selected beside a list's columns: how many rows match in all, whatever the page. */
export const totalMatches = () => sql<number>`count(*) over ()`.mapWith(Number);

export const countAll = () => sql<number>`count(*)`.mapWith(Number);

/**
 * A page and the number of matching rows. The window total rides along with the page, so one
 * query answers both; only a page past the end, which has no row to carry it, needs a count.
 */
export async function pageWithTotal<Row extends { total: number }>(
  rows: Row[],
  offset: number,
  countMatches: () => Promise<{ n: number }[]>,
): Promise<{ rows: Omit<Row, 'total'>[]; count: number }> {
  const count =
    rows[0]?.total ?? (rows.length === 0 && offset > 0 ? ((await countMatches())[0]?.n ?? 0) : 0);
  return { rows: rows.map(({ total: _total, ...row }) => row), count };
}

/**
 * The count beside a page read without a window total, for lists whose search may match
 * thousands (R-BENCH-2): the window would make the page wait for every match, where a separate
 * count lets the page stop at its last row. A short page ends the list, so its rows are the count.
 */
export async function countBesidePage(
  rowsOnPage: number,
  page: { offset: number; limit: number },
  countMatches: () => Promise<{ n: number }[]>,
): Promise<number> {
  if (rowsOnPage < page.limit && (rowsOnPage > 0 || page.offset === 0)) {
    return page.offset + rowsOnPage;
  }
  return (await countMatches())[0]?.n ?? 0;
}
