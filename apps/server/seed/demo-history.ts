/**
 * Six weeks of history before the demo's working week (R-RPT-20), so the reports, the
 * inquiries and the accounting export have months to show: the completed orders of the demo's
 * past days copied back onto the working days before them, thinned a little differently each
 * week, with their schedules, loads, tickets (voids included) and ticket lines; the batch panel's
 * weights for every past concrete ticket of a plant that batches through its panel; and each month
 * of history that has ended invoiced on the first of the next, one invoice per customer, through
 * flag invoice itself (gapless numbers, taxes).
 *
 * Copies keep every rule the demo's own days keep: a ticket lies on its order's day, a truck's
 * loads follow one another, each plant's ticket numbers rise with time (history numbers come
 * before the demo's first), and the plants' next ticket numbers stay as they were. Deterministic:
 * rows are chosen and numbered by ids and dates the demo seed itself wrote.
 */
import { systemTypeIds } from '@dispatch/domain/system-types';
import { deliveredTicketStatusIds } from '@dispatch/domain/invoicing/invoice-selection';
import { invoiceTicketLimit } from '@dispatch/domain/invoicing/invoice-schemas';
import { createInvoices } from '../src/modules/invoices/invoice-writes.service';
import { execute, queryRows } from './scale-context';
import { workingDayOffsets, type DemoClock } from './demo-clock';
import { orderStatusIds } from '@dispatch/domain/orders/order-status';
import type { SeedDb } from '../src/db/bulk-insert';

/** Working days of history before the demo's first past day. */
export const demoHistoryDays = 30;

const dayMs = 86_400_000;

/** The share of a source day's orders each history week keeps, in tenths: weeks differ. */
const keptTenths = (dayIndex: number) => 6 + (Math.floor(dayIndex / 5) % 5);

async function columnsOf(db: SeedDb, table: string): Promise<string[]> {
  const rows = await queryRows<{ column_name: string; is_generated: string; identity: string }>(
    db,
    `SELECT column_name, is_generated, is_identity AS identity FROM information_schema.columns
      WHERE table_name = '${table}' AND table_schema = current_schema() ORDER BY ordinal_position`,
  );
  return rows
    .filter((row) => row.identity !== 'YES' && row.is_generated !== 'ALWAYS')
    .map((row) => row.column_name);
}

/** INSERT INTO table SELECT every column of `s` (the source row) but the overridden ones. */
async function copyRows(
  db: SeedDb,
  table: string,
  from: string,
  overrides: Record<string, string>,
): Promise<number> {
  const columns = await columnsOf(db, table);
  const values = columns.map((column) => overrides[column] ?? `s.${column}`);
  return execute(
    db,
    `INSERT INTO ${table} (${columns.join(', ')}) SELECT ${values.join(', ')} ${from}`,
  );
}

const shifted = (column: string) => `s.${column} + make_interval(secs => h.shift * 86400)`;

export async function seedDemoHistory(db: SeedDb, clock: DemoClock): Promise<void> {
  const sources = (
    await queryRows<{ day: string }>(
      db,
      `SELECT DISTINCT o.ship_date::text AS day FROM orders o
        WHERE o.ship_date < '${clock.today}' AND EXISTS (SELECT 1 FROM tickets t WHERE t.order_id = o.id)
        ORDER BY 1 DESC`,
    )
  ).map((row) => row.day);
  if (sources.length === 0) return;
  const offsetOf = (day: string) => Math.round((Date.parse(day) - Date.parse(clock.today)) / dayMs);
  const earliest = offsetOf(sources[sources.length - 1]!);
  const targets = workingDayOffsets(clock, -1, -earliest + demoHistoryDays * 2)
    .filter((offset) => offset < earliest)
    .slice(0, demoHistoryDays);
  const days = targets.map((offset, index) => {
    const source = sources[index % sources.length]!;
    return { index, target: clock.date(offset), source, shift: offset - offsetOf(source) };
  });

  await execute(
    db,
    `CREATE TEMP TABLE history_day (idx int, target date, source date, shift int, kept int) ON COMMIT DROP`,
  );
  await execute(
    db,
    `INSERT INTO history_day VALUES ${days
      .map(
        (day) =>
          `(${day.index}, '${day.target}', '${day.source}', ${day.shift}, ${keptTenths(day.index)})`,
      )
      .join(', ')}`,
  );
  // Complete orders with one schedule: their loads are all delivered, and a copy maps 1:1.
  await execute(
    db,
    `CREATE TEMP TABLE history_order ON COMMIT DROP AS
     SELECT o.id AS source_id, d.idx, d.shift,
            (SELECT max(number) FROM orders) + row_number() OVER (ORDER BY d.target, o.number) AS number,
            NULL::int AS new_id
       FROM orders o JOIN history_day d ON d.source = o.ship_date
      WHERE o.order_status_id = ${orderStatusIds.complete}
        AND (SELECT count(*) FROM schedules s WHERE s.order_id = o.id) = 1
        AND (o.id * 37 + d.idx * 11) % 10 < d.kept`,
  );
  await copyRows(
    db,
    'orders',
    'FROM history_order h JOIN orders s ON s.id = h.source_id ORDER BY h.number',
    {
      number: 'h.number',
      order_date: 's.order_date + h.shift',
      ship_date: 's.ship_date + h.shift',
      first_load_time: shifted('first_load_time'),
      created_at: shifted('created_at'),
      modified_at: shifted('created_at'),
      invoiced_flag: 'false',
      version: '1',
    },
  );
  await execute(
    db,
    `UPDATE history_order h SET new_id = o.id FROM orders o WHERE o.number = h.number`,
  );
  await execute(db, `SELECT setval('order_number_seq', (SELECT max(number) FROM orders))`);

  await copyRows(
    db,
    'schedules',
    'FROM history_order h JOIN schedules s ON s.order_id = h.source_id',
    {
      order_id: 'h.new_id',
      first_load_on_job_time: shifted('first_load_on_job_time'),
      modified_at: shifted('modified_at'),
      version: '1',
    },
  );
  await execute(
    db,
    `CREATE TEMP TABLE history_schedule ON COMMIT DROP AS
     SELECT old.id AS source_id, new.id AS new_id, h.new_id AS order_id, h.shift
       FROM history_order h
       JOIN schedules old ON old.order_id = h.source_id
       JOIN schedules new ON new.order_id = h.new_id`,
  );
  await copyRows(
    db,
    'schedule_products',
    'FROM history_schedule h JOIN schedule_products s ON s.schedule_id = h.source_id',
    { schedule_id: 'h.new_id', modified_at: shifted('modified_at'), version: '1' },
  );

  // Each plant's history tickets take the numbers just before its first one, in time order.
  await execute(
    db,
    `CREATE TEMP TABLE history_ticket ON COMMIT DROP AS
     SELECT t.id AS source_id, h.new_id AS order_id, hs.new_id AS schedule_id, t.plant_id, h.shift,
            (SELECT min(number) FROM tickets f WHERE f.plant_id = t.plant_id)
              - count(*) OVER (PARTITION BY t.plant_id)
              - 1 + row_number() OVER (PARTITION BY t.plant_id
                    ORDER BY t.ticket_date_time + make_interval(secs => h.shift * 86400), t.id) AS number,
            NULL::int AS new_id
       FROM history_order h
       JOIN tickets t ON t.order_id = h.source_id
       LEFT JOIN history_schedule hs ON hs.source_id = t.schedule_id AND hs.order_id = h.new_id`,
  );
  const stamps = [
    'ticket_date_time',
    'print_date_time',
    'batch_date_time',
    'loaded_date_time',
    'to_job_date_time',
    'on_job_date_time',
    'start_unload_date_time',
    'finish_unload_date_time',
    'to_plant_date_time',
    'arrive_plant_date_time',
    'suspend_date_time',
    'test_begin_date_time',
    'test_end_date_time',
    'void_date_time',
    'modified_at',
  ];
  await copyRows(
    db,
    'tickets',
    'FROM history_ticket h JOIN tickets s ON s.id = h.source_id ORDER BY h.plant_id, h.number',
    {
      number: 'h.number',
      order_id: 'h.order_id',
      schedule_id: 'h.schedule_id',
      invoice_id: 'NULL',
      version: '1',
      ...Object.fromEntries(stamps.map((stamp) => [stamp, shifted(stamp)])),
    },
  );
  await execute(
    db,
    `UPDATE history_ticket h SET new_id = t.id FROM tickets t WHERE t.plant_id = h.plant_id AND t.number = h.number`,
  );
  await copyRows(
    db,
    'ticket_products',
    'FROM history_ticket h JOIN ticket_products s ON s.ticket_id = h.source_id ORDER BY s.id, h.new_id',
    {
      ticket_id: 'h.new_id',
      modified_at: shifted('modified_at'),
      version: '1',
    },
  );
  await copyRows(
    db,
    'loads',
    `FROM history_schedule h JOIN loads s ON s.schedule_id = h.source_id
        LEFT JOIN history_ticket ht ON ht.source_id = s.ticket_id AND ht.order_id = h.order_id`,
    {
      order_id: 'h.order_id',
      schedule_id: 'h.new_id',
      ticket_id: 'ht.new_id',
      on_job_time: shifted('on_job_time'),
      modified_at: shifted('modified_at'),
      version: '1',
    },
  );

  // What the batch panels reported for every past concrete load batched through one: the mix's
  // target for the load and a batched weight a little off it, as scales are.
  await execute(
    db,
    `INSERT INTO ticket_batch_weights (ticket_id, raw_material_id, sequence, target_quantity, batched_quantity, unit_of_measure_id)
     SELECT t.id, cmr.raw_material_id, cmr.sequence, round(tp.quantity * cmr.quantity, 3),
            round(tp.quantity * cmr.quantity * (1 + ((t.id * 7 + cmr.raw_material_id * 13) % 41 - 20) / 1000.0), 3),
            cmr.unit_of_measure_id
       FROM tickets t
       JOIN plants p ON p.id = t.plant_id AND p.use_batch_panel_flag AND p.system_type_id = ${systemTypeIds.concrete}
       JOIN ticket_products tp ON tp.ticket_id = t.id
       JOIN concrete_mixes cm ON cm.product_id = tp.product_id AND cm.plant_id = t.plant_id
       JOIN concrete_mix_raw_materials cmr ON cmr.concrete_mix_id = cm.id
      WHERE t.void_status_id IS NULL AND t.void_date_time IS NULL AND t.batch_date_time IS NOT NULL
        AND t.ticket_date_time < '${clock.at(0, 0).toISOString()}'
        AND NOT EXISTS (SELECT 1 FROM ticket_batch_weights w WHERE w.ticket_id = t.id)
     ON CONFLICT DO NOTHING`,
  );

  await invoiceHistory(
    db,
    days.map((day) => day.target),
    clock,
  );
}

/** Each ended month's delivered history tickets, invoiced on the 1st of the next by the dispatcher. */
async function invoiceHistory(db: SeedDb, targets: readonly string[], clock: DemoClock) {
  const [dispatcher] = await queryRows<{ id: number }>(
    db,
    `SELECT id FROM users WHERE lower(username) = 'dispatcher'`,
  );
  if (!dispatcher) return;
  const firstOfNext = (day: string) => {
    const [year = 0, month = 1] = day.split('-').map(Number);
    return new Date(Date.UTC(year, month, 1)).toISOString().slice(0, 10);
  };
  const months = new Map<string, string[]>();
  for (const day of targets) {
    const invoiceDate = firstOfNext(day);
    if (invoiceDate <= clock.today)
      months.set(invoiceDate, [...(months.get(invoiceDate) ?? []), day]);
  }
  for (const [invoiceDate, monthDays] of [...months].sort((a, b) => a[0].localeCompare(b[0]))) {
    const tickets = await queryRows<{ id: number }>(
      db,
      `SELECT t.id FROM tickets t JOIN orders o ON o.id = t.order_id
        WHERE o.ship_date IN (${monthDays.map((day) => `'${day}'`).join(', ')})
          AND t.void_status_id IS NULL AND t.void_date_time IS NULL AND t.invoice_id IS NULL
          AND t.status_id IN (${deliveredTicketStatusIds.join(', ')})
          AND NOT EXISTS (SELECT 1 FROM ticket_products tp WHERE tp.ticket_id = t.id AND tp.price IS NULL)
        ORDER BY t.id`,
    );
    const offset = Math.round((Date.parse(invoiceDate) - Date.parse(clock.today)) / dayMs);
    for (let first = 0; first < tickets.length; first += invoiceTicketLimit) {
      // The seed's transaction stands in for the database: flag invoice nests its own in it.
      await createInvoices(
        db,
        {
          ticketIds: tickets.slice(first, first + invoiceTicketLimit).map((ticket) => ticket.id),
          invoiceDate,
        },
        {
          userId: dispatcher.id,
          username: 'dispatcher',
          now: clock.at(offset, 9 * 60),
          allowedSystemTypeIds: [1, 2, 3],
        },
      );
    }
  }
}
