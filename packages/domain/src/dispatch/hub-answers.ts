/**
 * What the DispatchHub answers to an invocation (R-HUB-1): LockRecord's lock (R-MAINT-6) and
 * PrintTicket's reply (R-PRINT-3, also pushed as ticketPrintReply_v1). The dispatcher answers
 * with them and the web parses them.
 */
import { z } from 'zod';

export const lockAnswerSchema = z.object({ locked: z.boolean(), heldBy: z.string() });
export type LockAnswer = z.infer<typeof lockAnswerSchema>;

export const ticketPrintReplySchema = z.object({
  ticketId: z.number(),
  destination: z.string(),
  printed: z.boolean(),
  message: z.string(),
});
export type TicketPrintReply = z.infer<typeof ticketPrintReplySchema>;
