/**
 * R-PRINT-3..6: PrintTicket. The delivery ticket's PDF (the same as GET /api/v1/tickets/:id/pdf,
 * prices hidden from levels that hide them) goes to the chosen print destination; the answer says
 * whether it printed and, if not, why. A printed ticket has its print time stamped, and
 * ticketUpdate_v1 tells the boards, in the transaction that stamps it.
 */
import { eq, sql } from 'drizzle-orm';
import type { DispatchEventMap } from '@dispatch/domain/dispatch/dispatch-events';
import { prefixedName } from '@dispatch/domain/entities/print-destination';
import { insufficientPermissionMessage } from '@dispatch/domain/messages';
import { canView, permissionFlags } from '@dispatch/domain/permissions';
import { allowedSystemTypes } from '@dispatch/domain/system-types';
import { formName } from '../auth/guard';
import type { AuthContext } from '../auth/session-store';
import { tickets } from '../db/schema/tickets';
import { letterheadOf } from '../modules/invoices/invoice-pdf';
import { publishTicket, ticketLiveColumns } from '../modules/tickets/ticket-live';
import { renderTicketPdf } from '../modules/tickets/ticket-pdf';
import { ticketPrintOf } from '../modules/tickets/ticket-print.service';
import { ticketForms } from '../modules/tickets/tickets.routes';
import { printerFor, type PrintDestinationTarget, type PrintingOptions } from './printer';

export type TicketPrintReply = DispatchEventMap['ticketPrintReply_v1'];

/** The destination asked for by name or prefixed name ('printer:Dispatch'); none: the first. */
function chooseDestination(
  destinations: PrintDestinationTarget[],
  requested: string | undefined,
): PrintDestinationTarget | undefined {
  const wanted = requested?.trim().toLowerCase();
  if (!wanted) return destinations[0];
  return destinations.find(
    (d) => d.name.toLowerCase() === wanted || prefixedName(d).toLowerCase() === wanted,
  );
}

export async function printTicket(
  auth: AuthContext,
  request: { ticketId: number; destination?: string | undefined },
  options: PrintingOptions,
): Promise<TicketPrintReply> {
  const { ticketId } = request;
  const { db } = auth.connection;
  const { rows: destinations } = await db.execute<PrintDestinationTarget>(
    sql`select name, type, uri from print_destinations where not inactive_flag order by type, name`,
  );
  const destination = chooseDestination(destinations, request.destination);
  const named = destination?.name ?? request.destination?.trim() ?? '';
  const refused = (message: string): TicketPrintReply => ({
    ticketId,
    destination: named,
    printed: false,
    message,
  });
  const level = auth.permissions.highestOf(ticketForms);
  if (!canView(level)) return refused(insufficientPermissionMessage(formName(ticketForms[0])));
  if (!destination) {
    return refused(
      destinations.length === 0
        ? 'No printer is set up.'
        : `There is no print destination '${named}'.`,
    );
  }
  const ticket = await ticketPrintOf(db, {
    id: ticketId,
    allowedSystemTypeIds: allowedSystemTypes(auth.groupIds),
  });
  if (!ticket) return refused(`Ticket ${ticketId} was not found.`);
  const pdf = await renderTicketPdf(ticket, await letterheadOf(db), {
    hidePrices: permissionFlags(level).hidePrice,
  });
  try {
    await printerFor(destination, options).print({
      destination: destination.name,
      documentName: String(ticket.number),
      title: `Delivery ticket ${ticket.number}`,
      requestedBy: auth.username,
      pdf,
    });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return refused(`Ticket ${ticket.number} was not printed on ${destination.name}: ${reason}.`);
  }
  const now = options.now();
  await db.transaction(async (tx) => {
    const [stamped] = await tx
      .update(tickets)
      .set({ printDateTime: now })
      .where(eq(tickets.id, ticketId))
      .returning(ticketLiveColumns);
    if (stamped) await publishTicket(tx, stamped);
  });
  return {
    ticketId,
    destination: destination.name,
    printed: true,
    message: `Ticket ${ticket.number} sent to ${destination.name}.`,
  };
}
