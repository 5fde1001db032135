/**
 * The wire contract of the delivery actions a dispatcher takes by hand: recording returned
 * concrete on a ticket (R-DELIV-6) and reopening a complete order (R-DELIV-9). Server routes and
 * the web's dialogs use these schemas.
 */
import { z } from 'zod';
import { int4Max } from '../api/fields';
import { ticketEditReasonSchema } from '../tickets/ticket-edits';

const version = z.int().min(1).max(int4Max);

/** PUT /api/v1/tickets/{id}/returned: what came back of the load, and why it is recorded. */
export const ticketReturnedSchema = z.object({
  version,
  returnedQuantity: z
    .number({ error: 'must be a number' })
    .min(0, { error: 'must be zero or more' })
    .lt(1e9),
  reason: ticketEditReasonSchema,
});
export type TicketReturned = z.infer<typeof ticketReturnedSchema>;

/** POST /api/v1/orders/{id}/reopen: a complete order ships again, with the reason why. */
export const orderReopenSchema = z.object({
  version,
  reason: ticketEditReasonSchema,
});
export type OrderReopen = z.infer<typeof orderReopenSchema>;
