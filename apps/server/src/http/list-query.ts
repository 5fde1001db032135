import { z } from 'zod';
import { calendarDay } from '@dispatch/domain/dates/calendar-day';
import { idListQuerySchema } from '@dispatch/domain/api/fields';

/**
 * The query every list route accepts: free-text search, one sort column, and paging. Routes add
 * their own filters with `.extend(...)`. Paging is capped so no request can ask for a table.
 */
export function listQuery<const Sort extends readonly [string, ...string[]]>(sortable: Sort) {
  return z.object({
    // PostgreSQL text cannot hold NUL: refuse it here rather than fail in the query.
    search: z
      .string()
      .trim()
      .max(100)
      .refine((value) => !value.includes('\0'), 'must not contain NUL')
      .optional(),
    sort: z.enum(sortable).optional(),
    order: z.enum(['asc', 'desc']).default('asc'),
    offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
    limit: z.coerce.number().int().min(1).max(500).default(100),
  });
}

export type ListQuery<Sort extends string> = {
  search?: string | undefined;
  sort?: Sort | undefined;
  order: 'asc' | 'desc';
  offset: number;
  limit: number;
};

/** `?ids=1,2,3` style filters. */
export const idList = idListQuerySchema;

/** A business day as YYYY-MM-DD (ship dates, ticket dates). */
export const businessDate = calendarDay('must be a date as YYYY-MM-DD');

/** Search text as a LIKE pattern, with the user's % and _ taken literally. */
export function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}
