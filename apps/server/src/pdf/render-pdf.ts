/**
 * One way to make a PDF on the server (receipts, invoices, later tickets and reports): pdfmake
 * with the Roboto fonts it ships, no network or file access from document content, and the house
 * page layout (A4/Letter margins, a footer with page numbers).
 */
import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces';
import { pdfFont, pdfmake } from './pdf-fonts';

// Documents hold customer text; it must never make the server fetch a URL or read a file (the
// fonts are in pdfmake's memory, pdf-fonts.ts).
pdfmake.setUrlAccessPolicy(() => false);
pdfmake.setLocalAccessPolicy(() => false);

export type PdfDocument = {
  /** Shown in the PDF viewer's title bar and the file's metadata. */
  readonly title: string;
  readonly content: Content;
  /** Letter for North American paper; receipts may be narrower. */
  readonly pageSize?: TDocumentDefinitions['pageSize'];
  /** Printed faintly across every page (a voided ticket's VOID). */
  readonly watermark?: string;
  /** The footer's text, when not the title and page count (letters to customers, R-CREDIT-13). */
  readonly footer?: (page: number, pages: number) => string;
};

export async function renderPdf(document: PdfDocument): Promise<Buffer> {
  const definition: TDocumentDefinitions = {
    info: { title: document.title, creator: 'Dispatch' },
    pageSize: document.pageSize ?? 'LETTER',
    pageMargins: [40, 48, 40, 56],
    defaultStyle: { font: pdfFont, fontSize: 10, lineHeight: 1.2 },
    styles: {
      title: { fontSize: 18, bold: true, margin: [0, 0, 0, 4] },
      subtitle: { fontSize: 11, color: '#555555', margin: [0, 0, 0, 12] },
      label: { fontSize: 8, color: '#666666' },
      tableHeader: { bold: true, fontSize: 9, color: '#333333', fillColor: '#eef1f5' },
      total: { bold: true, fontSize: 12 },
    },
    footer: (page: number, pages: number) => ({
      text: document.footer?.(page, pages) ?? `${document.title} · page ${page} of ${pages}`,
      alignment: 'center',
      fontSize: 8,
      color: '#888888',
      margin: [0, 16, 0, 0],
    }),
    content: document.content,
    ...(document.watermark
      ? { watermark: { text: document.watermark, color: '#b42318', opacity: 0.12, bold: true } }
      : {}),
  };
  return pdfmake.createPdf(definition).getBuffer();
}
