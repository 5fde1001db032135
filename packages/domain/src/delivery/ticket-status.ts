/**
 * R-DELIV-1: ticket statuses (ticket_statuses). A ticket is open from the moment it is written
 * until its truck finishes unloading, delivered from then, and complete once its truck is back
 * at the plant (or, for a pickup, once the customer's truck has left the scale).
 */
export const ticketStatuses = [
  /** Written and printed; the load has not reached the customer yet. */
  { id: 1, key: 'open', name: 'Open' },
  { id: 2, key: 'delivered', name: 'Delivered' },
  /** The truck is back at the plant, or the customer's truck has left (FOB). */
  { id: 3, key: 'complete', name: 'Complete' },
  { id: 4, key: 'suspended', name: 'Suspended' },
  { id: 5, key: 'voided', name: 'Voided' },
] as const;

export type TicketStatus = (typeof ticketStatuses)[number];
export type TicketStatusKey = TicketStatus['key'];

export const ticketStatusIds = {
  open: 1,
  delivered: 2,
  complete: 3,
  suspended: 4,
  voided: 5,
} as const satisfies Record<TicketStatusKey, TicketStatus['id']>;

/** The ticket statuses that mean the load reached the customer (R-DELIV-2). */
export const deliveredTicketStatusIds = [
  ticketStatusIds.delivered,
  ticketStatusIds.complete,
] as const;

/**
 * R-DELIV-2, the one definition of "delivered": a ticket counts when its status says the load
 * reached the customer and it is not voided. Every screen and report counts through this rule,
 * by way of the delivered quantities it writes (R-DELIV-7).
 */
export function isTicketDelivered(ticket: { statusId: number; voided: boolean }): boolean {
  return (
    !ticket.voided && (deliveredTicketStatusIds as readonly number[]).includes(ticket.statusId)
  );
}
