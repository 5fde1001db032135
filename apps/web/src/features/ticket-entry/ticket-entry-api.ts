/**
 * Ticket entry's calls (R-TENT-2, R-TENT-10): what a plant's screen picks from, the ticket
 * itself, and its PDF fetched with the session's token and opened in the print window.
 */
import { queryOptions } from '@tanstack/react-query';
import type {
  TicketEntryAnswer,
  TicketEntryChoices,
  TicketEntryInput,
  TicketEntryOrderChoice,
  TicketEntrySystemTypeId,
} from '@dispatch/domain/dispatch/ticket-entry';
import type { UnitId } from '@dispatch/domain/units';
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
      apiGet<TicketEntryChoices>(
        `/api/v1/tickets/entry-choices?systemTypeId=${systemTypeId}&plantId=${plantId}`,
        { signal },
      ),
    staleTime: 30_000,
  });

export function postTicket(body: TicketEntryInput): Promise<WrittenTicket> {
  return apiRequest<WrittenTicket>('POST', '/api/v1/tickets', body);
}

/**
 * R-TENT-10: the ticket's PDF, fetched with the token (a window cannot send it) and opened in the
 * print window as a blob URL naming the .pdf it holds.
 */
export async function openTicketPdf(ticket: { id: number; number: number }): Promise<void> {
  await openPdf(`/api/v1/tickets/${ticket.id}/pdf`, `ticket-${ticket.number}.pdf`);
}

/** A ticket as the day's list at the plant shows it (GET /api/v1/tickets). */
export type PlantTicket = {
  id: number;
  number: number;
  ticketDateTime: string;
  truckNumber: string;
  orderNumber: number;
  customerName: string;
  voidedFlag: boolean;
  /** R-TENT-3: aggregate tickets carry the pit's bill of lading. */
  billOfLadingNumber: number | null;
  products: { quantity: number; unitOfMeasure: UnitId | null }[];
};

/** R-TENT-10: the plant's tickets today, the latest numbers first (numbers rise as written). */
export const plantTicketsQuery = (plantId: number) =>
  queryOptions({
    queryKey: [...ticketEntryKeys.all, 'tickets', plantId] as const,
    queryFn: ({ signal }) =>
      apiGet<{ data: PlantTicket[]; count: number }>(
        `/api/v1/tickets?plantId=${plantId}&sort=number&order=desc&limit=8`,
        {
          signal,
        },
      ),
    staleTime: 30_000,
  });
