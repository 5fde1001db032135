/**
 * What a report is made of before it becomes a file (R-RPT-7): a header (company, title, period,
 * parameters), charts, and tables of typed columns whose rows come in sections (a plant, a
 * driver) with subtotals and a total. One model, three renderers (PDF, CSV, Excel), so the three
 * files of a run always say the same thing; amounts leave the model once, here, for a level that
 * hides prices (R-PERM-6).
 */
import type { ReportKey } from '@dispatch/domain/reports/report-catalogue';
import type { ReportLanguage } from '@dispatch/domain/reports/report-language';
import type { ChartSpec } from '../../pdf/svg-chart';

export type CellValue = string | number | null;

/**
 * integer, quantity (3 decimals), money, percent (0..100), hours (decimal), date (YYYY-MM-DD),
 * time (HH:MM) and dateTime (YYYY-MM-DD HH:MM), both local.
 */
export type ColumnKind =
  'text' | 'integer' | 'quantity' | 'money' | 'percent' | 'hours' | 'date' | 'time' | 'dateTime';

export type ReportRow = Record<string, CellValue>;

/** A chart of the PDF; one drawn from amounts goes with them (R-PERM-6). */
export type ReportChart = ChartSpec & { priced?: boolean };

export type ReportColumn = {
  key: string;
  label: string;
  kind: ColumnKind;
  /** An amount: left out for levels that hide prices (R-PERM-6). */
  priced?: boolean;
  /**
   * How subtotal and total rows fill the column: 'sum', or a rule over the rows (a percent of two
   * sums). Quantities are summed only where every row has the same unit.
   */
  aggregate?: 'sum' | ((rows: readonly ReportRow[]) => CellValue);
  /** Counted per unit (loads of yards and loads of tons): summed only within one unit. */
  perUnit?: boolean;
  /** Width in the PDF, in points; the widest text columns stretch. */
  width?: number;
};

export type ReportSection = {
  /** "North Yard", "J. Smith"; null for a table without sections. */
  label: string | null;
  rows: ReportRow[];
  subtotal?: ReportRow;
};

export type ReportOutput = 'pdf' | 'csv' | 'xlsx';

export type ReportTable = {
  title?: string;
  /** The Excel sheet's name (31 characters at most). */
  sheet: string;
  columns: ReportColumn[];
  sections: ReportSection[];
  /** What the section label is, as a CSV and Excel column ("Plant"). */
  sectionLabel?: string;
  /** The column holding each row's unit: quantities add up within one unit only. */
  unitKey?: string;
  /** A row whose key is true prints greyed (a voided ticket). */
  mutedKey?: string;
  total?: ReportRow;
  /** Which files show it; CSV shows the first table it may (one table per CSV). */
  outputs: readonly ReportOutput[];
};

export type ReportDocument = {
  key: ReportKey;
  /** The language its files are written in (English when not said). */
  language?: ReportLanguage;
  title: string;
  company: string;
  database: string;
  period: string;
  /** What the report is, from the catalogue. */
  description: string;
  parameters: { label: string; value: string }[];
  generatedAt: string;
  generatedBy: string;
  charts: ReportChart[];
  tables: ReportTable[];
  notes: string[];
  /** What the job's owner reads when it is done: "214 orders, 3 plants". */
  summary: string;
  rowCount: number;
};

export const allOutputs: readonly ReportOutput[] = ['pdf', 'csv', 'xlsx'];

function aggregateOf(
  column: ReportColumn,
  rows: readonly ReportRow[],
  unitKey?: string,
): CellValue {
  if (!column.aggregate) return null;
  if (typeof column.aggregate === 'function') return column.aggregate(rows);
  if ((column.kind === 'quantity' || column.perUnit) && unitKey) {
    const unitsSeen = new Set(rows.map((row) => row[unitKey]));
    if (unitsSeen.size > 1) return null;
  }
  let sum = 0;
  for (const row of rows) sum += Number(row[column.key] ?? 0);
  return column.kind === 'money' ? Math.round(sum * 100) / 100 : Math.round(sum * 1000) / 1000;
}

/** A subtotal or total row: the aggregate columns, and the unit when the rows share one. */
export function aggregateRow(
  columns: readonly ReportColumn[],
  rows: readonly ReportRow[],
  unitKey?: string,
): ReportRow {
  const row: ReportRow = {};
  for (const column of columns) row[column.key] = aggregateOf(column, rows, unitKey);
  if (unitKey) {
    const unitsSeen = new Set(rows.map((each) => each[unitKey]));
    row[unitKey] = unitsSeen.size === 1 ? ([...unitsSeen][0] ?? null) : null;
  }
  return row;
}

/** A sum of percent-like ratios: `part` of `whole` as a percent with one decimal; null without a whole. */
export function percentOf(part: number, whole: number): number | null {
  return whole === 0 ? null : Math.round((part / whole) * 1000) / 10;
}

/** A table with its subtotals (per section, when it has sections) and total filled in. */
export function table(
  spec: Omit<ReportTable, 'outputs' | 'total'> & {
    outputs?: readonly ReportOutput[];
    subtotals?: boolean;
    totals?: boolean;
  },
): ReportTable {
  const { subtotals = true, totals = true, ...rest } = spec;
  const sections = rest.sections.map((section) =>
    subtotals && section.label !== null && rest.columns.some((column) => column.aggregate)
      ? { ...section, subtotal: aggregateRow(rest.columns, section.rows, rest.unitKey) }
      : section,
  );
  const allRows = sections.flatMap((section) => section.rows);
  return {
    ...rest,
    sections,
    outputs: rest.outputs ?? allOutputs,
    ...(totals && rest.columns.some((column) => column.aggregate)
      ? { total: aggregateRow(rest.columns, allRows, rest.unitKey) }
      : {}),
  };
}

/** Rows grouped by a key, in the order the keys first appear. */
export function sectionsBy<T>(
  items: readonly T[],
  labelOf: (item: T) => string,
  rowOf: (item: T) => ReportRow,
): ReportSection[] {
  const sections = new Map<string, ReportRow[]>();
  for (const item of items) {
    const label = labelOf(item);
    const rows = sections.get(label);
    if (rows) rows.push(rowOf(item));
    else sections.set(label, [rowOf(item)]);
  }
  return [...sections].map(([label, rows]) => ({ label, rows }));
}

/**
 * R-PERM-6, R-RPT-3: the document without amounts: priced columns, and tables and charts made of
 * nothing else, are dropped from every file.
 */
export function withoutPrices(document: ReportDocument): ReportDocument {
  const tables = document.tables
    .map((each) => {
      const columns = each.columns.filter((column) => !column.priced);
      const dropped = new Set(
        each.columns.filter((column) => column.priced).map((column) => column.key),
      );
      const strip = (row: ReportRow): ReportRow =>
        Object.fromEntries(Object.entries(row).filter(([key]) => !dropped.has(key)));
      return {
        ...each,
        columns,
        sections: each.sections.map((section) => ({
          ...section,
          rows: section.rows.map(strip),
          ...(section.subtotal ? { subtotal: strip(section.subtotal) } : {}),
        })),
        ...(each.total ? { total: strip(each.total) } : {}),
        numbersLeft: columns.some((column) => column.kind !== 'text' && column.kind !== 'date'),
        hadPriced: dropped.size > 0,
      };
    })
    // A table that was only amounts (sales amounts by month) has nothing left to say.
    .filter((each) => !(each.hadPriced && !each.numbersLeft))
    .map(({ numbersLeft: _numbers, hadPriced: _priced, ...each }) => each);
  return {
    ...document,
    tables,
    charts: document.charts.filter((chart) => !chart.priced),
    notes: [...document.notes, 'Amounts are left out: your permission hides prices.'],
  };
}

/** What a report's builder makes; the job adds the header (company, title, period, parameters). */
export type ReportBody = Pick<
  ReportDocument,
  'charts' | 'tables' | 'notes' | 'summary' | 'rowCount'
>;

/** "1 order", "214 orders". */
export const counted = (count: number, one: string, many = `${one}s`): string =>
  `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;

/** A column's sum over rows. */
export const sumOf = (rows: readonly ReportRow[], key: string): number =>
  rows.reduce((sum, row) => sum + Number(row[key] ?? 0), 0);

/** The columns that say which order a row is: number, ship date, customer, job; then product. */
export const orderColumns: readonly ReportColumn[] = [
  { key: 'order', label: 'Order', kind: 'text', width: 44 },
  { key: 'shipDate', label: 'Ship date', kind: 'date' },
  { key: 'customer', label: 'Customer', kind: 'text', width: 110 },
  { key: 'job', label: 'Job', kind: 'text', width: 90 },
];
export const productColumns: readonly ReportColumn[] = [
  { key: 'product', label: 'Product', kind: 'text', width: 90 },
  { key: 'unit', label: 'Unit', kind: 'text', width: 26 },
];
