import type { ApiEnvelope } from '@dispatch/domain/entities/api-envelope';
import { apiGet } from './api-client';

/** The server's page size cap: a whole list is read in pages of this many rows. */
export const listPageSize = 500;

/**
 * Every row of a list: further pages are read while the server reports more rows. `pathAt`
 * builds the request for the page starting at an offset.
 */
export async function readAllPages<Row>(
  pathAt: (offset: number) => string,
  signal: AbortSignal,
): Promise<ApiEnvelope<Row[]>> {
  const first = await apiGet<ApiEnvelope<Row[]>>(pathAt(0), { signal });
  const data = [...first.data];
  while (data.length < first.count) {
    const page = await apiGet<ApiEnvelope<Row[]>>(pathAt(data.length), { signal });
    // Rows deleted since the first page can leave fewer than counted: stop at an empty page.
    if (page.data.length === 0) break;
    data.push(...page.data);
  }
  return { error: false, count: first.count, data };
}
