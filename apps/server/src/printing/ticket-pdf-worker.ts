/**
 * The worker side of ticket-pdf-thread.ts: renders delivery ticket PDFs off the main thread and
 * answers each request by its id.
 */
import { parentPort } from 'node:worker_threads';
import type { Letterhead } from '../pdf/letterhead';
import { renderTicketPdf, type TicketPdfOptions } from '../modules/tickets/ticket-pdf';
import type { TicketPrint } from '../modules/tickets/ticket-print.service';

export type RenderRequest = {
  id: number;
  ticket: TicketPrint;
  letterhead: Letterhead;
  options: TicketPdfOptions;
};
export type RenderAnswer = { id: number; pdf: Uint8Array } | { id: number; error: string };

parentPort?.on('message', (request: RenderRequest) => {
  renderTicketPdf(request.ticket, request.letterhead, request.options).then(
    (pdf) => parentPort?.postMessage({ id: request.id, pdf } satisfies RenderAnswer),
    (error: unknown) =>
      parentPort?.postMessage({
        id: request.id,
        error: error instanceof Error ? error.message : String(error),
      } satisfies RenderAnswer),
  );
});
