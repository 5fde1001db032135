/**
 * R-INV-10: the invoice (or credit note) as a PDF: the producer's name, address and phone, the
 * bill-to customer, the number and date, one line per ticket product (ticket, date, order,
 * product, quantity, unit, price, amount, tax) and the totals. For a caller whose level hides
 * prices (R-PERM-6) the money columns and totals are left out.
 */
import { asc, eq } from 'drizzle-orm';
import type { Content, TableCell } from 'pdfmake/interfaces';
import type { InvoiceDetail } from '@dispatch/domain/invoicing/invoice-schemas';
import { isUnitId, unitAbbreviation } from '@dispatch/domain/units';
import type { Db } from '../../db/client';
import { truckCompanies } from '../../db/schema/lookups';
import { systemParameters } from '../../db/schema/settings';
import { renderPdf } from '../../pdf/render-pdf';
import { money, quantity, right } from '../../pdf/pdf-text';
import { postalLines } from './postal-address';

export type Letterhead = { name: string; lines: string[] };

/** The producer: the companyName system parameter, and its own truck company's address. */
export async function letterheadOf(db: Db): Promise<Letterhead> {
  const [parameter] = await db
    .select({ value: systemParameters.value })
    .from(systemParameters)
    .where(eq(systemParameters.key, 'companyName'));
  const [own] = await db
    .select()
    .from(truckCompanies)
    .where(eq(truckCompanies.outsideCompanyFlag, false))
    .orderBy(asc(truckCompanies.id))
    .limit(1);
  const name =
    typeof parameter?.value === 'string' && parameter.value.trim() !== ''
      ? parameter.value.trim()
      : (own?.name ?? 'Dispatch');
  const address = own
    ? postalLines([
        own.address1,
        own.address2,
        own.address3,
        own.address4,
        own.address5,
        own.address6,
        own.address7,
      ])
    : [];
  return { name, lines: [...address, ...(own?.phoneNumber ? [own.phoneNumber] : [])] };
}

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
  const body: TableCell[][] = invoice.lines.map((line) => [
    right(line.ticketNumber === null ? '' : String(line.ticketNumber)),
    line.ticketDate,
    right(line.orderNumber === null ? '' : String(line.orderNumber)),
    {
      stack: [
        { text: line.description },
        {
          text: [line.productNumber, line.plantName, line.jobNumber ? `Job ${line.jobNumber}` : '']
            .filter((part) => part !== '')
            .join(' · '),
          style: 'label',
        },
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
  const widths = priced ? [44, 56, 40, '*', 44, 30, 54, 62, 48] : [50, 62, 50, '*', 60, 40];
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
                [
                  { text: 'Date', style: 'label', alignment: 'right' },
                  { text: invoice.invoiceDate, alignment: 'right' },
                ],
                [
                  { text: 'Customer no.', style: 'label', alignment: 'right' },
                  { text: invoice.customerNumber, alignment: 'right' },
                ],
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
    {
      text: isCredit
        ? 'This credit note reverses the invoice named above; its tickets may be invoiced again.'
        : 'Thank you for your business. Please quote the invoice number with your payment.',
      style: 'label',
      margin: [0, 24, 0, 0],
    },
  ];
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
