/**
 * R-RPT-16: the ticket register: every ticket of the period, voids included with their status and
 * reason, in number order per plant, with its order, customer, truck, driver, main product (its
 * first line), quantity and amount (all lines, before tax). Subtotals count and add the live
 * tickets only. When no customer or product narrows the run, numbers missing between a plant's
 * first and last ticket of the period are named: a register is how gaps are found.
 */
import { sql } from 'drizzle-orm';
import { counted, table, type ReportBody, type ReportRow } from './report-document';
import {
  intArray,
  localDateTime,
  num,
  numOrNull,
  oneOf,
  rowsOf,
  unitLabel,
  type ReportContext,
} from './report-scope';

type Row = {
  plant: string;
  number: number;
  at: string;
  order_number: number;
  customer: string;
  truck: string | null;
  driver: string | null;
  product: string | null;
  unit: number | null;
  quantity: string | null;
  amount: string | null;
  status: string | null;
  void_status: string | null;
  void_reason: string | null;
  voided: boolean;
};

const liveSum = (key: string) => (rows: readonly ReportRow[]) => {
  const live = rows.filter((row) => !row.voided);
  if (key === 'quantity' && new Set(live.map((row) => row.unit)).size > 1) return null;
  return Math.round(live.reduce((sum, row) => sum + Number(row[key] ?? 0), 0) * 1000) / 1000;
};

const countText = (rows: readonly ReportRow[]) => {
  const voided = rows.filter((row) => row.voided).length;
  return `${counted(rows.length - voided, 'ticket')}${voided > 0 ? `, ${voided} voided` : ''}`;
};

/** Numbers between the first and the last that no ticket has, as "1203, 1207–1209". */
export function missingNumbers(numbers: readonly number[], limit = 20): string[] {
  const sorted = [...new Set(numbers)].sort((a, b) => a - b);
  const runs: string[] = [];
  for (let index = 1; index < sorted.length; index += 1) {
    const from = sorted[index - 1]! + 1;
    const to = sorted[index]! - 1;
    if (from <= to) runs.push(from === to ? String(from) : `${from}–${to}`);
  }
  return runs.length > limit ? [...runs.slice(0, limit), `and ${runs.length - limit} more`] : runs;
}

export async function ticketRegisterReport({
  db,
  scope,
  progress,
}: ReportContext): Promise<ReportBody> {
  await progress(5, 'Reading the period’s tickets');
  const { productIds, customerIds, plantIds } = scope.params;
  const rows = await rowsOf<Row>(
    db,
    sql`
    select pl.description as plant, t.number, ${localDateTime(scope, sql`t.ticket_date_time`)} as at,
           o.number as order_number, o.customer_name as customer, t.truck_number as truck,
           d.name as driver, main.product, main.unit, main.quantity, amounts.amount,
           ts.description as status, vs.description as void_status, t.void_reason,
           (t.void_status_id is not null or t.void_date_time is not null) as voided
      from tickets t
      join orders o on o.id = t.order_id
      join plants pl on pl.id = t.plant_id
      left join drivers d on d.id = t.driver_id
      left join ticket_statuses ts on ts.id = t.status_id
      left join void_statuses vs on vs.id = t.void_status_id
      left join lateral (
        select p.description as product, coalesce(tp.unit_of_measure, p.unit_of_measure_id) as unit,
               tp.quantity
          from ticket_products tp join products p on p.id = tp.product_id
         where tp.ticket_id = t.id
         order by tp.id limit 1) main on true
      left join lateral (
        select sum(round(tp.quantity * coalesce(tp.price, 0), 2)) as amount
          from ticket_products tp where tp.ticket_id = t.id) amounts on true
     where t.ticket_date_time >= ${scope.start} and t.ticket_date_time < ${scope.end}
       and o.system_type_id = any(${intArray(scope.systemTypeIds)})
       and ${oneOf(sql`t.plant_id`, plantIds)}
       and ${oneOf(sql`o.customer_id`, customerIds)}
       and (${productIds.length === 0} or exists (
             select 1 from ticket_products tp
              where tp.ticket_id = t.id and ${oneOf(sql`tp.product_id`, productIds)}))
     order by pl.description, t.number`,
  );
  await progress(35, `${counted(rows.length, 'ticket')} read`);

  const plants = [...new Set(rows.map((row) => row.plant))];
  const notes =
    customerIds.length > 0 || productIds.length > 0
      ? []
      : plants.flatMap((plant) => {
          const missing = missingNumbers(
            rows.filter((row) => row.plant === plant).map((row) => row.number),
          );
          return missing.length > 0
            ? [`${plant}: no ticket of this period has number ${missing.join(', ')}.`]
            : [];
        });
  const voids = rows.filter((row) => row.voided).length;
  return {
    charts: [],
    tables: [
      table({
        sheet: 'Ticket register',
        sectionLabel: 'Plant',
        unitKey: 'unit',
        mutedKey: 'voided',
        columns: [
          { key: 'ticket', label: 'Ticket', kind: 'text', width: 38 },
          { key: 'at', label: 'Date and time', kind: 'dateTime' },
          { key: 'order', label: 'Order', kind: 'text', width: 34 },
          { key: 'customer', label: 'Customer', kind: 'text', width: 110, aggregate: countText },
          { key: 'truck', label: 'Truck', kind: 'text', width: 32 },
          { key: 'driver', label: 'Driver', kind: 'text', width: 76 },
          { key: 'product', label: 'Product', kind: 'text', width: 90 },
          { key: 'quantity', label: 'Quantity', kind: 'quantity', aggregate: liveSum('quantity') },
          { key: 'unit', label: 'Unit', kind: 'text', width: 26 },
          {
            key: 'amount',
            label: 'Amount',
            kind: 'money',
            priced: true,
            aggregate: liveSum('amount'),
          },
          { key: 'status', label: 'Status', kind: 'text', width: 42 },
          { key: 'voidReason', label: 'Void reason', kind: 'text', width: 84 },
        ],
        sections: plants.map((plant) => ({
          label: plant,
          rows: rows
            .filter((row) => row.plant === plant)
            .map((row) => ({
              ticket: String(row.number),
              at: row.at,
              order: String(row.order_number),
              customer: row.customer,
              truck: row.truck,
              driver: row.driver,
              product: row.product,
              quantity: numOrNull(row.quantity),
              unit: unitLabel(row.unit),
              amount: num(row.amount),
              status: row.status,
              voidReason: row.voided
                ? [row.void_status, row.void_reason].filter(Boolean).join(': ') || 'Voided'
                : null,
              voided: row.voided ? 1 : null,
            })),
        })),
      }),
    ],
    notes,
    summary: `${counted(rows.length - voids, 'ticket')}, ${voids} voided`,
    rowCount: rows.length,
  };
}
