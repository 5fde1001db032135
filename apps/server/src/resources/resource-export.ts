/**
 * A list's rows as a file (R-MAINT-2): every row the list's search and filters match, in CSV
 * or Excel, with reference labels beside their ids and no prices for levels that hide them.
 */
import { csvFile } from '@dispatch/domain/files/csv';
import ExcelJS from 'exceljs';
import type { ListQuery, ResourceDefinition } from '@dispatch/domain/resources/define';
import type { Field } from '@dispatch/domain/resources/field';
import type { Db } from '../db/client';
import { allRows } from './resource-read';
import type { ScopeContext } from './resource-tables';

export const exportFormats = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof exportFormats)[number];

/** Enough for any maintenance list; a larger export is a report (issue 14). */
export const exportRowLimit = 100_000;

type Column = { key: string; header: string; value: (row: Record<string, unknown>) => unknown };

function columnsOf(definition: ResourceDefinition, hidePrice: boolean): Column[] {
  const columns: Column[] = [{ key: 'id', header: 'Id', value: (row) => row.id }];
  for (const [name, field] of Object.entries<Field>(definition.fields)) {
    if (hidePrice && field.price) continue;
    if (field.reference) {
      columns.push({
        key: name,
        header: field.label,
        value: (row) => (row.labels as Record<string, string>)[name] ?? row[name],
      });
    } else if (field.choices) {
      const choices = field.choices;
      columns.push({
        key: name,
        header: field.label,
        value: (row) => choices.find((item) => item.value === row[name])?.label ?? row[name],
      });
    } else columns.push({ key: name, header: field.label, value: (row) => row[name] });
  }
  columns.push({ key: 'modifiedAt', header: 'Modified', value: (row) => row.modifiedAt });
  columns.push({ key: 'modifiedBy', header: 'Modified by', value: (row) => row.modifiedBy });
  return columns;
}

export async function exportRows(
  db: Db,
  definition: ResourceDefinition,
  query: ListQuery,
  options: { format: ExportFormat; hidePrice: boolean; context: ScopeContext },
): Promise<{ body: Buffer | string; contentType: string; fileName: string }> {
  const columns = columnsOf(definition, options.hidePrice);
  const records: unknown[][] = [];
  for await (const row of allRows(db, definition, query, exportRowLimit, options.context)) {
    records.push(columns.map((column) => column.value(row) ?? ''));
  }
  const baseName = definition.path;
  if (options.format === 'csv') {
    return {
      body: csvFile([columns.map((column) => column.header), ...records]),
      contentType: 'text/csv; charset=utf-8',
      fileName: `${baseName}.csv`,
    };
  }
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(definition.plural);
  sheet.columns = columns.map((column) => ({
    header: column.header,
    key: column.key,
    width: Math.max(10, column.header.length + 2),
  }));
  for (const record of records) sheet.addRow(record);
  sheet.getRow(1).font = { bold: true };
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: columns.length } };
  return {
    body: Buffer.from(await workbook.xlsx.writeBuffer()),
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    fileName: `${baseName}.xlsx`,
  };
}
