/**
 * R-INQ-3: an inquiry's matches as a file: every row the search matches (up to the export limit),
 * in the list's sort, as CSV (UTF-8 with a byte-order mark, so Excel reads accents) or an Excel
 * workbook with a frozen, filterable header. Prices are not columns for levels that hide them.
 */
import { csvFile } from '@dispatch/domain/files/csv';
import ExcelJS from 'exceljs';
import type { InquiryExportFormat } from '@dispatch/domain/inquiry/inquiry-fields';

export type ExportColumn<Row> = {
  header: string;
  value: (row: Row) => string | number | null;
  /** A price column, left out for levels that hide prices (R-PERM-6). */
  price?: boolean;
  width?: number;
};

export type ExportFile = { body: Buffer | string; contentType: string; fileName: string };

export async function inquiryFile<Row>(
  rows: readonly Row[],
  options: {
    columns: readonly ExportColumn<Row>[];
    hidePrices: boolean;
    format: InquiryExportFormat;
    baseName: string;
    sheetName: string;
  },
): Promise<ExportFile> {
  const columns = options.columns.filter((column) => !(column.price && options.hidePrices));
  const records = rows.map((row) => columns.map((column) => column.value(row) ?? ''));
  if (options.format === 'csv') {
    return {
      body: csvFile([columns.map((column) => column.header), ...records]),
      contentType: 'text/csv; charset=utf-8',
      fileName: `${options.baseName}.csv`,
    };
  }
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(options.sheetName);
  sheet.columns = columns.map((column) => ({
    header: column.header,
    width: column.width ?? Math.max(10, column.header.length + 2),
  }));
  for (const record of records) sheet.addRow(record);
  sheet.getRow(1).font = { bold: true };
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: columns.length } };
  return {
    body: Buffer.from(await workbook.xlsx.writeBuffer()),
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    fileName: `${options.baseName}.xlsx`,
  };
}
