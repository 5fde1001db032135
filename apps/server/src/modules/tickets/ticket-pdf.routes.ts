import { allowedSystemTypes } from '@dispatch/domain/system-types';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { authorize } from '../../auth/guard';
import { notFound } from '../../http/api-error';
import type { Server, ServerDeps } from '../../http/server';
import { letterheadOf } from '../../pdf/letterhead';
import { renderTicketPdf } from './ticket-pdf';
import { ticketPrintOf } from './ticket-print.service';
import { ticketParams } from './tickets.schemas';
import { ticketForms } from './ticket-access';

/**
 * R-DISP-9: the delivery ticket as a PDF. Served at /pdf and at /ticket.pdf: the print window
 * opens only URLs containing ".pdf" (spec section 2), so the web opens the second.
 */
export function registerTicketPdfRoutes(app: Server, deps: ServerDeps): void {
  const handler = async (
    request: FastifyRequest<{ Params: { id: number } }>,
    reply: FastifyReply,
  ) => {
    const { db } = request.auth!.connection;
    const ticket = await ticketPrintOf(db, {
      id: request.params.id,
      allowedSystemTypeIds: allowedSystemTypes(request.auth!.groupIds),
    });
    if (!ticket) throw notFound(`Ticket ${request.params.id}`);
    const pdf = await renderTicketPdf(ticket, await letterheadOf(db), {
      hidePrices: request.permission.flags.hidePrice,
    });
    return reply
      .type('application/pdf')
      .header('content-disposition', `inline; filename="ticket-${ticket.number}.pdf"`)
      .header('cache-control', 'no-store')
      .send(pdf);
  };
  for (const url of ['/api/v1/tickets/:id/pdf', '/api/v1/tickets/:id/ticket.pdf']) {
    app.get(
      url,
      {
        preValidation: authorize(deps, { forms: ticketForms }),
        schema: {
          tags: ['tickets'],
          summary: 'The delivery ticket as a PDF (opened in the print window)',
          security: [{ bearer: [] }],
          params: ticketParams,
        },
      },
      handler,
    );
  }
}
