/**
 * A report as CSV (R-RPT-7): the report's data table, one line per row, the section (plant,
 * driver) as its own first column, numbers without separators and days as YYYY-MM-DD, so a
 * spreadsheet or another program reads it as data. Subtotals are left out: they are sums of the
 * lines. A byte-order mark tells Excel the file is UTF-8 (yd³).
 */
import { csvFile } from '@dispatch/domain/files/csv';
import type { ReportDocument, ReportTable } from './report-document';
import { cellCsv } from './report-format';

/** The table a CSV holds: the first one meant for it. */
export function csvTable(document: ReportDocument): ReportTable | undefined {
  return document.tables.find((table) => table.outputs.includes('csv'));
}

export function reportCsv(document: ReportDocument): Buffer {
  const table = csvTable(document);
  if (!table) return Buffer.from(csvFile([]), 'utf8');
  const withSection = table.sectionLabel !== undefined;
  const records: (string | number)[][] = [
    [...(withSection ? [table.sectionLabel!] : []), ...table.columns.map((column) => column.label)],
  ];
  for (const section of table.sections) {
    for (const row of section.rows) {
      records.push([
        ...(withSection ? [section.label ?? ''] : []),
        ...table.columns.map((column) => cellCsv(column.kind, row[column.key] ?? null)),
      ]);
    }
  }
  return Buffer.from(csvFile(records), 'utf8');
}
