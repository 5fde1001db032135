/**
 * R-PRINT-10: a delivery ticket's PDF for a printer, laid out on the printing's PDF worker thread
 * (the same PDF as renderTicketPdf, which renders it on this thread should the worker fail).
 */
import type { Letterhead } from '../../pdf/letterhead';
import { renderPdfOffThread, type PdfRenderer } from '../../printing/pdf-thread';
import { renderTicketPdf, type TicketPdfOptions } from './ticket-pdf';
import type { TicketPrint } from './ticket-print.service';

const ticketPdf: PdfRenderer<[TicketPrint, Letterhead, TicketPdfOptions]> = {
  module: new URL('./ticket-pdf.ts', import.meta.url),
  exportName: 'renderTicketPdf',
  render: renderTicketPdf,
};

export function renderTicketPdfOffThread(
  ticket: TicketPrint,
  letterhead: Letterhead,
  options: TicketPdfOptions,
): Promise<Buffer> {
  return renderPdfOffThread(ticketPdf, ticket, letterhead, options);
}
