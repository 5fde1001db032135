import type { z } from 'zod';
import { apiEnvelopeSchema, type ApiEnvelope } from '@dispatch/domain/api/envelope';
import { apiGet } from './api-client';

/** The server's page size cap: a whole list is read in pages of this many rows. */
export const listPageSize = 500;

/**
 * Every row of a list: further pages are read while the server reports more rows. `pathAt`
 * builds the request for the page starting at an offset; `row` parses each row.
 */
export async function readAllPages<Row extends z.ZodType>(
  pathAt: (offset: number) => string,
  row: Row,
  signal: AbortSignal,
): Promise<ApiEnvelope<z.output<Row>[]>> {
  const pageSchema = apiEnvelopeSchema(row.array());
  const first = await apiGet(pathAt(0), pageSchema, { signal });
  const data = [...first.data];
  while (data.length < first.count) {
    const page = await apiGet(pathAt(data.length), pageSchema, { signal });
    // Rows deleted since the first page can leave fewer than counted: stop at an empty page.
    if (page.data.length === 0) break;
    data.push(...page.data);
  }
  return { error: false, count: first.count, data };
}
