/**
 * R-INV-10, R-INV-12: the invoice (or credit note) as a PDF: the producer's name, address and
 * phone, the bill-to customer, the number and date, the terms and due date, the PO all its tickets
 * share, one line per ticket product (ticket, date, order, product with its ticket's PO, quantity,
 * unit, price, amount, tax), the totals and what paying early saves. For a caller whose level
 * hides prices (R-PERM-6) the money columns, totals and the discount's amount are left out.
 */
import type { Content, TableCell } from 'pdfmake/interfaces';
import { addMoney } from '@dispatch/domain/invoicing/invoice-arithmetic';
import type { InvoiceDetail } from '@dispatch/domain/invoicing/invoice-schemas';
import { earlyPaymentDiscount, termsName } from '@dispatch/domain/invoicing/invoice-terms';
import { isUnitId, unitAbbreviation } from '@dispatch/domain/units';
import { renderPdf } from '../../pdf/render-pdf';
import { money, quantity, right } from '../../pdf/pdf-text';
import type { Letterhead } from '../../pdf/letterhead';

/** A PO as a line reads it: "PO 4471", or the number alone when it says PO already ("PO 2026-0412"). */
const poText = (po: string) => (/^p\.?o\b/i.test(po) ? po : `PO ${po}`);

const unitOf = (unit: number | null) =>
  unit !== null && isUnitId(unit) ? unitAbbreviation(unit) : '';

export function invoiceContent(
  invoice: InvoiceDetail,
  letterhead: Letterhead,
  options: { hidePrices: boolean },
): Content {
  const isCredit = invoice.kind === 'credit';
  const heading = isCredit ? 'CREDIT NOTE' : 'INVOICE';
  const priced = !options.hidePrices;
  const columns = [
    'Ticket',
    'Date',
    'Order',
    'Product',
    'Qty',
    'Unit',
    ...(priced ? ['Price', 'Amount', 'Tax'] : []),
  ];
  const numeric = new Set(['Ticket', 'Order', 'Qty', 'Price', 'Amount', 'Tax']);
  const header: TableCell[] = columns.map((text) => ({
    text,
    style: 'tableHeader',
    alignment: numeric.has(text) ? 'right' : 'left',
  }));
  // The PO is the ticket's: named on its first line, not again on each of its products.
  const firstOfTicket = (index: number) =>
    index === 0 || invoice.lines[index - 1]!.ticketId !== invoice.lines[index]!.ticketId;
  const body: TableCell[][] = invoice.lines.map((line, index) => [
    right(line.ticketNumber === null ? '' : String(line.ticketNumber)),
    line.ticketDate,
    right(line.orderNumber === null ? '' : String(line.orderNumber)),
    {
      stack: [
        { text: line.description },
        {
          text: [
            line.productNumber,
            line.plantName,
            line.jobNumber ? `Job\u00a0${line.jobNumber}` : '',
          ]
            .filter((part) => part !== '')
            // No-break spaces keep "Job" with its number, and each dot with what it follows.
            .join('\u00a0· '),
          style: 'label',
        },
        ...(line.customerPoNumber && firstOfTicket(index)
          ? [{ text: poText(line.customerPoNumber), style: 'label' }]
          : []),
      ],
    },
    right(quantity(line.quantity)),
    unitOf(line.unitOfMeasure),
    ...(priced
      ? [
          right(money(line.unitPrice)),
          right(money(line.extendedPrice)),
          right(money(line.taxAmount)),
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
            text: heading,
            style: 'title',
            alignment: 'right',
            color: isCredit ? '#b42318' : '#1c3d6e',
          },
          {
            table: {
              widths: ['*', 'auto'],
              body: [
                [
                  {
                    text: isCredit ? 'Credit note no.' : 'Invoice no.',
                    style: 'label',
                    alignment: 'right',
                  },
                  { text: String(invoice.number), bold: true, alignment: 'right' },
                ],
                headerRow('Date', invoice.invoiceDate),
                ...(isCredit
                  ? []
                  : [
                      headerRow('Terms', termsName(invoice.terms)),
                      headerRow('Due date', invoice.dueDate ?? invoice.invoiceDate, true),
                    ]),
                headerRow('Customer no.', invoice.customerNumber),
                ...(invoice.customerPoNumber === ''
                  ? []
                  : [headerRow('PO no.', invoice.customerPoNumber, true)]),
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
            { text: 'BILL TO', style: 'label', margin: [0, 0, 0, 2] },
            { text: invoice.customerName, bold: true, fontSize: 11 },
            ...invoice.billTo.map((text) => ({ text })),
          ],
        },
        {
          width: '45%',
          stack: isCredit
            ? [
                { text: 'CREDITS', style: 'label', margin: [0, 0, 0, 2] },
                { text: `Invoice ${invoice.creditsInvoiceNumber ?? ''}`, bold: true },
                { text: invoice.creditReason, italics: true },
              ]
            : [
                { text: 'DELIVERIES', style: 'label', margin: [0, 0, 0, 2] },
                { text: `${ticketCount} ticket${ticketCount === 1 ? '' : 's'}` },
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
                    ['Subtotal', right(money(invoice.extendedPrice))],
                    ['Tax', right(money(invoice.taxAmount))],
                    [
                      { text: isCredit ? 'Total credit' : 'Total due', style: 'total' },
                      right(money(invoice.totalAmount), 'total'),
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
    ...(isCredit ? [] : [paymentTerms(invoice, priced)]),
    {
      text: isCredit
        ? 'This credit note reverses the invoice named above; its tickets may be invoiced again.'
        : `Thank you for your business. Please quote invoice ${invoice.number}${invoice.customerPoNumber ? ` and ${poText(invoice.customerPoNumber)}` : ''} with your payment.`,
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
function paymentTerms(invoice: InvoiceDetail, priced: boolean): Content {
  const due = invoice.dueDate ?? invoice.invoiceDate;
  const total = invoice.totalAmount ?? 0;
  const discount = earlyPaymentDiscount(invoice.invoiceDate, invoice.terms, total);
  const dueText =
    due === invoice.invoiceDate
      ? 'Payment is due on receipt.'
      : priced
        ? `Payment of ${money(total)} is due by ${due}.`
        : `Payment is due by ${due}.`;
  const discountText =
    discount === null
      ? ''
      : priced
        ? ` Paid by ${discount.date}, ${money(addMoney(total, -discount.amount))} settles it (${invoice.terms!.discountPercent}% discount: ${money(discount.amount)}).`
        : ` Paid by ${discount.date}, it earns a ${invoice.terms!.discountPercent}% discount.`;
  return {
    table: {
      widths: ['*'],
      body: [
        [
          {
            stack: [
              { text: `TERMS: ${termsName(invoice.terms).toUpperCase()}`, style: 'label' },
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
  options: { hidePrices: boolean },
): Promise<Buffer> {
  const kind = invoice.kind === 'credit' ? 'Credit note' : 'Invoice';
  return renderPdf({
    title: `${kind} ${invoice.number}`,
    content: invoiceContent(invoice, letterhead, options),
  });
}
