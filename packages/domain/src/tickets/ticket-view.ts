/**
 * A ticket as the API answers it (GET /api/v1/tickets/{id} and the writes that answer a ticket):
 * the domain's ticket with its products and what the ticket screens show of its order.
 */
import { z } from 'zod';
import { idSchema } from '../api/fields';
import { systemTypeIdSchema } from '../system-types';
import { ticketProductSchema, ticketSchema } from './ticket';

/** Price fields are optional in answers: they are removed for callers whose level hides prices. */
const optionalPrice = z.number().nullable().optional();

export const ticketProductViewSchema = ticketProductSchema.extend({
  id: idSchema,
  price: optionalPrice,
  version: z.int(),
});
export type TicketProductView = z.infer<typeof ticketProductViewSchema>;

/** The domain's ticket, with its products and what the ticket screens show of its order. */
export const ticketViewSchema = ticketSchema.extend({
  ticketDateTime: z.iso.datetime(),
  codAmount: optionalPrice,
  orderNumber: idSchema,
  customerName: z.string(),
  systemTypeId: systemTypeIdSchema,
  voidedFlag: z.boolean(),
  /** R-TEDIT-9: why the ticket was voided, null unless void. */
  voidReason: z.string().nullable(),
  /** R-TENT-3: an aggregate ticket's bill of lading; null for other tickets. */
  billOfLadingNumber: z.int().nullable(),
  products: z.array(ticketProductViewSchema),
  modifiedAt: z.iso.datetime(),
  version: z.int(),
});
export type TicketView = z.infer<typeof ticketViewSchema>;
