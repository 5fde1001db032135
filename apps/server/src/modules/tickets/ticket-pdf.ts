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
 * heading, its void status and reason (R-TEDIT-9).
 */
import type { Column, Content, ContentTable, TableCell } from 'pdfmake/interfaces';
import { lineAmount } from '@dispatch/domain/pricing/order-pricing';
import { systemTypeById } from '@dispatch/domain/system-types';
import { money, quantity, right } from '../../pdf/pdf-text';
import { renderPdf } from '../../pdf/render-pdf';
import type { Letterhead } from '../../pdf/letterhead';
import type { TicketPrint, TicketPrintLine } from './ticket-print.service';

export type TicketPdfOptions = { hidePrices: boolean; timeZone?: string | undefined };

const accent = '#1c3d6e';

function stamp(value: Date | null, options: TicketPdfOptions, part: 'date' | 'time'): string {
  if (!value) return '';
  return part === 'date'
    ? value.toLocaleDateString('en-US', {
        dateStyle: 'medium',
        ...(options.timeZone ? { timeZone: options.timeZone } : {}),
      })
    : value.toLocaleTimeString('en-US', {
        timeStyle: 'short',
        ...(options.timeZone ? { timeZone: options.timeZone } : {}),
      });
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

function heading(ticket: TicketPrint, letterhead: Letterhead, options: TicketPdfOptions): Content {
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
            text: `${systemTypeById(ticket.systemTypeId).name.toUpperCase()} DELIVERY TICKET`,
            bold: true,
            fontSize: 11,
            color: accent,
            alignment: 'right',
          },
          {
            text: `No. ${ticket.number}`,
            fontSize: 22,
            bold: true,
            alignment: 'right',
            margin: [0, 2, 0, 2],
          },
          {
            text: `${stamp(ticket.ticketDateTime, options, 'date')} · ${stamp(ticket.ticketDateTime, options, 'time')}`,
            alignment: 'right',
          },
        ],
      },
    ],
    margin: [0, 0, 0, 8],
  };
}

function parties(ticket: TicketPrint): Content {
  const job = ticket.job;
  return {
    columns: [
      {
        width: '50%',
        stack: [
          { text: 'CUSTOMER', style: 'label' },
          { text: ticket.customer.name, bold: true, fontSize: 11 },
          { text: `Customer no. ${ticket.customer.number}` },
          {
            text: `Order ${ticket.orderNumber}${ticket.customerPoNumber ? ` · PO ${ticket.customerPoNumber}` : ''}`,
          },
        ],
      },
      {
        width: '50%',
        stack: [
          { text: 'DELIVER TO (JOB)', style: 'label' },
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
            : [{ text: 'Picked up at the plant', italics: true }]),
        ],
      },
    ],
    margin: [0, 0, 0, 6],
  };
}

function productTable(ticket: TicketPrint, options: TicketPdfOptions): Content {
  const priced = !options.hidePrices;
  const concrete = ticket.systemTypeId === 1;
  const block = ticket.systemTypeId === 3;
  const header = [
    { text: 'Product', align: 'left' },
    { text: concrete ? 'Mix / description' : 'Description', align: 'left' },
    { text: 'This load', align: 'right' },
    { text: 'Unit', align: 'left' },
    ...(block ? [{ text: 'Cubes', align: 'right' }] : []),
    ...(concrete ? [{ text: 'Slump', align: 'right' }] : []),
    { text: 'Delivered to date', align: 'right' },
    { text: 'Ordered', align: 'right' },
    ...(priced
      ? [
          { text: 'Price', align: 'right' },
          { text: 'Amount', align: 'right' },
        ]
      : []),
  ];
  const row = (line: TicketPrintLine): TableCell[] => [
    line.productNumber,
    line.description,
    right(quantity(line.quantity)),
    line.unit,
    ...(block ? [right(line.unitsPerCube ? quantity(line.quantity / line.unitsPerCube) : '')] : []),
    ...(concrete ? [right(line.slump === null ? '' : quantity(line.slump))] : []),
    right(quantity(line.cumulativeQuantity)),
    right(line.orderedQuantity === null ? '' : quantity(line.orderedQuantity)),
    ...(priced
      ? [right(money(line.price)), right(line.price === null ? '' : money(lineAmount(line)))]
      : []),
  ];
  const widths = header.map((column) =>
    column.text === 'Mix / description' || column.text === 'Description' ? '*' : 'auto',
  );
  return {
    table: {
      headerRows: 1,
      widths,
      body: [
        header.map((column): TableCell => ({
          text: column.text,
          style: 'tableHeader',
          alignment: column.align as 'left' | 'right',
        })),
        ...ticket.lines.map(row),
      ],
    },
    layout: 'lightHorizontalLines',
    margin: [0, 0, 0, 4],
  };
}

/** R-TENT-7: the ticket's money under its lines, right-aligned as an invoice's totals read. */
function totalsTable(ticket: TicketPrint, options: TicketPdfOptions): Content[] {
  const totals = ticket.totals;
  if (options.hidePrices || !totals) return [];
  const rate = totals.taxRate.toLocaleString('en-US', { maximumFractionDigits: 4 });
  const rows: [string, number, boolean][] = [
    ['Subtotal', totals.subtotal - totals.restockingCharge, false],
    ...(totals.restockingCharge !== 0
      ? [['Restocking charge', totals.restockingCharge, false] as [string, number, boolean]]
      : []),
    [`Tax (${rate} %)`, totals.tax, false],
    ['Total', totals.total, true],
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
              { text: money(amount), bold, fontSize: bold ? 11 : 10, alignment: 'right' },
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
function batchWeightsTable(ticket: TicketPrint): Content[] {
  if (ticket.batchWeights.length === 0) return [];
  const variance = (target: number, batched: number | null) =>
    batched === null || target === 0
      ? ''
      : `${((100 * (batched - target)) / target).toLocaleString('en-US', {
          maximumFractionDigits: 1,
          minimumFractionDigits: 1,
          signDisplay: 'exceptZero',
        })} %`;
  return [
    { text: 'BATCHED WEIGHTS', style: 'label', margin: [0, 0, 0, 2] },
    {
      table: {
        headerRows: 1,
        widths: ['auto', '*', 'auto', 'auto', 'auto', 'auto'],
        body: [
          [
            { text: 'Material', style: 'tableHeader' },
            { text: 'Description', style: 'tableHeader' },
            { text: 'Target', style: 'tableHeader', alignment: 'right' },
            { text: 'Actual', style: 'tableHeader', alignment: 'right' },
            { text: 'Unit', style: 'tableHeader' },
            { text: 'Variance', style: 'tableHeader', alignment: 'right' },
          ],
          ...ticket.batchWeights.map((line): TableCell[] => [
            line.code,
            line.description,
            right(quantity(line.target)),
            right(line.batched === null ? 'not batched' : quantity(line.batched)),
            line.unit ?? '',
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

function voidMark(ticket: TicketPrint): Content[] {
  if (!ticket.voidStatus) return [];
  return [
    {
      table: {
        widths: ['auto', '*'],
        body: [
          [
            { text: 'VOID', color: '#b42318', bold: true, fontSize: 22, margin: [4, 0, 8, 0] },
            {
              stack: [
                { text: ticket.voidStatus, bold: true, color: '#b42318', fontSize: 11 },
                ...(ticket.voidReason ? [{ text: `Reason: ${ticket.voidReason}` }] : []),
                {
                  text: 'This ticket is void: nothing on it is to be delivered or charged.',
                  style: 'label',
                },
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

function concreteDetails(ticket: TicketPrint): Content[] {
  const mix = ticket.mix;
  const allowed = ticket.maxAllowableWaterGallons;
  return [
    ...(mix
      ? [
          boxes(
            [
              field('Mix design', mix.description),
              field('Strength', mix.strength === null ? '' : `${quantity(mix.strength)} psi`),
              field('Slump', mix.slump === null ? '' : `${quantity(mix.slump)} in`),
              field('Air', mix.air === null ? '' : `${quantity(mix.air)} %`),
              field('Max. aggregate', mix.aggregateSize ?? ''),
              field('Cement', mix.cementType ?? ''),
              field(
                'W/C ratio',
                mix.waterToCementRatio === null ? '' : String(mix.waterToCementRatio),
              ),
            ],
            [130, '*', '*', '*', '*', '*', '*'],
          ),
        ]
      : []),
    ...batchWeightsTable(ticket),
    boxes(
      [
        field(
          'Water added on site',
          ticket.waterAdded === null ? '________ gal' : `${quantity(ticket.waterAdded)} gal`,
          { bold: true },
        ),
        field(
          'Most water that may be added',
          allowed === null ? 'none set' : `${quantity(allowed)} gal`,
          {
            bold: true,
          },
        ),
        field('Added at request of (signature)', ''),
      ],
      [120, 150, '*'],
    ),
    {
      text:
        'Water added beyond the amount shown lowers strength and durability; it is added at the customer’s request and responsibility. ' +
        'Concrete is to be placed within 90 minutes of the time loaded (ASTM C94 / EN 206).',
      style: 'label',
      margin: [0, 0, 0, 6],
    },
  ];
}

function aggregateDetails(ticket: TicketPrint): Content[] {
  const weight = (value: number | null) => (value === null ? '' : `${quantity(value)} lb`);
  return [
    boxes([
      field('Gross', weight(ticket.grossWeight), { bold: true }),
      field('Tare', weight(ticket.tareWeight), { bold: true }),
      field('Net', weight(ticket.netWeight), { bold: true }),
      // R-TENT-3: the pit's bill of lading travels with the load.
      field(
        'Bill of lading',
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

function receipt(ticket: TicketPrint, options: TicketPdfOptions): Content[] {
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
                    text: 'CASH ON DELIVERY: COLLECT BEFORE UNLOADING',
                    bold: true,
                    color: '#ffffff',
                  },
                  {
                    text: money(ticket.codAmount),
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
    { text: 'COMMENTS', style: 'label', margin: [0, 2, 0, 0] },
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
        signatureLine('Received by (signature)', 220),
        signatureLine('Print name', 170),
        signatureLine('Time', 110),
      ],
      columnGap: 16,
      margin: [0, 2, 0, 0],
    },
    {
      text: 'The receiver’s signature acknowledges delivery of the material above in good condition. Report any shortage or damage on this ticket.',
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
  return [
    heading(ticket, letterhead, options),
    ...voidMark(ticket),
    parties(ticket),
    boxes([
      field('Truck', ticket.truckNumber, { bold: true }),
      field('Driver', ticket.driverName),
      field('Load', ticket.loadNumber === null ? '' : String(ticket.loadNumber)),
      field('Plant', ticket.plant.name),
      field('Time loaded', stamp(ticket.batchDateTime, options, 'time'), { bold: true }),
    ]),
    productTable(ticket, options),
    ...totalsTable(ticket, options),
    ...(ticket.systemTypeId === 1 ? concreteDetails(ticket) : []),
    ...(ticket.systemTypeId === 2 ? aggregateDetails(ticket) : []),
    ...receipt(ticket, options),
  ];
}

export function renderTicketPdf(
  ticket: TicketPrint,
  letterhead: Letterhead,
  options: TicketPdfOptions,
): Promise<Buffer> {
  return renderPdf({
    title: `Delivery ticket ${ticket.number}`,
    content: ticketContent(ticket, letterhead, options),
    ...(ticket.voidStatus ? { watermark: 'VOID' } : {}),
  });
}
