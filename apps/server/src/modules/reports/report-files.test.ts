/**
 * The three renderers and the price rule on a document made by hand (R-RPT-7..R-RPT-9, R-PERM-6):
 * landscape for wide tables, subtotals only when a table is too long for paper, section and total
 * rows, amounts left out everywhere for a level that hides prices, one table per CSV.
 */
import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import type { ContentTable } from 'pdfmake/interfaces';
import { reportCsv } from './report-csv';
import { table, withoutPrices, type ReportDocument, type ReportRow } from './report-document';
import { cellCsv, cellText } from './report-format';
import { isLandscape, pdfDetailRowLimit, reportPdf, reportPdfDocument } from './report-pdf';
import { reportXlsx } from './report-xlsx';

const documentWith = (
  rows: ReportRow[][],
  extra: Partial<ReportDocument> = {},
): ReportDocument => ({
  key: 'shippedOrders',
  title: 'Shipped orders, 1–30 Nov 2026',
  description: 'Orders shipped in the period.',
  company: 'Scioto Valley Materials',
  database: 'DEMO',
  period: '1–30 Nov 2026',
  parameters: [{ label: 'Plants', value: 'all' }],
  generatedAt: '1 Dec 2026 08:00',
  generatedBy: 'clerk',
  charts: [
    {
      title: 'Quantity',
      categories: ['a'],
      series: [{ name: 'q', values: [1], color: '#000000', kind: 'bar' }],
    },
    {
      title: 'Money',
      categories: ['a'],
      series: [{ name: 'm', values: [1], color: '#000000', kind: 'bar' }],
      priced: true,
    },
  ],
  tables: [
    table({
      sheet: 'Orders',
      sectionLabel: 'Plant',
      unitKey: 'unit',
      columns: [
        { key: 'order', label: 'Order', kind: 'text' },
        { key: 'unit', label: 'Unit', kind: 'text', width: 26 },
        { key: 'quantity', label: 'Quantity', kind: 'quantity', aggregate: 'sum' },
        { key: 'amount', label: 'Amount', kind: 'money', priced: true, aggregate: 'sum' },
      ],
      sections: rows.map((sectionRows, index) => ({
        label: `Plant ${index + 1}`,
        rows: sectionRows,
      })),
    }),
    table({
      title: 'Amounts only',
      sheet: 'Amounts',
      columns: [
        { key: 'order', label: 'Order', kind: 'text' },
        { key: 'amount', label: 'Amount', kind: 'money', priced: true, aggregate: 'sum' },
      ],
      sections: [{ label: null, rows: [{ order: '1', amount: 5 }] }],
      outputs: ['pdf', 'xlsx'],
    }),
  ],
  notes: [],
  summary: '',
  rowCount: 0,
  ...extra,
});

const tablesOf = (document: ReportDocument) =>
  (reportPdfDocument(document).content as object[]).filter(
    (node): node is ContentTable => 'table' in node,
  );

describe('report files', () => {
  const rows = [
    [
      { order: '1', unit: 'yd³', quantity: 10, amount: 1200 },
      { order: '2', unit: 'yd³', quantity: 2.5, amount: 300.5 },
    ],
    [{ order: '3', unit: 'tn', quantity: 20, amount: 400 }],
  ];

  it('formats cells by kind for print and for data', () => {
    expect(cellText('money', 1234.5)).toBe('1,234.50');
    expect(cellText('percent', 93.33)).toBe('93.3%');
    expect(cellText('integer', 1200)).toBe('1,200');
    expect(cellText('date', '2026-11-02')).toBe('2 Nov 2026');
    expect(cellText('dateTime', '2026-11-02 07:30')).toBe('2 Nov 07:30');
    expect(cellText('text', null)).toBe('');
    expect(cellCsv('money', 10.005)).toBe(10.01);
    expect(cellCsv('quantity', null)).toBe('');
  });

  it('adds up sections, and quantities only within one unit', () => {
    const [orders] = documentWith(rows).tables;
    expect(orders!.sections[0]!.subtotal).toMatchObject({
      unit: 'yd³',
      quantity: 12.5,
      amount: 1500.5,
    });
    expect(orders!.total).toMatchObject({ unit: null, quantity: null, amount: 1900.5 });
  });

  it('prints sections, subtotals and a total, portrait when the table fits', () => {
    const document = documentWith(rows);
    expect(isLandscape(document)).toBe(false);
    const [orders] = tablesOf(document);
    const body = orders!.table.body as { text?: string; colSpan?: number }[][];
    expect(body.map((row) => row[0]!.text)).toEqual([
      'Order',
      'Plant 1',
      '1',
      '2',
      'Subtotal Plant 1',
      'Plant 2',
      '3',
      'Subtotal Plant 2',
      'Total',
    ]);
    expect(body[1]![0]!.colSpan).toBe(4);
    expect(body[8]!.map((cell) => cell.text)).toEqual(['Total', '', '', '1,900.50']);
  });

  it('R-RPT-7: writes a workbook Excel reads: typed cells, formats, SUBTOTAL totals, frozen header, filter', async () => {
    const document = documentWith(rows, {
      tables: [
        ...documentWith(rows).tables,
        table({
          sheet: 'Times',
          columns: [
            { key: 'day', label: 'Day', kind: 'date' },
            { key: 'at', label: 'At', kind: 'dateTime' },
            { key: 'share', label: 'Share', kind: 'percent' },
            { key: 'note', label: 'Note <&>', kind: 'text' },
          ],
          sections: [
            {
              label: null,
              rows: [{ day: '2026-11-02', at: '2026-11-02 07:30', share: 12.5, note: 'a & "b"' }],
            },
          ],
        }),
      ],
    });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(reportXlsx(document) as unknown as ArrayBuffer);
    expect(book.worksheets.map((sheet) => sheet.name)).toEqual(['Orders', 'Amounts', 'Times']);
    const orders = book.getWorksheet('Orders')!;
    expect(orders.getCell('A1').value).toBe(document.title);
    expect(orders.getCell('A1').font?.bold).toBe(true);
    expect((orders.getRow(6).values as unknown[]).slice(1)).toEqual([
      'Plant',
      'Order',
      'Unit',
      'Quantity',
      'Amount',
    ]);
    expect(orders.getCell('E6').alignment?.horizontal).toBe('right');
    expect((orders.getRow(7).values as unknown[]).slice(1)).toEqual([
      'Plant 1',
      '1',
      'yd³',
      10,
      1200,
    ]);
    expect(orders.getCell('E7').numFmt).toBe('#,##0.00');
    expect(orders.getCell('A9').value).toBe('Subtotal Plant 1');
    expect(orders.getCell('E9').value).toEqual({ formula: 'SUBTOTAL(9,E7:E8)', result: 1500.5 });
    expect(orders.getCell('A12').value).toBe('Total');
    expect(orders.getCell('E12').value).toEqual({ formula: 'SUBTOTAL(9,E7:E11)', result: 1900.5 });
    expect(orders.getCell('E12').font?.bold).toBe(true);
    expect(orders.views[0]).toMatchObject({ state: 'frozen', xSplit: 1, ySplit: 6 });
    expect(orders.autoFilter).toBe('A6:E6');
    const times = book.getWorksheet('Times')!;
    expect((times.getRow(7).values as unknown[]).slice(1)).toEqual([
      new Date(Date.UTC(2026, 10, 2)),
      new Date(Date.UTC(2026, 10, 2, 7, 30)),
      0.125,
      'a & "b"',
    ]);
    expect(times.getCell('A7').numFmt).toBe('yyyy-mm-dd');
    expect(times.getCell('C7').numFmt).toBe('0.0%');
    expect(times.getCell('D6').value).toBe('Note <&>');
  });

  it('R-RPT-9: a table too long for paper prints one line per section and says where the rest is', () => {
    const many = Array.from({ length: pdfDetailRowLimit + 1 }, (_, index) => ({
      order: String(index),
      unit: 'yd³',
      quantity: 1,
      amount: 1,
    }));
    const document = documentWith([many.slice(0, 10), many.slice(10)]);
    const content = reportPdfDocument(document).content as { text?: string }[];
    expect(content.map((node) => node.text)).toContain(
      `${(pdfDetailRowLimit + 1).toLocaleString('en-US')} rows: this PDF prints one line per plant; every row is in the CSV and Excel files.`,
    );
    const body = tablesOf(document)[0]!.table.body as { text?: string }[][];
    expect(body.map((row) => row[0]!.text)).toEqual(['Order', 'Plant 1', 'Plant 2', 'Total']);
  });

  it('turns the page for a wide table', () => {
    const wide = documentWith(rows);
    wide.tables[0]!.columns.push(
      ...Array.from({ length: 9 }, (_, index) => ({
        key: `extra${index}`,
        label: `Extra ${index}`,
        kind: 'quantity' as const,
      })),
    );
    expect(isLandscape(wide)).toBe(true);
    expect(reportPdfDocument(wide).pageSize).toEqual({ width: 792, height: 612 });
  });

  it('R-PERM-6: leaves amounts out of tables, charts and files for a level that hides prices', async () => {
    const hidden = withoutPrices(documentWith(rows));
    expect(hidden.tables.map((each) => each.sheet)).toEqual(['Orders']);
    expect(hidden.tables[0]!.columns.map((column) => column.key)).toEqual([
      'order',
      'unit',
      'quantity',
    ]);
    expect(hidden.tables[0]!.total).not.toHaveProperty('amount');
    expect(hidden.tables[0]!.sections[0]!.rows[0]).toEqual({
      order: '1',
      unit: 'yd³',
      quantity: 10,
    });
    expect(hidden.charts.map((chart) => chart.title)).toEqual(['Quantity']);
    expect(hidden.notes).toEqual(['Amounts are left out: your permission hides prices.']);
    expect(reportCsv(hidden).toString('utf8')).toBe(
      '\ufeffPlant,Order,Unit,Quantity\r\nPlant 1,1,yd³,10\r\nPlant 1,2,yd³,2.5\r\nPlant 2,3,tn,20\r\n',
    );
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(reportXlsx(hidden) as unknown as ArrayBuffer);
    expect(book.worksheets.map((sheet) => sheet.name)).toEqual(['Orders']);
    expect((await reportPdf(hidden)).subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('writes an empty CSV and a one-line workbook when there is no table for them', async () => {
    const bare = documentWith(rows, { tables: [] });
    expect(reportCsv(bare).toString('utf8')).toBe('\ufeff');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(reportXlsx(bare) as unknown as ArrayBuffer);
    expect(book.worksheets.map((sheet) => sheet.name)).toEqual(['Report']);
  });
});
