/**
 * R-PRINT-3..6: PrintTicket. The delivery ticket's PDF (the same as GET /api/v1/tickets/:id/pdf,
 * prices hidden from levels that hide them) goes to the chosen print destination (none chosen:
 * the ticket's plant's print queue); the answer says whether it printed and, if not, why. A printed
 * ticket has its print time stamped and any print failure cleared, and ticketUpdate_v1 tells the
 * boards, in the transaction that stamps it.
 *
 * R-PRINT-9..10: a ticket whose plant prints when the truck is sent prints the same way once the
 * write that made it has committed; a failure is kept on the ticket (print_failure) for the board,
 * and the reply goes to the session that sent the truck alone.
 */
import { eq, sql } from 'drizzle-orm';
import type { TicketPrintReply } from '@dispatch/domain/dispatch/hub-answers';
import { prefixedName } from '@dispatch/domain/printing/print-destination';
import { insufficientPermissionMessage } from '@dispatch/domain/messages';
import { canView, permissionFlags } from '@dispatch/domain/permissions';
import { allowedSystemTypes } from '@dispatch/domain/system-types';
import { printsWhenSent } from '@dispatch/domain/tickets/print-methods';
import { formName } from '../../auth/guard';
import type { AuthContext } from '../../auth/session-store';
import type { Db } from '../../db/client';
import { plants } from '../../db/schema/plants';
import { tickets } from '../../db/schema/tickets';
import { publish, type PublishedEvent } from '../../dispatch/publish';
import { letterheadOf } from '../../pdf/letterhead';
import { publishTicket, ticketLiveColumns } from './ticket-live';
import { ticketPrintOf } from './ticket-print.service';
import { ticketForms } from './ticket-access';
import {
  printerFor,
  type PrintDestinationTarget,
  type PrintingOptions,
} from '../../printing/printer';
import { renderTicketPdfOffThread } from './ticket-pdf-thread';

export type { TicketPrintReply };

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

/** The ticket's plant's print method and print queue (R-PRINT-9). */
async function plantPrintingOf(db: Db, ticketId: number) {
  const [row] = await db
    .select({ method: plants.printTicketMethod, queue: plants.ticketPrintQueue })
    .from(tickets)
    .innerJoin(plants, eq(plants.id, tickets.plantId))
    .where(eq(tickets.id, ticketId));
  return row;
}

/** The PDF to the destination, and what happened; nothing is written. */
async function sendTicket(
  auth: AuthContext,
  ticketId: number,
  requested: string | undefined,
  options: PrintingOptions,
): Promise<TicketPrintReply> {
  const { db } = auth.connection;
  const { rows: destinations } = await db.execute<PrintDestinationTarget>(
    sql`select name, type, uri from print_destinations where not inactive_flag order by type, name`,
  );
  const destination = chooseDestination(destinations, requested);
  const named = destination?.name ?? requested?.trim() ?? '';
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
  const pdf = await renderTicketPdfOffThread(ticket, await letterheadOf(db), {
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
  return {
    ticketId,
    destination: destination.name,
    printed: true,
    message: `Ticket ${ticket.number} sent to ${destination.name}.`,
  };
}

/**
 * Writes what the print did to the ticket with ticketUpdate_v1 (and the reply, when it is an
 * event), in one transaction of its own: delivered only if it commits.
 */
async function recordOutcome(
  db: Db,
  ticketId: number,
  changes: Partial<Pick<typeof tickets.$inferInsert, 'printDateTime' | 'printFailure'>>,
  reply?: PublishedEvent,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [written] = await tx
      .update(tickets)
      .set(changes)
      .where(eq(tickets.id, ticketId))
      .returning(ticketLiveColumns);
    if (written) await publishTicket(tx, written);
    if (reply) await publish(tx, reply);
  });
}

/** R-PRINT-3: PrintTicket on the hub; the caller sends the reply to its own connection. */
export async function printTicket(
  auth: AuthContext,
  request: { ticketId: number; destination?: string | undefined },
  options: PrintingOptions,
): Promise<TicketPrintReply> {
  const { ticketId } = request;
  const requested =
    request.destination?.trim() ||
    (await plantPrintingOf(auth.connection.db, ticketId))?.queue?.trim() ||
    undefined;
  const reply = await sendTicket(auth, ticketId, requested, options);
  if (reply.printed) {
    await recordOutcome(auth.connection.db, ticketId, {
      printDateTime: options.now(),
      printFailure: null,
    });
  }
  return reply;
}

/**
 * R-PRINT-9..10: after the write that made the ticket has committed (a dispatch, a ticket saved at
 * the scale), prints it on its plant's print queue when the plant prints when the truck is sent:
 * printed, the print time is stamped; not printed, the reason is kept on the ticket and it keeps
 * no print time. Either way ticketUpdate_v1 tells the boards and ticketPrintReply_v1 goes to the
 * writer's session alone. Null when the plant does not print by itself.
 */
export async function printTicketWhenSent(
  auth: AuthContext,
  ticketId: number,
  options: PrintingOptions,
): Promise<TicketPrintReply | null> {
  const { db } = auth.connection;
  const plant = await plantPrintingOf(db, ticketId);
  if (!plant || !printsWhenSent(plant.method)) return null;
  const reply = await sendTicket(auth, ticketId, plant.queue?.trim() || undefined, options);
  await recordOutcome(
    db,
    ticketId,
    reply.printed
      ? { printDateTime: options.now(), printFailure: null }
      : { printFailure: reply.message },
    { name: 'ticketPrintReply_v1', data: reply, sessionIds: [auth.sessionId] },
  );
  return reply;
}

/** Whether tickets of the plant print by themselves as they are written (R-PRINT-9). */
export async function plantPrintsWhenSent(db: Db, plantId: number): Promise<boolean> {
  const [row] = await db
    .select({ method: plants.printTicketMethod })
    .from(plants)
    .where(eq(plants.id, plantId));
  return printsWhenSent(row?.method);
}
