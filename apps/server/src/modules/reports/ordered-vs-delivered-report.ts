/**
 * R-RPT-17: ordered against delivered: each schedule of the orders shipping in the period (by
 * ship date; deleted and cancelled orders left out), its primary product ordered, what its live
 * tickets delivered of that product, the difference (delivered less ordered) and the percent
 * delivered; in sections by plant, with subtotals where the unit is one.
 */
import { sql } from 'drizzle-orm';
import { orderStatusIds } from '@dispatch/domain/orders/order-status';
import {
  counted,
  orderColumns,
  percentOf,
  productColumns,
  sectionsBy,
  sumOf,
  table,
  type ReportBody,
  type ReportRow,
} from './report-document';
import {
  intArray,
  jobLabel,
  num,
  oneOf,
  rowsOf,
  unitLabel,
  type ReportContext,
} from './report-scope';

type Row = {
  plant: string;
  number: number;
  ship_date: string;
  customer: string;
  job: string | null;
  status: string;
  product: string;
  unit: number | null;
  ordered: string;
  delivered: string;
};

const oneUnit = (rows: readonly ReportRow[]) => new Set(rows.map((row) => row.unit)).size <= 1;

export async function orderedVsDeliveredReport({
  db,
  scope,
  progress,
}: ReportContext): Promise<ReportBody> {
  await progress(5, 'Reading the period’s orders');
  const rows = await rowsOf<Row>(
    db,
    sql`
    select pl.description as plant, o.number, o.ship_date::text as ship_date,
           o.customer_name as customer, ${jobLabel('j')} as job,
           os.name as status,
           coalesce(sp.product_description, p.description) as product,
           coalesce(sp.unit_of_measure, p.unit_of_measure_id) as unit,
           sp.quantity as ordered,
           -- R-DELIV-2, R-DELIV-7: the schedule line's delivered quantity, kept by the delivery
           -- state machine: the same number the board, order entry and the dashboard show.
           sp.delivered_quantity as delivered
      from orders o
      join schedules s on s.order_id = o.id
      join schedule_products sp on sp.schedule_id = s.id and sp.primary_flag
      join products p on p.id = sp.product_id
      join plants pl on pl.id = s.plant_id
      join order_statuses os on os.id = o.order_status_id
      left join jobs j on j.id = o.job_id
     where o.ship_date between ${scope.params.from} and ${scope.params.to}
       and o.order_status_id <> all(${intArray([orderStatusIds.deleted, orderStatusIds.cancelled])})
       and o.system_type_id = any(${intArray(scope.systemTypeIds)})
       and ${oneOf(sql`s.plant_id`, scope.params.plantIds)}
       and ${oneOf(sql`o.customer_id`, scope.params.customerIds)}
       and ${oneOf(sql`sp.product_id`, scope.params.productIds)}
     order by pl.description, o.ship_date, o.number, s.id`,
  );
  await progress(35, `${counted(rows.length, 'schedule')} read`);

  const short = rows.filter((row) => num(row.delivered) < num(row.ordered)).length;
  const sections = sectionsBy(
    rows,
    (row) => row.plant,
    (row) => {
      const ordered = num(row.ordered);
      const delivered = num(row.delivered);
      return {
        order: String(row.number),
        shipDate: row.ship_date,
        customer: row.customer,
        job: row.job,
        status: row.status,
        product: row.product,
        unit: unitLabel(row.unit),
        ordered,
        delivered,
        difference: Math.round((delivered - ordered) * 1000) / 1000,
        percent: percentOf(delivered, ordered),
      };
    },
  );
  return {
    charts: [],
    tables: [
      table({
        sheet: 'Ordered against delivered',
        sectionLabel: 'Plant',
        unitKey: 'unit',
        columns: [
          ...orderColumns,
          { key: 'status', label: 'Status', kind: 'text', width: 56 },
          ...productColumns,
          { key: 'ordered', label: 'Ordered', kind: 'quantity', aggregate: 'sum' },
          { key: 'delivered', label: 'Delivered', kind: 'quantity', aggregate: 'sum' },
          { key: 'difference', label: 'Difference', kind: 'quantity', aggregate: 'sum' },
          {
            key: 'percent',
            label: 'Delivered %',
            kind: 'percent',
            aggregate: (group) =>
              oneUnit(group) ? percentOf(sumOf(group, 'delivered'), sumOf(group, 'ordered')) : null,
          },
        ],
        sections,
      }),
    ],
    notes: [],
    summary: `${counted(rows.length, 'schedule')}, ${short} not delivered in full`,
    rowCount: rows.length,
  };
}
