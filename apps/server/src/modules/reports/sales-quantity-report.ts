/**
 * R-RPT-11, R-RPT-12: sales quantity by product, customer or plant: what the period's live
 * tickets sold, per group and unit, a column per month (quantity, and amount for those who see
 * prices) and the period's total, in sections by unit (yards and tons do not add up). The chart
 * shows the largest groups month by month (day by day when the period is within one month).
 */
import { sql, type SQL } from 'drizzle-orm';
import { defaultSalesGrouping } from '@dispatch/domain/reports/report-catalogue';
import {
  reportDayLabel,
  reportDays,
  reportMonthLabel,
  reportMonths,
} from '@dispatch/domain/reports/report-period';
import { stackedChartsByUnit } from './report-charts';
import {
  counted,
  table,
  type ReportBody,
  type ReportColumn,
  type ReportRow,
  type ReportSection,
} from './report-document';
import {
  liveTicketsOfPeriod,
  localDay,
  num,
  oneOf,
  productLabel,
  rowsOf,
  unitHeading,
  unitLabel,
  type ReportContext,
} from './report-scope';

type Row = {
  group_id: number;
  label: string;
  unit: number | null;
  bucket: string;
  quantity: string;
  amount: string;
};

const groupings: Record<
  'product' | 'customer' | 'plant',
  { id: SQL; label: SQL; heading: string }
> = {
  product: {
    id: sql`p.id`,
    label: productLabel('p'),
    heading: 'Product',
  },
  customer: { id: sql`c.id`, label: sql`c.name`, heading: 'Customer' },
  plant: { id: sql`pl.id`, label: sql`pl.description`, heading: 'Plant' },
};

type Line = {
  key: string;
  label: string;
  unit: number | null;
  months: Map<string, { q: number; a: number }>;
};

export async function salesQuantityReport({
  db,
  scope,
  progress,
}: ReportContext): Promise<ReportBody> {
  const groupBy = scope.params.groupBy ?? defaultSalesGrouping;
  const grouping = groupings[groupBy];
  const months = reportMonths(scope.params.from, scope.params.to);
  const byDay = months.length === 1;
  const bucket = byDay
    ? localDay(scope, sql`t.ticket_date_time`)
    : sql`substr(${localDay(scope, sql`t.ticket_date_time`)}, 1, 7)`;
  await progress(5, 'Reading the period’s sales');
  const rows = await rowsOf<Row>(
    db,
    sql`
    select ${grouping.id} as group_id, ${grouping.label} as label,
           coalesce(tp.unit_of_measure, p.unit_of_measure_id) as unit, ${bucket} as bucket,
           sum(tp.quantity) as quantity, sum(round(tp.quantity * coalesce(tp.price, 0), 2)) as amount
      from tickets t
      join orders o on o.id = t.order_id
      join ticket_products tp on tp.ticket_id = t.id
      join products p on p.id = tp.product_id
      join customers c on c.id = o.customer_id
      join plants pl on pl.id = t.plant_id
     where ${liveTicketsOfPeriod(scope)} and ${oneOf(sql`tp.product_id`, scope.params.productIds)}
     group by 1, 2, 3, 4
     order by 2, 3, 4`,
  );
  await progress(35, `${counted(rows.length, 'sales figure')} read`);

  const lines = new Map<string, Line>();
  for (const row of rows) {
    const key = `${row.group_id}:${row.unit ?? ''}`;
    let line = lines.get(key);
    if (!line) {
      line = { key, label: row.label, unit: row.unit, months: new Map() };
      lines.set(key, line);
    }
    const month = row.bucket.slice(0, 7);
    const figures = line.months.get(month) ?? { q: 0, a: 0 };
    figures.q += num(row.quantity);
    figures.a += num(row.amount);
    line.months.set(month, figures);
  }
  const units = [...new Set([...lines.values()].map((line) => line.unit))].sort(
    (a, b) => (a ?? 0) - (b ?? 0),
  );
  const round = (value: number, digits: number) => Number(value.toFixed(digits));
  const sectionsOf = (rowOf: (line: Line) => ReportRow): ReportSection[] =>
    units.map((unit) => ({
      label: unitHeading(unit),
      rows: [...lines.values()].filter((line) => line.unit === unit).map(rowOf),
    }));
  const monthColumns = (kind: 'quantity' | 'money'): ReportColumn[] => [
    ...(months.length > 1
      ? months.map((month) => ({
          key: `${kind}:${month}`,
          label: reportMonthLabel(month),
          kind,
          aggregate: 'sum' as const,
          ...(kind === 'money' ? { priced: true } : {}),
        }))
      : []),
    {
      key: `${kind}:total`,
      label: months.length > 1 ? 'Total' : kind === 'money' ? 'Amount' : 'Quantity',
      kind,
      aggregate: 'sum' as const,
      ...(kind === 'money' ? { priced: true } : {}),
    },
  ];
  const figuresRow = (line: Line, which: 'q' | 'a', kind: 'quantity' | 'money'): ReportRow => {
    const row: ReportRow = { group: line.label, unit: unitLabel(line.unit) };
    let total = 0;
    for (const month of months) {
      const value = line.months.get(month)?.[which] ?? 0;
      total += value;
      if (months.length > 1) row[`${kind}:${month}`] = round(value, which === 'a' ? 2 : 3);
    }
    row[`${kind}:total`] = round(total, which === 'a' ? 2 : 3);
    return row;
  };
  const leading: ReportColumn[] = [
    { key: 'group', label: grouping.heading, kind: 'text', width: 130 },
    { key: 'unit', label: 'Unit', kind: 'text', width: 26 },
  ];
  const common = { sectionLabel: 'Unit', unitKey: 'unit' } as const;
  const single = months.length === 1;
  const tables = single
    ? [
        table({
          ...common,
          sheet: 'Sales',
          columns: [...leading, ...monthColumns('quantity'), ...monthColumns('money')],
          sections: sectionsOf((line) => ({
            ...figuresRow(line, 'q', 'quantity'),
            ...figuresRow(line, 'a', 'money'),
          })),
        }),
      ]
    : [
        table({
          ...common,
          title: 'Quantity by month',
          sheet: 'Quantity by month',
          columns: [...leading, ...monthColumns('quantity')],
          sections: sectionsOf((line) => figuresRow(line, 'q', 'quantity')),
          outputs: ['pdf', 'xlsx'],
        }),
        table({
          ...common,
          title: 'Amount by month',
          sheet: 'Amount by month',
          columns: [...leading, ...monthColumns('money')],
          sections: sectionsOf((line) => figuresRow(line, 'a', 'money')),
          outputs: ['pdf', 'xlsx'],
        }),
        table({
          ...common,
          sheet: 'Sales by month',
          columns: [
            ...leading,
            { key: 'month', label: 'Month', kind: 'text' },
            { key: 'quantity', label: 'Quantity', kind: 'quantity', aggregate: 'sum' },
            { key: 'amount', label: 'Amount', kind: 'money', priced: true, aggregate: 'sum' },
          ],
          sections: sectionsOf(() => ({})).map((section, index) => ({
            ...section,
            rows: [...lines.values()]
              .filter((line) => line.unit === units[index])
              .flatMap((line) =>
                months
                  .filter((month) => line.months.has(month))
                  .map((month) => ({
                    group: line.label,
                    unit: unitLabel(line.unit),
                    month,
                    quantity: round(line.months.get(month)!.q, 3),
                    amount: round(line.months.get(month)!.a, 2),
                  })),
              ),
          })),
          outputs: ['csv'],
        }),
      ];

  const buckets = byDay
    ? reportDays(scope.params.from, scope.params.to).map((day) => ({
        key: day,
        label: reportDayLabel(day).split(' ')[0]!,
      }))
    : months.map((month) => ({ key: month, label: reportMonthLabel(month) }));
  const charts = stackedChartsByUnit({
    title: (unit) => `Sales by ${byDay ? 'day' : 'month'} (${unit}), by ${groupBy}`,
    points: rows.map((row) => ({
      unit: unitLabel(row.unit),
      group: row.label,
      bucket: byDay ? row.bucket : row.bucket.slice(0, 7),
      value: num(row.quantity),
    })),
    buckets,
  });
  return {
    charts,
    tables,
    notes: [],
    summary: `${counted(new Set(rows.map((row) => row.group_id)).size, groupBy)} in ${counted(months.length, 'month')}`,
    rowCount: lines.size,
  };
}
