/**
 * A report as a PDF (R-RPT-7, R-RPT-8): a header with the company and database, the title, the
 * period and the parameters; the charts; then each table with its header repeated on every page,
 * section rows, subtotals and a total. Wide tables turn the page to landscape. A table too long
 * to read on paper prints its subtotals only and says the detail is in the CSV and Excel files
 * (R-RPT-9); the footer numbers the pages (render-pdf).
 */
import type { Content, ContentTable, TableCell } from 'pdfmake/interfaces';
import { renderPdf, type PdfDocument } from '../../pdf/render-pdf';
import { chartSvg } from '../../pdf/svg-chart';
import type { ReportColumn, ReportDocument, ReportRow, ReportTable } from './report-document';
import { cellText, isNumeric } from './report-format';
import type { ReportLanguage } from '@dispatch/domain/reports/report-language';
import { pdfTexts } from './report-language';

/** R-RPT-9: more detail rows than this and the PDF prints the table's subtotals only. */
export const pdfDetailRowLimit = 4000;

const letter = { width: 612, height: 792 };
const margins = 80;
const fills = { header: '#e8edf3', section: '#f4f6f9', total: '#e8edf3' };

/** Points a column asks for; text columns stretch past it. */
function widthOf(column: ReportColumn): number {
  // A heading may wrap between its words, never inside one.
  const longestWord = Math.max(...column.label.split(' ').map((word) => word.length));
  return Math.max(longestWord * 5 + 2, askedWidth(column));
}

function askedWidth(column: ReportColumn): number {
  if (column.width) return column.width;
  switch (column.kind) {
    case 'text':
      return 70;
    case 'integer':
      return 36;
    case 'percent':
    case 'hours':
    case 'time':
      return 40;
    case 'date':
      return 58;
    case 'dateTime':
      return 58;
    default:
      return 56;
  }
}

const naturalWidth = (table: ReportTable) =>
  table.columns.reduce((sum, column) => sum + widthOf(column) + 6, 0);

function cell(
  column: ReportColumn,
  row: ReportRow,
  style: Partial<TableCell & object> = {},
  language: ReportLanguage = 'en',
) {
  return {
    text: cellText(column.kind, row[column.key] ?? null, language),
    alignment: isNumeric(column.kind) ? ('right' as const) : ('left' as const),
    ...style,
  } as TableCell;
}

/**
 * A subtotal or total row: its label spans the leading columns that have no figure of their own
 * (order, customer, job...), then the figures.
 */
function summaryRow(table: ReportTable, row: ReportRow, label: string, fill?: string): TableCell[] {
  const filled = fill ? { fillColor: fill } : {};
  let span = 0;
  while (
    span < table.columns.length &&
    !isNumeric(table.columns[span]!.kind) &&
    (row[table.columns[span]!.key] ?? null) === null
  ) {
    span += 1;
  }
  return table.columns.map((column, index) => {
    if (index === 0 && span > 0) {
      return { text: label, bold: true, colSpan: span, ...filled };
    }
    if (index < span) return { text: '', ...filled };
    return cell(column, row, { bold: true, ...filled });
  });
}

function sectionRow(table: ReportTable, label: string): TableCell[] {
  return [
    {
      text: label,
      bold: true,
      colSpan: table.columns.length,
      fillColor: fills.section,
      margin: [0, 2, 0, 1],
    },
    ...table.columns.slice(1).map(() => ({ text: '' })),
  ];
}

type PdfTexts = ReturnType<typeof pdfTexts>;

function tableBody(
  table: ReportTable,
  detailRows: number,
  texts: PdfTexts,
): { body: TableCell[][]; note?: string } {
  const header = table.columns.map((column): TableCell => ({
    text: column.label,
    style: 'tableHeader',
    alignment: isNumeric(column.kind) ? 'right' : 'left',
  }));
  const body: TableCell[][] = [header];
  const summaryOnly = detailRows > pdfDetailRowLimit && table.sections.some((s) => s.subtotal);
  const muted = (row: ReportRow) => (table.mutedKey ? Boolean(row[table.mutedKey]) : false);
  let printed = 0;
  for (const section of table.sections) {
    if (summaryOnly) {
      body.push(summaryRow(table, section.subtotal ?? {}, section.label ?? ''));
      continue;
    }
    if (section.label !== null) body.push(sectionRow(table, section.label));
    for (const row of section.rows) {
      if (printed >= pdfDetailRowLimit) break;
      printed += 1;
      body.push(
        table.columns.map((column) =>
          cell(column, row, muted(row) ? { color: '#8a8f96', italics: true } : {}, texts.language),
        ),
      );
    }
    if (section.subtotal && section.label !== null) {
      body.push(summaryRow(table, section.subtotal, texts.subtotal(section.label)));
    }
  }
  if (table.total) body.push(summaryRow(table, table.total, texts.total, fills.total));
  const count = (value: number) => value.toLocaleString(texts.numberLocale);
  const note = summaryOnly
    ? texts.summaryOnly(count(detailRows), table.sectionLabel?.toLowerCase() ?? texts.group)
    : detailRows > pdfDetailRowLimit
      ? texts.firstRows(count(pdfDetailRowLimit), count(detailRows))
      : undefined;
  return note ? { body, note } : { body };
}

function tableContent(table: ReportTable, contentWidth: number, texts: PdfTexts): Content[] {
  const detailRows = table.sections.reduce((sum, section) => sum + section.rows.length, 0);
  const { body, note } = tableBody(table, detailRows, texts);
  const totalRow = table.total ? body.length - 1 : -1;
  const node: ContentTable = {
    table: {
      headerRows: 1,
      dontBreakRows: true,
      widths: columnWidths(table, contentWidth),
      body,
    },
    fontSize: 7.5,
    layout: {
      hLineWidth: (row) => (row === 1 || row === totalRow ? 0.8 : row === 0 ? 0 : 0.25),
      vLineWidth: () => 0,
      hLineColor: (row) => (row === 1 || row === totalRow ? '#7b8794' : '#d5dbe1'),
      fillColor: (row) => (row === 0 ? fills.header : null),
      paddingLeft: () => 3,
      paddingRight: () => 3,
      paddingTop: () => 1.5,
      paddingBottom: () => 1.5,
    },
    margin: [0, 0, 0, 12],
  };
  return [
    ...(table.title ? [{ text: table.title, bold: true, fontSize: 11, margin: [0, 4, 0, 4] }] : []),
    ...(detailRows === 0
      ? [
          {
            text: texts.nothing,
            italics: true,
            color: '#666666',
            margin: [0, 0, 0, 12],
          },
        ]
      : [
          ...(note ? [{ text: note, italics: true, fontSize: 8, margin: [0, 0, 0, 4] }] : []),
          node,
        ]),
  ] as Content[];
}

function header(document: ReportDocument, contentWidth: number): Content[] {
  const parameters = document.parameters.flatMap((parameter, index) => [
    ...(index > 0 ? [{ text: '   ·   ', color: '#9aa4ae' }] : []),
    { text: `${parameter.label}: `, color: '#666666' },
    { text: parameter.value },
  ]);
  return [
    {
      columns: [
        {
          width: '*',
          text: `${document.company} · ${document.database}`,
          fontSize: 9,
          bold: true,
          color: '#1f3b5c',
        },
        {
          width: 'auto',
          text: pdfTexts(document.language ?? 'en').made(
            document.generatedAt,
            document.generatedBy,
          ),
          fontSize: 7.5,
          color: '#888888',
        },
      ],
    },
    { text: document.title, style: 'title' },
    { text: document.description, fontSize: 9.5, color: '#555555' },
    ...(parameters.length > 0 ? [{ text: parameters, fontSize: 8, margin: [0, 3, 0, 0] }] : []),
    {
      canvas: [
        { type: 'line', x1: 0, y1: 4, x2: contentWidth, y2: 4, lineWidth: 1, lineColor: '#1f3b5c' },
      ],
      margin: [0, 0, 0, 10],
    },
    ...document.notes.map((note) => ({
      text: note,
      fontSize: 8,
      italics: true,
      color: '#555555',
      margin: [0, 0, 0, 4],
    })),
  ] as Content[];
}

/**
 * Each column's share of the page: what it asks for, scaled to fill the width, so a customer's
 * name gets more room than a unit; text columns absorb the rounding.
 */
function columnWidths(table: ReportTable, contentWidth: number): number[] {
  const padding = 6 * table.columns.length;
  const asked = table.columns.map(widthOf);
  const scale = (contentWidth - padding) / asked.reduce((sum, width) => sum + width, 0);
  // Numbers keep their width when the page is wider than the table needs; text takes the rest.
  // Short text (a unit, a ticket number) keeps its width too.
  const stretches = table.columns.map(
    (column, index) => column.kind === 'text' && asked[index]! >= 50,
  );
  if (scale <= 1 || !stretches.includes(true))
    return asked.map((width) => Math.floor(width * scale));
  const fixed = asked.reduce((sum, width, index) => sum + (stretches[index] ? 0 : width), 0);
  const stretchAsked = asked.reduce((sum, width, index) => sum + (stretches[index] ? width : 0), 0);
  const stretchScale = (contentWidth - padding - fixed) / stretchAsked;
  return asked.map((width, index) => Math.floor(stretches[index] ? width * stretchScale : width));
}

/** Landscape when a table needs more than a portrait page gives. */
export function isLandscape(document: ReportDocument): boolean {
  const pdfTables = document.tables.filter((table) => table.outputs.includes('pdf'));
  return pdfTables.some((table) => naturalWidth(table) > letter.width - margins);
}

/** The document pdfmake lays out: page size by the widest table, header, charts, tables. */
export function reportPdfDocument(document: ReportDocument): PdfDocument {
  const landscape = isLandscape(document);
  const pageSize = landscape ? { width: letter.height, height: letter.width } : letter;
  const contentWidth = pageSize.width - margins;
  const charts = document.charts.map((chart) => ({
    svg: chartSvg({ ...chart, width: contentWidth, height: chart.height ?? 210 }),
    width: contentWidth,
    margin: [0, 2, 0, 14],
    unbreakable: true,
  }));
  const tables = document.tables
    .filter((table) => table.outputs.includes('pdf'))
    .flatMap((table) => tableContent(table, contentWidth, pdfTexts(document.language ?? 'en')));
  return {
    title: document.title,
    ...(document.language === 'es'
      ? {
          footer: (page: number, pages: number) => `${document.title} · página ${page} de ${pages}`,
        }
      : {}),
    pageSize,
    content: [...header(document, contentWidth), ...(charts as Content[]), ...tables],
  };
}

export async function reportPdf(document: ReportDocument): Promise<Buffer> {
  return renderPdf(reportPdfDocument(document));
}
