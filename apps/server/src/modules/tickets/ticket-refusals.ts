/** The refusals of a write to a ticket the clerk read: changed since (R-TEDIT-4), or void. */
import { formatDate } from '@dispatch/domain/dates/date-format';
import type { tickets } from '../../db/schema/tickets';
import { ApiError } from '../../http/api-error';
import { isTicketVoided } from './ticket-void';

type TicketRow = typeof tickets.$inferSelect;

/** R-TEDIT-4: who changed the ticket since the clerk opened it, and when. */
export function refuseStale(ticket: TicketRow, version: number): void {
  if (version === ticket.version) return;
  const who = ticket.modifiedBy ?? 'someone else';
  const when = formatDate(ticket.modifiedAt, 'YYYY-MM-DD HH:mm');
  throw new ApiError(
    'conflict',
    `Ticket ${ticket.number} was changed by ${who} at ${when} since you opened it. Reload it and try again.`,
    {
      code: 'stale_version',
      data: {
        ticketId: ticket.id,
        ticketNumber: ticket.number,
        currentVersion: ticket.version,
        modifiedBy: ticket.modifiedBy,
        modifiedAt: ticket.modifiedAt.toISOString(),
      },
    },
  );
}

export function refuseVoided(ticket: TicketRow): void {
  if (!isTicketVoided(ticket)) return;
  throw new ApiError('conflict', `Ticket ${ticket.number} is void and can no longer be changed.`, {
    code: 'ticket_void',
    data: { ticketId: ticket.id, ticketNumber: ticket.number },
  });
}
