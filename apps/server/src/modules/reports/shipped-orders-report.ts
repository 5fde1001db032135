/**
 * R-RPT-10: shipped orders. Every order with a live ticket in the period, by the order's plant:
 * its main product (the primary product of its first schedule) ordered, shipped (on live tickets)
 * and delivered (as every screen counts it, R-DELIV-2), the loads,
 * the amount of every line of those tickets (extras included, before tax) and the invoices they
 * are on. The products chosen narrow the orders by their main product.
 */
import { sql } from 'drizzle-orm';
import {
  counted,
  orderColumns,
  productColumns,
  sectionsBy,
  table,
  type ReportBody,
} from './report-document';
import {
  jobLabel,
  liveTicketsOfPeriod,
  num,
  numOrNull,
  oneOf,
  rowsOf,
  unitLabel,
  type ReportContext,
} from './report-scope';

type Row = {
  number: number;
  ship_date: string;
  customer: string;
  job: string | null;
  plant: string;
  product: string | null;
  unit: number | null;
  ordered: string | null;
  shipped: string | null;
  delivered: string | null;
  loads: number;
  amount: string | null;
  invoices: string | null;
};

export async function shippedOrdersReport({
  db,
  scope,
  progress,
}: ReportContext): Promise<ReportBody> {
  await progress(5, 'Reading the period’s tickets');
  // One row a ticket line (one for a ticket without lines) with its ticket's first marked, so the
  // loads are counted without a distinct sort; the lines are found through their ticket's index
  // (a join would hash every line ever written); the main product is read once per order.
  const rows = await rowsOf<Row>(
    db,
    sql`
    with lines as materialized (
      select t.order_id, t.id as ticket_id, t.invoice_id, tp.product_id, tp.quantity,
             tp.delivered_quantity,
             round(tp.quantity * coalesce(tp.price, 0), 2) as amount,
             row_number() over (partition by t.id) = 1 as first_line
        from tickets t
        left join lateral (
          select x.product_id, x.quantity, x.delivered_quantity, x.price
            from ticket_products x where x.ticket_id = t.id
        ) tp on true
       where ${liveTicketsOfPeriod(scope)}
    ),
    main as materialized (
      select distinct on (s.order_id) s.order_id, sp.product_id,
             coalesce(sp.product_description, p.description) as product,
             coalesce(sp.unit_of_measure, p.unit_of_measure_id) as unit,
             sum(sp.quantity) over (partition by s.order_id, sp.product_id) as ordered
        from schedules s
        join schedule_products sp on sp.schedule_id = s.id and sp.primary_flag
        join products p on p.id = sp.product_id
       where s.order_id = any(array(select distinct order_id from lines))
       order by s.order_id, s.id
    ),
    per_order as (
      select l.order_id, (count(*) filter (where l.first_line))::int as loads,
             sum(l.amount) as amount,
             sum(l.quantity) filter (where l.product_id = m.product_id) as shipped,
             -- R-DELIV-2: what reached the customer, as every screen counts it.
             coalesce(sum(l.delivered_quantity) filter (where l.product_id = m.product_id), 0) as delivered,
             array_agg(distinct l.invoice_id) filter (where l.invoice_id is not null) as invoice_ids
        from lines l left join main m on m.order_id = l.order_id
       group by l.order_id
    )
    select o.number, o.ship_date::text as ship_date, o.customer_name as customer,
           ${jobLabel('j')} as job, pl.description as plant,
           m.product, m.unit, m.ordered, po.shipped, po.delivered, po.loads, po.amount,
           (select string_agg(i.number::text, ', ' order by i.number)
              from invoices i where i.id = any(po.invoice_ids)) as invoices
      from per_order po
      join orders o on o.id = po.order_id
      join plants pl on pl.id = o.plant_id
      left join jobs j on j.id = o.job_id
      left join main m on m.order_id = o.id
     where ${oneOf(sql`m.product_id`, scope.params.productIds)}
     order by pl.description, o.ship_date, o.number`,
  );
  await progress(35, `${counted(rows.length, 'order')} read`);

  const sections = sectionsBy(
    rows,
    (row) => row.plant,
    (row) => ({
      order: String(row.number),
      shipDate: row.ship_date,
      customer: row.customer,
      job: row.job,
      product: row.product,
      unit: unitLabel(row.unit),
      ordered: numOrNull(row.ordered),
      shipped: num(row.shipped),
      delivered: num(row.delivered),
      loads: row.loads,
      amount: num(row.amount),
      invoices: row.invoices,
    }),
  );
  const plants = sections.length;
  return {
    charts: [],
    tables: [
      table({
        sheet: 'Shipped orders',
        sectionLabel: 'Plant',
        unitKey: 'unit',
        columns: [
          ...orderColumns,
          ...productColumns,
          { key: 'ordered', label: 'Ordered', kind: 'quantity', aggregate: 'sum' },
          { key: 'shipped', label: 'Shipped', kind: 'quantity', aggregate: 'sum' },
          { key: 'delivered', label: 'Delivered', kind: 'quantity', aggregate: 'sum' },
          { key: 'loads', label: 'Loads', kind: 'integer', aggregate: 'sum' },
          {
            key: 'amount',
            label: 'Amount',
            kind: 'money',
            priced: true,
            aggregate: 'sum',
            width: 62,
          },
          { key: 'invoices', label: 'Invoices', kind: 'text', width: 50 },
        ],
        sections,
      }),
    ],
    notes: [],
    summary: `${counted(rows.length, 'order')}, ${counted(plants, 'plant')}`,
    rowCount: rows.length,
  };
}
