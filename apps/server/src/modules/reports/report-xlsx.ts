/**
 * A report as an Excel workbook (R-RPT-7): one sheet per table, the report's header above it,
 * typed cells (numbers, dates, times) with number formats, the column header frozen and
 * filterable, columns sized to their content, subtotal and total rows as SUBTOTAL formulas (so a
 * total never counts a subtotal twice, and stays right when someone edits a figure). Written as a
 * stream (rows leave memory as they are written, native zlib compresses): a month of a large
 * producer's orders is tens of thousands of rows.
 */
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import type {
  CellValue,
  ColumnKind,
  ReportColumn,
  ReportDocument,
  ReportRow,
  ReportTable,
} from './report-document';
import { isNumeric } from './report-format';

const numberFormats: Partial<Record<ColumnKind, string>> = {
  integer: '#,##0',
  quantity: '#,##0.00',
  money: '#,##0.00',
  percent: '0.0%',
  hours: '0.00',
  date: 'yyyy-mm-dd',
  time: 'hh:mm',
  dateTime: 'yyyy-mm-dd hh:mm',
};

const headerFill: ExcelJS.Fill = {
  type: 'pattern',
  pattern: 'solid',
  fgColor: { argb: 'FFE8EDF3' },
};
const totalFill: ExcelJS.Fill = {
  type: 'pattern',
  pattern: 'solid',
  fgColor: { argb: 'FFF4F6F9' },
};

/** Local wall-clock parts as a Date Excel shows unchanged (Excel has no time zones). */
function wallClock(value: string): Date {
  const [date = '', time = '00:00'] = value.split(/[ T]/);
  const [year = 0, month = 1, day = 1] = date.split('-').map(Number);
  const [hour = 0, minute = 0] = time.split(':').map(Number);
  return new Date(Date.UTC(year, month - 1, day, hour, minute));
}

function typed(kind: ColumnKind, value: CellValue): ExcelJS.CellValue {
  if (value === null || value === '') return null;
  if (typeof value === 'number') return kind === 'percent' ? value / 100 : value;
  if (kind === 'date' || kind === 'dateTime') return wallClock(value);
  if (kind === 'time') {
    const [hour = 0, minute = 0] = value.split(':').map(Number);
    return (hour * 60 + minute) / 1440;
  }
  return value;
}

const columnLetter = (index: number): string => {
  let letters = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) {
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  }
  return letters;
};

function widthFor(column: ReportColumn, sample: readonly ReportRow[]): number {
  if (column.kind !== 'text') {
    return Math.max(column.label.length + 2, column.kind === 'dateTime' ? 17 : 12);
  }
  let longest = column.label.length;
  for (const row of sample) longest = Math.max(longest, String(row[column.key] ?? '').length);
  return Math.min(48, longest + 2);
}

type SheetWriter = ReturnType<ExcelJS.stream.xlsx.WorkbookWriter['addWorksheet']>;

/** The number of header lines above the column heading: title, company, parameters, notes, gap. */
const headerLines = 5;

function addSheet(
  workbook: ExcelJS.stream.xlsx.WorkbookWriter,
  document: ReportDocument,
  table: ReportTable,
  used: Set<string>,
): void {
  let name = table.sheet.replace(/[\\/?*[\]:]/g, ' ').slice(0, 31);
  for (let n = 2; used.has(name); n += 1) name = `${table.sheet.slice(0, 28)} ${n}`;
  used.add(name);
  const withSection = table.sectionLabel !== undefined;
  const offset = withSection ? 1 : 0;
  const headerNumber = headerLines + 1;
  const sheet: SheetWriter = workbook.addWorksheet(name, {
    views: [{ state: 'frozen', ySplit: headerNumber, xSplit: withSection ? 1 : 0 }],
  });

  const sample = table.sections.flatMap((section) => section.rows.slice(0, 200)).slice(0, 500);
  sheet.columns = [
    ...(withSection
      ? [
          {
            width: Math.min(
              40,
              Math.max(
                table.sectionLabel!.length,
                ...table.sections.map((section) => (section.label ?? '').length),
              ) + 2,
            ),
          },
        ]
      : []),
    ...table.columns.map((column) => ({ width: widthFor(column, sample) })),
  ];
  // One style object per column, shared by its cells: exceljs registers a style once per object,
  // where a column style would be copied into every cell (most of a large sheet's time).
  const styles = table.columns.map((column) => {
    const format = numberFormats[column.kind];
    return format ? { numFmt: format } : null;
  });
  const styled = (row: ExcelJS.Row) => {
    styles.forEach((style, index) => {
      if (style) row.getCell(index + 1 + offset).style = style;
    });
  };

  let rowNumber = 0;
  const add = (values: ExcelJS.CellValue[], style?: (row: ExcelJS.Row) => void) => {
    const row = sheet.addRow(values);
    style?.(row);
    row.commit();
    rowNumber += 1;
  };
  add([table.title ? `${document.title}: ${table.title}` : document.title], (row) => {
    row.font = { bold: true, size: 14 };
  });
  add([`${document.company} · ${document.database} · ${document.period}`]);
  add([
    document.parameters.map((parameter) => `${parameter.label}: ${parameter.value}`).join('; '),
  ]);
  add([document.notes.join(' ')], (row) => {
    row.font = { italic: true, color: { argb: 'FF666666' } };
  });
  add([]);
  add(
    [...(withSection ? [table.sectionLabel!] : []), ...table.columns.map((column) => column.label)],
    (row) => {
      row.font = { bold: true };
      row.eachCell((each, index) => {
        each.fill = headerFill;
        each.border = { bottom: { style: 'thin' } };
        const column = table.columns[index - 1 - offset];
        if (column && isNumeric(column.kind)) each.alignment = { horizontal: 'right' };
      });
    },
  );

  const summary = (row: ReportRow, label: string, from: number, to: number, fill: boolean) => {
    const values: ExcelJS.CellValue[] = table.columns.map((column, index) => {
      const value = row[column.key] ?? null;
      const letter = columnLetter(index + offset);
      if (column.aggregate === 'sum' && value !== null && to >= from) {
        return { formula: `SUBTOTAL(9,${letter}${from}:${letter}${to})`, result: value };
      }
      return typed(column.kind, value);
    });
    if (!withSection) {
      const labelAt = table.columns.findIndex(
        (column) => !isNumeric(column.kind) && (row[column.key] ?? null) === null,
      );
      if (labelAt >= 0) values[labelAt] = label;
    }
    // Fresh style objects: a font set on a shared one would make every cell bold.
    add([...(withSection ? [label] : []), ...values], (added) => {
      added.eachCell({ includeEmpty: true }, (cell, column) => {
        cell.style = {
          ...(styles[column - 1 - offset] ?? {}),
          font: { bold: true },
          ...(fill ? { fill: totalFill } : {}),
          ...(column === 1 ? { border: { top: { style: 'thin' } } } : {}),
        };
      });
    });
  };

  const firstDetail = headerNumber + 1;
  for (const section of table.sections) {
    const from = rowNumber + 1;
    for (const row of section.rows) {
      add(
        [
          ...(withSection ? [section.label ?? ''] : []),
          ...table.columns.map((column) => typed(column.kind, row[column.key] ?? null)),
        ],
        styled,
      );
    }
    if (section.subtotal && section.label !== null) {
      summary(section.subtotal, `Subtotal ${section.label}`, from, rowNumber, false);
    }
  }
  const lastDetail = rowNumber;
  if (table.total) summary(table.total, 'Total', firstDetail, lastDetail, true);
  if (lastDetail >= firstDetail) {
    sheet.autoFilter = {
      from: { row: headerNumber, column: 1 },
      to: { row: headerNumber, column: table.columns.length + offset },
    };
  }
  sheet.commit();
}

export async function reportXlsx(document: ReportDocument): Promise<Buffer> {
  const stream = new PassThrough();
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream,
    useStyles: true,
    useSharedStrings: false,
  });
  workbook.creator = document.generatedBy;
  workbook.title = document.title;
  const used = new Set<string>();
  const tables = document.tables.filter((table) => table.outputs.includes('xlsx'));
  for (const table of tables) addSheet(workbook, document, table, used);
  if (tables.length === 0) {
    const sheet = workbook.addWorksheet('Report');
    sheet.addRow([document.title]).commit();
    sheet.commit();
  }
  await workbook.commit();
  return Buffer.concat(chunks);
}
