/**
 * Ticket entry's calls (R-TENT-2, R-TENT-10): what a plant's screen picks from, the ticket
 * itself, and its PDF fetched with the session's token and opened in the print window.
 */
import { queryOptions } from '@tanstack/react-query';
import {
  ticketEntryAnswerSchema,
  ticketEntryChoicesSchema,
  type TicketEntryAnswer,
  type TicketEntryChoices,
  type TicketEntryInput,
  type TicketEntryOrderChoice,
  type TicketEntrySystemTypeId,
} from '@dispatch/domain/dispatch/ticket-entry';
import { apiEnvelopeSchema } from '@dispatch/domain/api/envelope';
import { ticketProductViewSchema, ticketViewSchema } from '@dispatch/domain/tickets/ticket-view';
import { z } from 'zod';
import { apiGet, apiRequest } from '../../lib/api-client';
import { openPdf } from '../../lib/open-pdf';

export type OrderChoice = TicketEntryOrderChoice;
export type TruckChoice = TicketEntryChoices['trucks'][number];
/** The ticket as POST /api/v1/tickets answers it, and whether its plant prints it (R-TENT-12). */
export type WrittenTicket = TicketEntryAnswer;

export const ticketEntryKeys = {
  all: ['ticket-entry'] as const,
  choices: (systemTypeId: TicketEntrySystemTypeId, plantId: number) =>
    [...ticketEntryKeys.all, 'choices', systemTypeId, plantId] as const,
};

export const ticketEntryChoicesQuery = (systemTypeId: TicketEntrySystemTypeId, plantId: number) =>
  queryOptions({
    queryKey: ticketEntryKeys.choices(systemTypeId, plantId),
    queryFn: ({ signal }) =>
      apiGet(
        `/api/v1/tickets/entry-choices?systemTypeId=${systemTypeId}&plantId=${plantId}`,
        ticketEntryChoicesSchema,
        { signal },
      ),
    staleTime: 30_000,
  });

export function postTicket(body: TicketEntryInput): Promise<WrittenTicket> {
  return apiRequest('POST', '/api/v1/tickets', body, ticketEntryAnswerSchema);
}

/**
 * R-TENT-10: the ticket's PDF, fetched with the token (a window cannot send it) and opened in the
 * print window as a blob URL naming the .pdf it holds.
 */
export async function openTicketPdf(ticket: { id: number; number: number }): Promise<void> {
  await openPdf(`/api/v1/tickets/${ticket.id}/pdf`, `ticket-${ticket.number}.pdf`);
}

/** What the day's list at the plant shows of a ticket (GET /api/v1/tickets answers ticket views). */
const plantTicketSchema = ticketViewSchema
  .pick({
    id: true,
    number: true,
    ticketDateTime: true,
    truckNumber: true,
    orderNumber: true,
    customerName: true,
    voidedFlag: true,
    billOfLadingNumber: true,
  })
  .extend({
    products: z.array(ticketProductViewSchema.pick({ quantity: true, unitOfMeasure: true })),
  });
export type PlantTicket = z.infer<typeof plantTicketSchema>;

/** R-TENT-10: the plant's tickets today, the latest numbers first (numbers rise as written). */
export const plantTicketsQuery = (plantId: number) =>
  queryOptions({
    queryKey: [...ticketEntryKeys.all, 'tickets', plantId] as const,
    queryFn: ({ signal }) =>
      apiGet(
        `/api/v1/tickets?plantId=${plantId}&sort=number&order=desc&limit=8`,
        apiEnvelopeSchema(plantTicketSchema.array()),
        { signal },
      ),
    staleTime: 30_000,
  });
