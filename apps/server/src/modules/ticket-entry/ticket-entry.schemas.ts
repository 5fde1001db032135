/** Ticket entry's query (R-TENT-2); its answers' shapes are in the domain (dispatch/ticket-entry). */
import { z } from 'zod';
import { recordId } from '../../http/write-fields';

export const ticketEntryChoicesQuery = z.object({
  systemTypeId: z
    .enum(['2', '3'], { error: 'must be 2 (aggregate) or 3 (block)' })
    .transform((value) => Number(value) as 2 | 3),
  plantId: recordId,
});
