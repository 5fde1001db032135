/**
 * R-RPT-14: material demand: the raw materials the period's scheduled concrete will use, per
 * plant and day. A schedule's part not yet batched (its primary product's quantity less what its
 * live tickets carried) times the quantities of the product's mix design at the schedule's plant;
 * a product sold from a pile (an aggregate with a raw material of its own) draws its own quantity,
 * in its own unit. Orders deleted, cancelled, complete or stopped need nothing more. Concrete
 * without a mix at its plant is named in a note, so no demand goes missing silently; block is
 * made from no mix and is not counted.
 */
import { sql } from 'drizzle-orm';
import { orderStatusIds } from '@dispatch/domain/orders/order-status';
import { reportDayLabel } from '@dispatch/domain/reports/report-period';
import { systemTypeIds } from '@dispatch/domain/system-types';
import { quantity as quantityText } from '../../pdf/pdf-text';
import { counted, table, type ReportBody, type ReportColumn } from './report-document';
import {
  intArray,
  localDay,
  num,
  oneOf,
  productLabel,
  rowsOf,
  unitLabel,
  type ReportContext,
  type ReportScope,
} from './report-scope';

/** Orders whose schedules will batch nothing more. */
const finishedStatuses = [
  orderStatusIds.deleted,
  orderStatusIds.cancelled,
  orderStatusIds.complete,
  orderStatusIds.stopShipping,
];

type MaterialRow = {
  plant: string;
  day: string;
  code: string;
  description: string;
  unit: number | null;
  quantity: string;
};

type VolumeRow = {
  plant: string;
  day: string;
  unit: number | null;
  quantity: string;
  schedules: number;
  unmixed: string | null;
};

function remaining(scope: ReportScope) {
  return sql`
    scheduled as (
      select s.id, s.plant_id, ${localDay(scope, sql`s.first_load_on_job_time`)} as day,
             sp.product_id, sp.unit_of_measure as unit, sp.quantity,
             coalesce((select sum(tp.quantity)
                         from tickets t join ticket_products tp on tp.ticket_id = t.id
                        where t.schedule_id = s.id and tp.product_id = sp.product_id
                          and t.void_status_id is null and t.void_date_time is null), 0) as batched
        from schedules s
        join orders o on o.id = s.order_id
        join schedule_products sp on sp.schedule_id = s.id and sp.primary_flag
       where s.first_load_on_job_time >= ${scope.start} and s.first_load_on_job_time < ${scope.end}
         and o.order_status_id <> all(${intArray(finishedStatuses)})
         and o.system_type_id = any(${intArray(scope.systemTypeIds)})
         and ${oneOf(sql`s.plant_id`, scope.params.plantIds)}
         and ${oneOf(sql`o.customer_id`, scope.params.customerIds)}
         and ${oneOf(sql`sp.product_id`, scope.params.productIds)}
    ),
    remaining as (
      select r.id, r.plant_id, r.day, r.product_id, r.unit, r.quantity - r.batched as quantity,
             (select cm.id from concrete_mixes cm
               where cm.product_id = r.product_id and cm.plant_id = r.plant_id) as mix_id,
             p.raw_material_id, p.system_type_id, ${productLabel('p')} as product
        from scheduled r join products p on p.id = r.product_id
       where r.quantity > r.batched
    )`;
}

export async function materialDemandReport({
  db,
  scope,
  progress,
}: ReportContext): Promise<ReportBody> {
  await progress(5, 'Reading the period’s schedules');
  const materials = await rowsOf<MaterialRow>(
    db,
    sql`
    with ${remaining(scope)},
    needs as (
      select r.plant_id, r.day, cmr.raw_material_id, cmr.unit_of_measure_id as unit,
             cmr.sequence, r.quantity * cmr.quantity as quantity
        from remaining r join concrete_mix_raw_materials cmr on cmr.concrete_mix_id = r.mix_id
      union all
      select r.plant_id, r.day, r.raw_material_id, r.unit, 0, r.quantity
        from remaining r
       where r.mix_id is null and r.raw_material_id is not null
    )
    select pl.description as plant, n.day, rm.code, rm.description,
           coalesce(n.unit, rm.unit_of_measure_id) as unit, sum(n.quantity) as quantity
      from needs n
      join plants pl on pl.id = n.plant_id
      join raw_materials rm on rm.id = n.raw_material_id
     group by pl.description, n.day, rm.code, rm.description, coalesce(n.unit, rm.unit_of_measure_id)
     order by pl.description, n.day, min(n.sequence), rm.code`,
  );
  const volumes = await rowsOf<VolumeRow>(
    db,
    sql`
    with ${remaining(scope)}
    select pl.description as plant, r.day, r.unit, sum(r.quantity) as quantity,
           count(*)::int as schedules,
           string_agg(distinct case when r.mix_id is null and r.raw_material_id is null
                                     and r.system_type_id = ${systemTypeIds.concrete}
                                    then r.product end, ', ') as unmixed
      from remaining r join plants pl on pl.id = r.plant_id
     group by pl.description, r.day, r.unit
     order by pl.description, r.day`,
  );
  await progress(35, `${counted(materials.length, 'material figure')} read`);

  const volumeOf = (plant: string, day: string) =>
    volumes
      .filter((row) => row.plant === plant && row.day === day)
      .map((row) => `${quantityText(num(row.quantity))} ${unitLabel(row.unit)}`.trim())
      .join(', ');
  const columns: ReportColumn[] = [
    { key: 'code', label: 'Raw material', kind: 'text', width: 70 },
    { key: 'description', label: 'Description', kind: 'text', width: 160 },
    { key: 'unit', label: 'Unit', kind: 'text', width: 30 },
    { key: 'quantity', label: 'Quantity', kind: 'quantity', width: 70 },
  ];
  const byDay = new Map<string, { plant: string; day: string; rows: MaterialRow[] }>();
  for (const row of materials) {
    const key = `${row.plant}\u0000${row.day}`;
    const entry = byDay.get(key) ?? { plant: row.plant, day: row.day, rows: [] };
    entry.rows.push(row);
    byDay.set(key, entry);
  }
  const totals = new Map<string, Map<string, { row: MaterialRow; quantity: number }>>();
  for (const row of materials) {
    const plant =
      totals.get(row.plant) ?? new Map<string, { row: MaterialRow; quantity: number }>();
    const key = `${row.code}\u0000${row.unit ?? ''}`;
    const entry = plant.get(key) ?? { row, quantity: 0 };
    entry.quantity += num(row.quantity);
    plant.set(key, entry);
    totals.set(row.plant, plant);
  }
  const materialRow = (row: MaterialRow, quantity: number) => ({
    code: row.code,
    description: row.description,
    unit: unitLabel(row.unit),
    quantity: Math.round(quantity * 1000) / 1000,
  });
  const unmixed = volumes.filter((row) => row.unmixed);
  return {
    charts: [],
    tables: [
      table({
        title: 'By plant and day',
        sheet: 'By plant and day',
        sectionLabel: 'Plant and day',
        unitKey: 'unit',
        columns,
        sections: [...byDay.values()].map((entry) => ({
          label: `${entry.plant}, ${reportDayLabel(entry.day)}: ${volumeOf(entry.plant, entry.day)} left to make`,
          rows: entry.rows.map((row) => materialRow(row, num(row.quantity))),
        })),
        subtotals: false,
        totals: false,
      }),
      table({
        title: 'Period total by plant',
        sheet: 'Period total',
        sectionLabel: 'Plant',
        unitKey: 'unit',
        columns,
        sections: [...totals].map(([plant, entries]) => ({
          label: plant,
          rows: [...entries.values()].map((entry) => materialRow(entry.row, entry.quantity)),
        })),
        subtotals: false,
        totals: false,
        outputs: ['pdf', 'xlsx'],
      }),
    ],
    notes: unmixed.map(
      (row) =>
        `${row.plant}, ${reportDayLabel(row.day)}: no mix design at this plant for ${row.unmixed}; its raw materials are not counted.`,
    ),
    summary: `${counted(new Set(materials.map((row) => row.code)).size, 'raw material')}, ${counted(
      byDay.size,
      'plant day',
    )}`,
    rowCount: materials.length,
  };
}
