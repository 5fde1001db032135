/**
 * R-RPT-19: plant production: the period's live tickets per plant, day and product (loads and
 * quantity), a chart of each day's production by plant, and the weights the batch panels
 * reported for those tickets per raw material: the mix designs' targets against what was
 * batched, and how far off it was.
 */
import { sql } from 'drizzle-orm';
import { reportDayLabel, reportDays } from '@dispatch/domain/reports/report-period';
import { stackedChartsByUnit } from './report-charts';
import { counted, percentOf, table, type ReportBody } from './report-document';
import {
  liveTicketsOfPeriod,
  localDay,
  num,
  oneOf,
  productLabel,
  rowsOf,
  unitLabel,
  type ReportContext,
} from './report-scope';

type ProductionRow = {
  plant: string;
  day: string;
  product: string;
  unit: number | null;
  loads: number;
  quantity: string;
};

type WeightRow = {
  plant: string;
  code: string;
  description: string;
  unit: number | null;
  tickets: number;
  target: string;
  batched: string;
};

export async function plantProductionReport({
  db,
  scope,
  progress,
}: ReportContext): Promise<ReportBody> {
  await progress(5, 'Reading the period’s production');
  const products = oneOf(sql`tp.product_id`, scope.params.productIds);
  const production = await rowsOf<ProductionRow>(
    db,
    sql`
    select pl.description as plant, ${localDay(scope, sql`t.ticket_date_time`)} as day,
           ${productLabel('p')} as product,
           coalesce(tp.unit_of_measure, p.unit_of_measure_id) as unit,
           count(distinct t.id)::int as loads, sum(tp.quantity) as quantity
      from tickets t
      join orders o on o.id = t.order_id
      join plants pl on pl.id = t.plant_id
      join ticket_products tp on tp.ticket_id = t.id
      join products p on p.id = tp.product_id
     where ${liveTicketsOfPeriod(scope)} and ${products}
     group by 1, 2, 3, 4
     order by 1, 2, 3`,
  );
  await progress(25, 'Reading the batched weights');
  const weights = await rowsOf<WeightRow>(
    db,
    sql`
    select pl.description as plant, rm.code, rm.description,
           coalesce(w.unit_of_measure_id, rm.unit_of_measure_id) as unit,
           count(distinct t.id)::int as tickets, sum(w.target_quantity) as target,
           sum(w.batched_quantity) as batched
      from tickets t
      join orders o on o.id = t.order_id
      join plants pl on pl.id = t.plant_id
      join ticket_batch_weights w on w.ticket_id = t.id
      join raw_materials rm on rm.id = w.raw_material_id
     where ${liveTicketsOfPeriod(scope)} and w.batched_quantity is not null
       and (${scope.params.productIds.length === 0} or exists (
             select 1 from ticket_products tp where tp.ticket_id = t.id and ${products}))
     group by 1, 2, 3, 4
     order by 1, min(w.sequence), 2`,
  );
  await progress(35, `${counted(production.length, 'production figure')} read`);

  const plants = [...new Set(production.map((row) => row.plant))];
  const weightPlants = [...new Set(weights.map((row) => row.plant))];
  const days = reportDays(scope.params.from, scope.params.to);
  const charts =
    days.length > 1
      ? stackedChartsByUnit({
          title: (unit) => `Production by day (${unit}), by plant`,
          points: production.map((row) => ({
            unit: unitLabel(row.unit),
            group: row.plant,
            bucket: row.day,
            value: num(row.quantity),
          })),
          buckets: days.map((day) => ({
            key: day,
            label: reportDayLabel(day).split(' ').slice(0, 2).join(' '),
          })),
          topGroups: 8,
          maxCharts: 2,
        })
      : [];
  return {
    charts,
    tables: [
      table({
        title: 'Production',
        sheet: 'Production',
        sectionLabel: 'Plant',
        unitKey: 'unit',
        columns: [
          { key: 'day', label: 'Day', kind: 'date' },
          { key: 'product', label: 'Product', kind: 'text', width: 150 },
          { key: 'unit', label: 'Unit', kind: 'text', width: 26 },
          { key: 'loads', label: 'Loads', kind: 'integer', aggregate: 'sum', perUnit: true },
          { key: 'quantity', label: 'Quantity', kind: 'quantity', aggregate: 'sum' },
        ],
        sections: plants.map((plant) => ({
          label: plant,
          rows: production
            .filter((row) => row.plant === plant)
            .map((row) => ({
              day: row.day,
              product: row.product,
              unit: unitLabel(row.unit),
              loads: row.loads,
              quantity: num(row.quantity),
            })),
        })),
      }),
      table({
        title: 'Batched weights',
        sheet: 'Batched weights',
        sectionLabel: 'Plant',
        unitKey: 'unit',
        columns: [
          { key: 'code', label: 'Raw material', kind: 'text', width: 70 },
          { key: 'description', label: 'Description', kind: 'text', width: 150 },
          { key: 'unit', label: 'Unit', kind: 'text', width: 26 },
          { key: 'tickets', label: 'Tickets', kind: 'integer' },
          { key: 'target', label: 'Target', kind: 'quantity' },
          { key: 'batched', label: 'Batched', kind: 'quantity' },
          { key: 'difference', label: 'Difference', kind: 'quantity' },
          { key: 'percent', label: 'Off target', kind: 'percent' },
        ],
        sections: weightPlants.map((plant) => ({
          label: plant,
          rows: weights
            .filter((row) => row.plant === plant)
            .map((row) => {
              const target = num(row.target);
              const batched = num(row.batched);
              return {
                code: row.code,
                description: row.description,
                unit: unitLabel(row.unit),
                tickets: row.tickets,
                target,
                batched,
                difference: Math.round((batched - target) * 1000) / 1000,
                percent: percentOf(batched - target, target),
              };
            }),
        })),
        subtotals: false,
        totals: false,
        outputs: ['pdf', 'xlsx'],
      }),
    ],
    notes:
      weights.length === 0
        ? ['No batch panel reported weights for the tickets of this period.']
        : [],
    summary: `${counted(plants.length, 'plant')}, ${counted(
      new Set(production.map((row) => row.day)).size,
      'day',
    )} of production`,
    rowCount: production.length,
  };
}
