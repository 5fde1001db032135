/**
 * R-RPT-13: market segments: the period's live tickets by the job type of their job (the job a
 * clerk corrected on the ticket, else the order's; "No job type" without one), per unit: orders,
 * loads, quantity and its share of the unit's quantity, and for those who see prices the amount
 * and its share of all sales. A chart per unit compares the segments.
 */
import { sql } from 'drizzle-orm';
import { chartPalette } from '../../pdf/svg-chart';
import {
  counted,
  percentOf,
  sumOf,
  table,
  type ReportBody,
  type ReportChart,
} from './report-document';
import {
  liveTicketsOfPeriod,
  num,
  oneOf,
  rowsOf,
  unitHeading,
  unitLabel,
  type ReportContext,
} from './report-scope';

type Row = {
  segment: string;
  unit: number | null;
  orders: number;
  loads: number;
  quantity: string;
  amount: string;
};

export async function marketSegmentsReport({
  db,
  scope,
  progress,
}: ReportContext): Promise<ReportBody> {
  await progress(5, 'Reading the period’s sales by job type');
  const rows = await rowsOf<Row>(
    db,
    sql`
    select coalesce(jt.description, 'No job type') as segment,
           coalesce(tp.unit_of_measure, p.unit_of_measure_id) as unit,
           count(distinct o.id)::int as orders, count(distinct t.id)::int as loads,
           sum(tp.quantity) as quantity, sum(round(tp.quantity * coalesce(tp.price, 0), 2)) as amount
      from tickets t
      join orders o on o.id = t.order_id
      join ticket_products tp on tp.ticket_id = t.id
      join products p on p.id = tp.product_id
      left join jobs j on j.id = coalesce(t.job_id, o.job_id)
      left join job_types jt on jt.id = j.job_type_id
     where ${liveTicketsOfPeriod(scope)} and ${oneOf(sql`tp.product_id`, scope.params.productIds)}
     group by 1, 2
     order by 2, sum(tp.quantity) desc, 1`,
  );
  const [loads] = await rowsOf<{ loads: number }>(
    db,
    sql`select count(distinct t.id)::int as loads
          from tickets t
          join orders o on o.id = t.order_id
          join ticket_products tp on tp.ticket_id = t.id
         where ${liveTicketsOfPeriod(scope)} and ${oneOf(sql`tp.product_id`, scope.params.productIds)}`,
  );
  await progress(35, `${counted(rows.length, 'segment figure')} read`);
  const allAmount = rows.reduce((sum, row) => sum + num(row.amount), 0);
  const units = [...new Set(rows.map((row) => row.unit))];
  const sections = units.map((unit) => {
    const own = rows.filter((row) => row.unit === unit);
    const unitQuantity = own.reduce((sum, row) => sum + num(row.quantity), 0);
    return {
      label: unitHeading(unit),
      rows: own.map((row) => ({
        segment: row.segment,
        unit: unitLabel(row.unit),
        orders: row.orders,
        loads: row.loads,
        quantity: num(row.quantity),
        quantityShare: percentOf(num(row.quantity), unitQuantity),
        amount: num(row.amount),
        amountShare: percentOf(num(row.amount), allAmount),
      })),
    };
  });
  // One chart compares the segments across units: each unit's quantity shared out, in percent.
  const segments = [...new Set(rows.map((row) => row.segment))];
  const charts: ReportChart[] =
    segments.length === 0
      ? []
      : [
          {
            title: 'Share of each unit’s quantity by market segment',
            categories: segments,
            series: sections.map((section, index) => ({
              name: section.label,
              values: segments.map((segment) =>
                Number(section.rows.find((row) => row.segment === segment)?.quantityShare ?? 0),
              ),
              color: chartPalette[index % chartPalette.length]!,
              kind: 'bar' as const,
            })),
            unit: '%',
            height: 200,
          },
        ];
  return {
    charts,
    tables: [
      table({
        sheet: 'Market segments',
        sectionLabel: 'Unit',
        unitKey: 'unit',
        columns: [
          { key: 'segment', label: 'Job type', kind: 'text', width: 120 },
          { key: 'unit', label: 'Unit', kind: 'text', width: 26 },
          // Orders and loads with lines in two units count in both: their sums are per unit.
          { key: 'orders', label: 'Orders', kind: 'integer', aggregate: 'sum', perUnit: true },
          { key: 'loads', label: 'Loads', kind: 'integer', aggregate: 'sum', perUnit: true },
          { key: 'quantity', label: 'Quantity', kind: 'quantity', aggregate: 'sum' },
          {
            key: 'quantityShare',
            label: 'Share',
            kind: 'percent',
            aggregate: (group) => (new Set(group.map((row) => row.unit)).size === 1 ? 100 : null),
          },
          { key: 'amount', label: 'Amount', kind: 'money', priced: true, aggregate: 'sum' },
          {
            key: 'amountShare',
            label: 'Sales share',
            kind: 'percent',
            priced: true,
            aggregate: (group) => percentOf(sumOf(group, 'amount'), allAmount),
          },
        ],
        sections,
      }),
    ],
    notes: [],
    summary: `${counted(new Set(rows.map((row) => row.segment)).size, 'segment')}, ${counted(
      loads?.loads ?? 0,
      'load',
    )}`,
    rowCount: rows.length,
  };
}
