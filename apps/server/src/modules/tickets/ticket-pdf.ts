/**
 * R-DISP-9, R-DISP-10, R-DISP-11: the delivery ticket as a PDF, per system type, carrying what ASTM C94
 * (section 14) and EN 206 (section 7.3) ask of a delivery ticket: the producer and plant, the
 * ticket's serial number and date, the truck and driver, the customer, the job and its address,
 * the product or mix with this load's quantity and the order's cumulative quantity, the time
 * loaded, for concrete the mix design, the water added and the most that may be added, the
 * weights for aggregate, the cubes (pallets) for block, the cash-on-delivery amount, and lines for the
 * receiver's signature and comments. Concrete also prints the weights batched per raw material,
 * target and actual (R-BATCH-6); a priced ticket its subtotal, restocking charge, tax and total
 * (R-TENT-7). For a caller whose level hides prices (R-PERM-6) the price columns, the totals and
 * the COD amount are left out. A voided ticket prints VOID across every page and, under its
 * heading, its void status and reason (R-TEDIT-9). It is written in the customer's language (issue
 * 25, item 4): its words come from ticket-pdf-words.ts, its numbers and dates from pdfFormats.
 * A ticket the receiver signed on the driver's phone prints the signed receipt instead of the
 * blank signature lines (R-ETICKET-8).
 */
import type { Column, Content, ContentTable, TableCell } from 'pdfmake/interfaces';
import { lineAmount } from '@dispatch/domain/pricing/order-pricing';
import { systemTypeById } from '@dispatch/domain/system-types';
import { pdfFormats, right, type PdfFormats } from '../../pdf/pdf-text';
import { renderPdf } from '../../pdf/render-pdf';
import type { Letterhead } from '../../pdf/letterhead';
import type { TicketPrint, TicketPrintDelivery, TicketPrintLine } from './ticket-print.service';
import { ticketWords, type TicketWords } from './ticket-pdf-words';

export type TicketPdfOptions = { hidePrices: boolean; timeZone?: string | undefined };

/** What every part of the layout reads: the ticket, and its words and formats. */
type Sheet = {
  ticket: TicketPrint;
  options: TicketPdfOptions;
  words: TicketWords;
  format: PdfFormats;
};

const accent = '#1c3d6e';

function sheetOf(ticket: TicketPrint, options: TicketPdfOptions): Sheet {
  const language = ticket.customer.language;
  return { ticket, options, words: ticketWords(language), format: pdfFormats(language) };
}

function stamp(value: Date | null, sheet: Sheet, part: 'date' | 'time'): string {
  if (!value) return '';
  return sheet.format[part](value, sheet.options.timeZone);
}

/** A labelled value, as the boxes of the ticket read: the label small above, the value below. */
function field(label: string, value: string, options: { bold?: boolean } = {}): Content {
  return {
    stack: [
      { text: label.toUpperCase(), style: 'label' },
      { text: value === '' ? ' ' : value, bold: options.bold ?? false },
    ],
  };
}

const boxLayout: ContentTable['layout'] = {
  hLineWidth: () => 0.5,
  vLineWidth: () => 0.5,
  hLineColor: () => '#9aa3ad',
  vLineColor: () => '#9aa3ad',
  paddingLeft: () => 5,
  paddingRight: () => 5,
  paddingTop: () => 3,
  paddingBottom: () => 3,
};

function boxes(cells: Content[], widths?: (string | number)[]): ContentTable {
  return {
    table: { widths: widths ?? cells.map(() => '*'), body: [cells] },
    layout: boxLayout,
    margin: [0, 0, 0, 6],
  };
}

function heading(sheet: Sheet, letterhead: Letterhead): Content {
  const { ticket, words } = sheet;
  return {
    columns: [
      {
        width: '*',
        stack: [
          { text: letterhead.name, style: 'title' },
          { text: ticket.plant.name, bold: true },
          ...ticket.plant.lines.map((text) => ({ text, color: '#444444' })),
          ...(ticket.plant.phone ? [{ text: ticket.plant.phone, color: '#444444' }] : []),
        ],
      },
      {
        width: 210,
        stack: [
          {
            text: words.heading[systemTypeById(ticket.systemTypeId).key],
            bold: true,
            fontSize: 11,
            color: accent,
            alignment: 'right',
          },
          {
            text: words.number(ticket.number),
            fontSize: 22,
            bold: true,
            alignment: 'right',
            margin: [0, 2, 0, 2],
          },
          {
            text: `${stamp(ticket.ticketDateTime, sheet, 'date')} · ${stamp(ticket.ticketDateTime, sheet, 'time')}`,
            alignment: 'right',
          },
        ],
      },
    ],
    margin: [0, 0, 0, 8],
  };
}

function parties({ ticket, words }: Sheet): Content {
  const job = ticket.job;
  return {
    columns: [
      {
        width: '50%',
        stack: [
          { text: words.customer.toUpperCase(), style: 'label' },
          { text: ticket.customer.name, bold: true, fontSize: 11 },
          { text: words.customerNumber(ticket.customer.number) },
          {
            text: `${words.order(ticket.orderNumber)}${ticket.customerPoNumber ? ` · ${words.po(ticket.customerPoNumber)}` : ''}`,
          },
        ],
      },
      {
        width: '50%',
        stack: [
          { text: words.deliverTo.toUpperCase(), style: 'label' },
          ...(job
            ? [
                {
                  text: [job.number, job.site].filter((part) => part !== '').join(' · '),
                  bold: true,
                  fontSize: 11,
                },
                ...job.lines.map((text) => ({ text })),
                ...(job.directions
                  ? [{ text: job.directions, italics: true, color: '#444444' }]
                  : []),
              ]
            : [{ text: words.pickedUp, italics: true }]),
        ],
      },
    ],
    margin: [0, 0, 0, 6],
  };
}

type HeaderColumn = { text: string; align: 'left' | 'right'; wide?: boolean };

function productTable({ ticket, options, words, format }: Sheet): Content {
  const priced = !options.hidePrices;
  const concrete = ticket.systemTypeId === 1;
  const block = ticket.systemTypeId === 3;
  const { quantity, money } = format;
  const named = words.columns;
  const header: HeaderColumn[] = [
    { text: named.product, align: 'left' },
    // The description takes the room the numbers leave.
    { text: concrete ? named.mix : named.description, align: 'left', wide: true },
    { text: named.thisLoad, align: 'right' },
    { text: named.unit, align: 'left' },
    ...(block ? [{ text: named.cubes, align: 'right' } as const] : []),
    ...(concrete ? [{ text: named.slump, align: 'right' } as const] : []),
    { text: named.delivered, align: 'right' },
    { text: named.ordered, align: 'right' },
    ...(priced
      ? ([
          { text: named.price, align: 'right' },
          { text: named.amount, align: 'right' },
        ] as const)
      : []),
  ];
  const row = (line: TicketPrintLine): TableCell[] => [
    line.productNumber,
    line.description,
    right(quantity(line.quantity)),
    // A unit such as "/yd" must not break at its slash when the table is tight.
    { text: format.unit(line.unit), noWrap: true },
    ...(block ? [right(line.unitsPerCube ? quantity(line.quantity / line.unitsPerCube) : '')] : []),
    ...(concrete ? [right(line.slump === null ? '' : quantity(line.slump))] : []),
    right(quantity(line.cumulativeQuantity)),
    right(line.orderedQuantity === null ? '' : quantity(line.orderedQuantity)),
    ...(priced
      ? [right(money(line.price)), right(line.price === null ? '' : money(lineAmount(line)))]
      : []),
  ];
  const widths = header.map((column) => (column.wide ? '*' : 'auto'));
  return {
    table: {
      headerRows: 1,
      widths,
      body: [
        header.map((column): TableCell => ({
          text: column.text,
          style: 'tableHeader',
          alignment: column.align,
        })),
        ...ticket.lines.map(row),
      ],
    },
    layout: 'lightHorizontalLines',
    margin: [0, 0, 0, 4],
  };
}

/** R-TENT-7: the ticket's money under its lines, right-aligned as an invoice's totals read. */
function totalsTable({ ticket, options, words, format }: Sheet): Content[] {
  const totals = ticket.totals;
  if (options.hidePrices || !totals) return [];
  const rate = format.number(totals.taxRate, { maximumFractionDigits: 4 });
  const rows: [string, number, boolean][] = [
    [words.subtotal, totals.subtotal - totals.restockingCharge, false],
    ...(totals.restockingCharge !== 0
      ? [[words.restocking, totals.restockingCharge, false] as [string, number, boolean]]
      : []),
    [words.tax(rate), totals.tax, false],
    [words.total, totals.total, true],
  ];
  return [
    {
      columns: [
        { width: '*', text: '' },
        {
          width: 220,
          table: {
            widths: ['*', 'auto'],
            body: rows.map(([label, amount, bold]): TableCell[] => [
              { text: label, bold, fontSize: bold ? 11 : 10 },
              { text: format.money(amount), bold, fontSize: bold ? 11 : 10, alignment: 'right' },
            ]),
          },
          layout: {
            hLineWidth: (i: number, node: { table: { body: unknown[] } }) =>
              i === node.table.body.length - 1 ? 0.8 : 0,
            vLineWidth: () => 0,
            paddingTop: () => 2,
            paddingBottom: () => 2,
          },
        },
      ],
      margin: [0, 0, 0, 6],
    },
  ];
}

/** R-BATCH-6: what the batch panel weighed out per raw material against the mix design. */
function batchWeightsTable({ ticket, words, format }: Sheet): Content[] {
  if (ticket.batchWeights.length === 0) return [];
  const named = words.batch;
  const variance = (target: number, batched: number | null) =>
    batched === null || target === 0
      ? ''
      : `${format.number((100 * (batched - target)) / target, {
          maximumFractionDigits: 1,
          minimumFractionDigits: 1,
          signDisplay: 'exceptZero',
        })} %`;
  return [
    { text: words.batchedWeights.toUpperCase(), style: 'label', margin: [0, 0, 0, 2] },
    {
      table: {
        headerRows: 1,
        widths: ['auto', '*', 'auto', 'auto', 'auto', 'auto'],
        body: [
          [
            { text: named.material, style: 'tableHeader' },
            { text: named.description, style: 'tableHeader' },
            { text: named.target, style: 'tableHeader', alignment: 'right' },
            { text: named.actual, style: 'tableHeader', alignment: 'right' },
            { text: named.unit, style: 'tableHeader' },
            { text: named.variance, style: 'tableHeader', alignment: 'right' },
          ],
          ...ticket.batchWeights.map((line): TableCell[] => [
            line.code,
            line.description,
            right(format.quantity(line.target)),
            right(line.batched === null ? named.notBatched : format.quantity(line.batched)),
            line.unit === null ? '' : format.unit(line.unit),
            right(variance(line.target, line.batched)),
          ]),
        ],
      },
      layout: {
        hLineWidth: (i: number) => (i === 1 ? 0.8 : 0.3),
        vLineWidth: () => 0,
        hLineColor: () => '#9aa3ad',
        paddingTop: () => 1,
        paddingBottom: () => 1,
      },
      fontSize: 8.5,
      margin: [0, 0, 0, 6],
    },
  ];
}

function voidMark({ ticket, words }: Sheet): Content[] {
  if (!ticket.voidStatus) return [];
  return [
    {
      table: {
        widths: ['auto', '*'],
        body: [
          [
            { text: words.void, color: '#b42318', bold: true, fontSize: 22, margin: [4, 0, 8, 0] },
            {
              stack: [
                { text: ticket.voidStatus, bold: true, color: '#b42318', fontSize: 11 },
                ...(ticket.voidReason ? [{ text: words.voidReason(ticket.voidReason) }] : []),
                { text: words.voidNote, style: 'label' },
              ],
            },
          ],
        ],
      },
      layout: {
        hLineWidth: () => 1.5,
        vLineWidth: () => 1.5,
        hLineColor: () => '#b42318',
        vLineColor: () => '#b42318',
        paddingTop: () => 5,
        paddingBottom: () => 5,
      },
      margin: [0, 0, 0, 10],
    },
  ];
}

function concreteDetails(sheet: Sheet): Content[] {
  const { ticket, words, format } = sheet;
  const { quantity } = format;
  const mix = ticket.mix;
  const allowed = ticket.maxAllowableWaterGallons;
  return [
    ...(mix
      ? [
          boxes(
            [
              field(words.mix.design, mix.description),
              field(
                words.mix.strength,
                mix.strength === null ? '' : `${quantity(mix.strength)} psi`,
              ),
              field(words.mix.slump, mix.slump === null ? '' : `${quantity(mix.slump)} in`),
              field(words.mix.air, mix.air === null ? '' : `${quantity(mix.air)} %`),
              field(words.mix.aggregate, mix.aggregateSize ?? ''),
              field(words.mix.cement, mix.cementType ?? ''),
              field(
                words.mix.waterCement,
                mix.waterToCementRatio === null
                  ? ''
                  : format.number(mix.waterToCementRatio, { maximumFractionDigits: 4 }),
              ),
            ],
            // Each figure as wide as its label or value, the design taking the rest: a longer
            // label (Spanish "Revenimiento") widens its own box, not the row past the margin.
            ['*', 'auto', 'auto', 'auto', 'auto', 'auto', 'auto'],
          ),
        ]
      : []),
    ...batchWeightsTable(sheet),
    boxes(
      [
        field(
          words.waterAdded,
          ticket.waterAdded === null ? '________ gal' : `${quantity(ticket.waterAdded)} gal`,
          { bold: true },
        ),
        field(words.waterAllowed, allowed === null ? words.noneSet : `${quantity(allowed)} gal`, {
          bold: true,
        }),
        field(
          words.waterRequestedBy,
          ticket.delivery?.waterOverMaximumSigned
            ? words.delivery.signedFor(ticket.delivery.receiverName)
            : '',
        ),
      ],
      [120, 150, '*'],
    ),
    {
      text: words.waterWarning,
      style: 'label',
      margin: [0, 0, 0, 6],
    },
  ];
}

function aggregateDetails({ ticket, words, format }: Sheet): Content[] {
  const weight = (value: number | null) => (value === null ? '' : `${format.quantity(value)} lb`);
  return [
    boxes([
      field(words.gross, weight(ticket.grossWeight), { bold: true }),
      field(words.tare, weight(ticket.tareWeight), { bold: true }),
      field(words.net, weight(ticket.netWeight), { bold: true }),
      // R-TENT-3: the pit's bill of lading travels with the load.
      field(
        words.billOfLading,
        ticket.billOfLadingNumber == null ? '' : String(ticket.billOfLadingNumber),
        { bold: true },
      ),
    ]),
  ];
}

function signatureLine(label: string, width: number): Column {
  return {
    width,
    stack: [
      {
        canvas: [{ type: 'line', x1: 0, y1: 0, x2: width, y2: 0, lineWidth: 0.6 }],
        margin: [0, 18, 0, 2],
      },
      { text: label, style: 'label' },
    ],
  };
}

function receiptTable(signature: Content, details: Content, signatureWidth: number): Content {
  return {
    table: { widths: [signatureWidth, '*'], body: [[signature, details]] },
    layout: {
      hLineWidth: () => 0.5,
      vLineWidth: () => 0.5,
      hLineColor: () => '#9aa3ad',
      vLineColor: () => '#9aa3ad',
      paddingLeft: () => 8,
      paddingRight: () => 8,
      paddingTop: () => 6,
      paddingBottom: () => 6,
    },
    margin: [0, 0, 0, 4],
  };
}

/**
 * R-ETICKET-8: the receipt the receiver signed on the driver's phone, in place of the blank lines
 * a paper ticket is signed on: the signature as drawn, who signed and when (in the zone the
 * ticket's other times are printed in), what was delivered, the water added in the unit it was
 * measured in, and the comments.
 */
function signedReceipt(sheet: Sheet, delivery: TicketPrintDelivery): Content[] {
  const { ticket, words, format } = sheet;
  const named = words.delivery;
  const unit = ticket.lines[0]?.unit ?? '';
  const quantity = `${format.quantity(delivery.deliveredQuantity)}${unit ? ` ${format.unit(unit)}` : ''}`;
  const signedAt = `${stamp(delivery.signedAt, sheet, 'date')} · ${stamp(delivery.signedAt, sheet, 'time')}`;
  const signatureWidth = 230;
  const signature: Content = {
    stack: [
      {
        image: delivery.signaturePng,
        fit: [signatureWidth, 64],
        alignment: 'center',
        margin: [0, 2, 0, 2],
      },
      {
        canvas: [{ type: 'line', x1: 0, y1: 0, x2: signatureWidth, y2: 0, lineWidth: 0.6 }],
        margin: [0, 0, 0, 2],
      },
      { text: named.signature.toUpperCase(), style: 'label' },
    ],
  };
  // The second column is as wide as a date and time, so both rows line up under each other.
  const column = (width: string | number, content: Content): Column => ({
    width,
    stack: [content],
  });
  const details: Content = {
    stack: [
      {
        columns: [
          column('*', field(named.receivedBy, delivery.receiverName, { bold: true })),
          column(130, field(named.signedAt, signedAt)),
        ],
        columnGap: 12,
      },
      {
        columns: [
          column('*', field(named.quantity, quantity, { bold: true })),
          column(
            130,
            field(
              named.water,
              `${format.quantity(delivery.waterAdded)} ${format.unit(delivery.waterUnit)}`,
              { bold: true },
            ),
          ),
        ],
        columnGap: 12,
        margin: [0, 5, 0, 5],
      },
      field(named.comments, delivery.comments === '' ? named.noComments : delivery.comments),
    ],
  };
  return [
    {
      // The heading never ends a page without its receipt.
      unbreakable: true,
      stack: [
        {
          text: named.heading.toUpperCase(),
          bold: true,
          fontSize: 9,
          color: accent,
          margin: [0, 4, 0, 2],
        },
        receiptTable(signature, details, signatureWidth),
      ],
    },
    ...(delivery.waterOverMaximumSigned
      ? [{ text: named.overMaximum, bold: true, fontSize: 8.5, margin: [0, 0, 0, 2] } as Content]
      : []),
    { text: named.electronic, style: 'label' },
  ];
}

function blankReceipt({ words }: Sheet): Content[] {
  return [
    { text: words.comments.toUpperCase(), style: 'label', margin: [0, 2, 0, 0] },
    {
      canvas: [0, 1].map((row) => ({
        type: 'line' as const,
        x1: 0,
        y1: 16 + row * 18,
        x2: 532,
        y2: 16 + row * 18,
        lineWidth: 0.4,
        lineColor: '#9aa3ad',
      })),
    },
    {
      columns: [
        signatureLine(words.receivedBy, 220),
        signatureLine(words.printName, 170),
        signatureLine(words.time, 110),
      ],
      columnGap: 16,
      margin: [0, 2, 0, 0],
    },
  ];
}

function receipt(sheet: Sheet): Content[] {
  const { ticket, options, words, format } = sheet;
  const cod = !options.hidePrices && ticket.codAmount !== null;
  return [
    ...(cod
      ? [
          {
            table: {
              widths: ['*', 'auto'],
              body: [
                [
                  {
                    text: words.cod,
                    bold: true,
                    color: '#ffffff',
                  },
                  {
                    text: format.money(ticket.codAmount),
                    bold: true,
                    fontSize: 13,
                    color: '#ffffff',
                    alignment: 'right',
                  },
                ],
              ],
            },
            layout: {
              fillColor: () => accent,
              hLineWidth: () => 0,
              vLineWidth: () => 0,
              paddingTop: () => 5,
              paddingBottom: () => 5,
            },
            margin: [0, 0, 0, 6],
          } as Content,
        ]
      : []),
    ...(ticket.ticketNotes
      ? [{ text: ticket.ticketNotes, italics: true, margin: [0, 0, 0, 4] } as Content]
      : []),
    ...(ticket.delivery ? signedReceipt(sheet, ticket.delivery) : blankReceipt(sheet)),
    {
      text: words.receipt,
      style: 'label',
      margin: [0, 6, 0, 0],
    },
  ];
}

export function ticketContent(
  ticket: TicketPrint,
  letterhead: Letterhead,
  options: TicketPdfOptions,
): Content {
  const sheet = sheetOf(ticket, options);
  const { words } = sheet;
  return [
    heading(sheet, letterhead),
    ...voidMark(sheet),
    parties(sheet),
    boxes([
      field(words.truck, ticket.truckNumber, { bold: true }),
      field(words.driver, ticket.driverName),
      field(words.load, ticket.loadNumber === null ? '' : String(ticket.loadNumber)),
      field(words.plant, ticket.plant.name),
      field(words.timeLoaded, stamp(ticket.batchDateTime, sheet, 'time'), { bold: true }),
    ]),
    productTable(sheet),
    ...totalsTable(sheet),
    ...(ticket.systemTypeId === 1 ? concreteDetails(sheet) : []),
    ...(ticket.systemTypeId === 2 ? aggregateDetails(sheet) : []),
    ...receipt(sheet),
  ];
}

export function renderTicketPdf(
  ticket: TicketPrint,
  letterhead: Letterhead,
  options: TicketPdfOptions,
): Promise<Buffer> {
  const words = ticketWords(ticket.customer.language);
  const title = words.title(ticket.number);
  return renderPdf({
    title,
    content: ticketContent(ticket, letterhead, options),
    footer: (page, pages) => words.page(title, page, pages),
    ...(ticket.voidStatus ? { watermark: words.void } : {}),
  });
}
