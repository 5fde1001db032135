import { z } from 'zod';
import { jobSchema } from '@dispatch/domain/entities/job';
import { idList, listQuery } from '../../http/list-query';
import { idParams, recordId } from '../../http/write-fields';

export const jobSortColumns = ['number', 'customerId', 'id'] as const;
export type JobSort = (typeof jobSortColumns)[number];

const baseQuery = listQuery(jobSortColumns);

export const jobListQuery = baseQuery.extend({
  customerId: recordId.optional(),
  /** Comma-separated plant ids. */
  plantId: idList.optional(),
  includeInactive: z.stringbool().default(false),
});

export const jobParams = idParams;

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
