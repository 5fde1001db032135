import { z } from 'zod';
import { jobSchema } from '@dispatch/domain/entities/job';
import { idList, listQuery } from '../../http/list-query';

/** PostgreSQL's integer: a larger id can name no row, and must not reach the database. */
const maxId = 2_147_483_647;

export const jobSortColumns = ['number', 'customerId', 'id'] as const;
export type JobSort = (typeof jobSortColumns)[number];

const baseQuery = listQuery(jobSortColumns);

export const jobListQuery = baseQuery.extend({
  // PostgreSQL text cannot hold NUL: refuse it here rather than fail in the query.
  search: baseQuery.shape.search.refine((value) => !value?.includes('\0'), 'must not contain NUL'),
  customerId: z.coerce.number().int().min(1).max(maxId).optional(),
  /** Comma-separated plant ids. */
  plantId: idList
    .refine((ids) => ids.every((id) => id <= maxId), 'must be a comma-separated list of ids')
    .optional(),
  includeInactive: z.stringbool().default(false),
});

export const jobParams = z.object({ id: z.coerce.number().int().min(1).max(maxId) });

/**
 * The domain's job, as stored: the map reference is a map-book reference ("page 12 C4") in the
 * classic data, so it is text here; the customer's name comes along for pick lists.
 */
export const jobViewSchema = jobSchema.extend({
  mapReferenceId: z.string(),
  modifiedDateTime: z.iso.datetime(),
  customerName: z.string(),
  version: z.int(),
});
export type JobView = z.infer<typeof jobViewSchema>;
