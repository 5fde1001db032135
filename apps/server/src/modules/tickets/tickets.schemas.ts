import { z } from 'zod';
import { businessDate, idList, listQuery } from '../../http/list-query';
import { idParams, recordId } from '../../http/write-fields';

export const ticketSortColumns = ['ticketDateTime', 'number', 'plantId'] as const;
export type TicketSort = (typeof ticketSortColumns)[number];

const baseQuery = listQuery(ticketSortColumns);

export const ticketListQuery = baseQuery
  .extend({
    /** Without it, ticketDateTime runs newest first and the other columns ascending. */
    order: z.enum(['asc', 'desc']).optional(),
    /** One business day of ticketDateTime; without it and without a range, the server's today. */
    date: businessDate.optional(),
    dateFrom: businessDate.optional(),
    dateTo: businessDate.optional(),
    /** Comma-separated plant ids. */
    plantId: idList.optional(),
    /** An order's tickets, whatever their day unless a date is given. */
    orderId: recordId.optional(),
    truckId: recordId.optional(),
    /** Comma-separated ticket status ids. */
    statusId: idList.optional(),
    includeVoided: z.stringbool().default(false),
  })
  .superRefine((query, context) => {
    if (query.date && (query.dateFrom || query.dateTo)) {
      context.addIssue({
        code: 'custom',
        path: ['date'],
        message: 'give either date or dateFrom/dateTo, not both',
      });
    }
    if (query.dateFrom && query.dateTo && query.dateFrom > query.dateTo) {
      context.addIssue({
        code: 'custom',
        path: ['dateTo'],
        message: 'must not be before dateFrom',
      });
    }
  });

export const ticketParams = idParams;
