/**
 * R-INV-10, R-INV-12: the invoice (or credit note) as a PDF: the producer's name, address and
 * phone, the bill-to customer, the number and date, the terms and due date, the PO all its tickets
 * share, one line per ticket product (ticket, date, order, product with its ticket's PO, quantity,
 * unit, price, amount, tax), the totals and what paying early saves. For a caller whose level
 * hides prices (R-PERM-6) the money columns, totals and the discount's amount are left out. It is
 * written in the customer's language (issue 25, item 4): its words come from
 * invoice-pdf-words.ts, its numbers and dates from pdfFormats.
 */
import type { Content, TableCell } from 'pdfmake/interfaces';
import type { DocumentLanguage } from '@dispatch/domain/document-language';
import { addMoney } from '@dispatch/domain/invoicing/invoice-arithmetic';
import type { InvoiceDetail } from '@dispatch/domain/invoicing/invoice-schemas';
import {
  dueOnReceipt,
  earlyPaymentDiscount,
  termsName,
} from '@dispatch/domain/invoicing/invoice-terms';
import { isUnitId, unitAbbreviation } from '@dispatch/domain/units';
import { renderPdf } from '../../pdf/render-pdf';
import { pdfFormats, right, type PdfFormats } from '../../pdf/pdf-text';
import type { Letterhead } from '../../pdf/letterhead';
import { invoiceWords, type InvoiceWords } from './invoice-pdf-words';

export type InvoicePdfOptions = {
  hidePrices: boolean;
  /** The customer's language (issue 25, item 4). */
  language: DocumentLanguage;
};

const unitOf = (unit: number | null) =>
  unit !== null && isUnitId(unit) ? unitAbbreviation(unit) : '';

/** The terms as the invoice names them: their own name, or "due on receipt" in its language. */
function termsText(invoice: InvoiceDetail, words: InvoiceWords): string {
  const name = termsName(invoice.terms);
  return name === dueOnReceipt ? words.dueOnReceipt : name;
}

export function invoiceContent(
  invoice: InvoiceDetail,
  letterhead: Letterhead,
  options: InvoicePdfOptions,
): Content {
  const words = invoiceWords(options.language);
  const format = pdfFormats(options.language);
  const isCredit = invoice.kind === 'credit';
  const priced = !options.hidePrices;
  const named = words.columns;
  const columns: { text: string; numeric: boolean }[] = [
    { text: named.ticket, numeric: true },
    { text: named.date, numeric: false },
    { text: named.order, numeric: true },
    { text: named.product, numeric: false },
    { text: named.quantity, numeric: true },
    { text: named.unit, numeric: false },
    ...(priced
      ? [
          { text: named.price, numeric: true },
          { text: named.amount, numeric: true },
          { text: named.tax, numeric: true },
        ]
      : []),
  ];
  const header: TableCell[] = columns.map(({ text, numeric }) => ({
    text,
    style: 'tableHeader',
    alignment: numeric ? 'right' : 'left',
  }));
  // The PO is the ticket's: named on its first line, not again on each of its products.
  const firstOfTicket = (index: number) =>
    index === 0 || invoice.lines[index - 1]!.ticketId !== invoice.lines[index]!.ticketId;
  const body: TableCell[][] = invoice.lines.map((line, index) => [
    right(line.ticketNumber === null ? '' : String(line.ticketNumber)),
    format.day(line.ticketDate),
    right(line.orderNumber === null ? '' : String(line.orderNumber)),
    {
      stack: [
        { text: line.description },
        {
          text: [
            line.productNumber,
            line.plantName,
            line.jobNumber ? `${words.job}\u00a0${line.jobNumber}` : '',
          ]
            .filter((part) => part !== '')
            // No-break spaces keep "Job" with its number, and each dot with what it follows.
            .join('\u00a0· '),
          style: 'label',
        },
        ...(line.customerPoNumber && firstOfTicket(index)
          ? [{ text: words.po(line.customerPoNumber), style: 'label' }]
          : []),
      ],
    },
    right(format.quantity(line.quantity)),
    format.unit(unitOf(line.unitOfMeasure)),
    ...(priced
      ? [
          right(format.money(line.unitPrice)),
          right(format.money(line.extendedPrice)),
          right(format.money(line.taxAmount)),
        ]
      : []),
  ]);
  const widths = priced ? [40, 52, 36, '*', 40, 26, 48, 56, 44] : [50, 62, 50, '*', 60, 40];
  const ticketCount = new Set(invoice.lines.map((line) => line.ticketId)).size;
  return [
    {
      columns: [
        [
          { text: letterhead.name, style: 'title' },
          ...letterhead.lines.map((text) => ({ text, color: '#444444' })),
        ],
        [
          {
            text: words.heading(isCredit),
            style: 'title',
            alignment: 'right',
            color: isCredit ? '#b42318' : '#1c3d6e',
          },
          {
            table: {
              widths: ['*', 'auto'],
              body: [
                [
                  { text: words.numberLabel(isCredit), style: 'label', alignment: 'right' },
                  { text: String(invoice.number), bold: true, alignment: 'right' },
                ],
                headerRow(words.date, format.day(invoice.invoiceDate)),
                ...(isCredit
                  ? []
                  : [
                      headerRow(words.terms, termsText(invoice, words)),
                      headerRow(
                        words.dueDate,
                        format.day(invoice.dueDate ?? invoice.invoiceDate),
                        true,
                      ),
                    ]),
                headerRow(words.customerNumber, invoice.customerNumber),
                ...(invoice.customerPoNumber === ''
                  ? []
                  : [headerRow(words.poNumber, invoice.customerPoNumber, true)]),
              ],
            },
            layout: 'noBorders',
          },
        ],
      ],
      margin: [0, 0, 0, 18],
    },
    {
      columns: [
        {
          width: '55%',
          stack: [
            { text: words.billTo.toUpperCase(), style: 'label', margin: [0, 0, 0, 2] },
            { text: invoice.customerName, bold: true, fontSize: 11 },
            ...invoice.billTo.map((text) => ({ text })),
          ],
        },
        {
          width: '45%',
          stack: isCredit
            ? [
                { text: words.credits.toUpperCase(), style: 'label', margin: [0, 0, 0, 2] },
                {
                  text: words.creditedInvoice(String(invoice.creditsInvoiceNumber ?? '')),
                  bold: true,
                },
                { text: invoice.creditReason, italics: true },
              ]
            : [
                { text: words.deliveries.toUpperCase(), style: 'label', margin: [0, 0, 0, 2] },
                { text: words.tickets(ticketCount) },
              ],
        },
      ],
      margin: [0, 0, 0, 16],
    },
    {
      table: { headerRows: 1, widths, body: [header, ...body] },
      layout: {
        hLineWidth: (index: number) => (index <= 1 ? 0.8 : 0.3),
        vLineWidth: () => 0,
        hLineColor: () => '#c8cdd4',
        paddingTop: () => 4,
        paddingBottom: () => 4,
      },
      fontSize: 9,
    },
    ...(priced
      ? [
          {
            columns: [
              { width: '*', text: '' },
              {
                width: 200,
                table: {
                  widths: ['*', 'auto'],
                  body: [
                    [words.subtotal, right(format.money(invoice.extendedPrice))],
                    [words.tax, right(format.money(invoice.taxAmount))],
                    [
                      { text: words.total(isCredit), style: 'total' },
                      right(format.money(invoice.totalAmount), 'total'),
                    ],
                  ],
                },
                layout: {
                  hLineWidth: (index: number, node: { table: { body: unknown[] } }) =>
                    index === node.table.body.length - 1 ? 1 : 0,
                  vLineWidth: () => 0,
                },
              },
            ],
            margin: [0, 12, 0, 0],
          } as Content,
        ]
      : []),
    ...(isCredit ? [] : [paymentTerms(invoice, priced, words, format)]),
    {
      text: isCredit
        ? words.creditNote
        : words.thanks(
            invoice.number,
            invoice.customerPoNumber ? words.po(invoice.customerPoNumber) : null,
          ),
      style: 'label',
      margin: [0, isCredit ? 24 : 10, 0, 0],
    },
  ];
}

/** A label and its value in the header's table, right-aligned; the value bold when it matters. */
function headerRow(label: string, value: string, bold = false): TableCell[] {
  return [
    { text: label, style: 'label', alignment: 'right' },
    { text: value, alignment: 'right', bold },
  ];
}

/**
 * R-INV-12: the terms spelled out under the totals: when payment is due and, under terms with an
 * early-payment discount, what settles the invoice by the discount's last day (its amount only
 * for levels that see prices).
 */
function paymentTerms(
  invoice: InvoiceDetail,
  priced: boolean,
  words: InvoiceWords,
  format: PdfFormats,
): Content {
  const due = invoice.dueDate ?? invoice.invoiceDate;
  const total = invoice.totalAmount ?? 0;
  const discount = earlyPaymentDiscount(invoice.invoiceDate, invoice.terms, total);
  const dueText =
    due === invoice.invoiceDate
      ? words.dueNow
      : words.dueBy(format.day(due), priced ? format.money(total) : null);
  const discountText =
    discount === null
      ? ''
      : words.discount(
          format.day(discount.date),
          format.number(invoice.terms!.discountPercent),
          priced
            ? {
                settles: format.money(addMoney(total, -discount.amount)),
                saves: format.money(discount.amount),
              }
            : null,
        );
  return {
    table: {
      widths: ['*'],
      body: [
        [
          {
            stack: [
              { text: words.termsHeading(termsText(invoice, words)), style: 'label' },
              { text: `${dueText}${discountText}`, margin: [0, 2, 0, 0] },
            ],
            fillColor: '#f5f7fa',
            margin: [8, 6, 8, 6],
          },
        ],
      ],
    },
    layout: 'noBorders',
    margin: [0, 20, 0, 0],
  };
}

export async function renderInvoicePdf(
  invoice: InvoiceDetail,
  letterhead: Letterhead,
  options: InvoicePdfOptions,
): Promise<Buffer> {
  const words = invoiceWords(options.language);
  const title = words.title(invoice.kind === 'credit', invoice.number);
  return renderPdf({
    title,
    content: invoiceContent(invoice, letterhead, options),
    footer: (page, pages) => words.page(title, page, pages),
  });
}
