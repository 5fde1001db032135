/**
 * Tickets for every load of every order shipped before today, numbered per plant in shipping
 * order; about one load in 250 also has a voided ticket written minutes before its real one (a
 * wrong mix keyed, caught at the printer). Then a product line per ticket, the planned loads of
 * every schedule (linked to their tickets), and each plant's next ticket number.
 */
import { loadStatusIds, ticketStatusIds, voidStatusIds } from '../src/db/reference-ids';
import { execute, required, type ScaleContext } from './scale-context';
import { trucksAtPlant } from './scale-plants';
import { loadingMinutesSql, loadQuantitySql, pickupOrderTypeSql } from './scale-plan';
import { intArray, plusMinutes } from './scale-sql';

/** Who the tickets say wrote them. */
const ticketUserName = 'dispatcher';

/** The first ticket number of every plant; tickets count up from it. */
const firstTicketNumber = 100_001;

export async function seedScaleTickets(context: ScaleContext): Promise<number> {
  const { db, hash, options } = context;
  const plants = required(context, 'plants');
  const trucks = required(context, 'trucks');
  const key = `(o.number::bigint * 16 + k.n)`;
  const h = (salt: number) => hash(key, salt);
  const st = 'o.system_type_id';
  const pickup = `o.order_type_id IN ${pickupOrderTypeSql}`;
  const counts = intArray(
    Array.from({ length: options.plants }, (_, p) =>
      trucksAtPlant(p, options.plants, options.trucks),
    ),
  );
  // Truck t works at plant t % plants: pick one of the plant's trucks.
  const truckId = `CASE WHEN ${pickup} OR (${counts})[o.plant_id - ${plants.first} + 1] = 0 THEN NULL
      ELSE ${trucks.first} + (o.plant_id - ${plants.first})
        + ${options.plants} * (${h(501)} % (${counts})[o.plant_id - ${plants.first} + 1]) END`;
  const quantity = loadQuantitySql('k.n', 's.number_of_loads', 'sp.load_size', 'sp.quantity');
  // The ticket is written when the truck starts loading: travel and loading before it is on the job.
  const written = `CASE WHEN ${pickup}
      THEN ${plusMinutes('s.first_load_on_job_time', '(k.n - 1) * s.load_interval_time')}
      ELSE ${plusMinutes('s.first_load_on_job_time', `(k.n - 1) * s.load_interval_time - s.travel_time_to_job - ${loadingMinutesSql(st)} - 3`)} END`;
  const at = (minutes: string) => plusMinutes('t.written', minutes);
  const live = (value: string) => `CASE WHEN t.copy = 0 THEN ${value} END`;
  const delivery = (value: string) => `CASE WHEN t.copy = 0 AND NOT t.pickup THEN ${value} END`;
  const loaded = `(1 + t.loading)`;
  const onJob = `${loaded} + 2 + t.travel_to_job`;
  const startUnload = `${onJob} + t.wait`;
  const finishUnload = `${startUnload} + CASE t.st WHEN 1 THEN 10 + t.h % 10 WHEN 2 THEN 6 ELSE 25 END`;
  const toPlant = `${finishUnload} + t.wash`;
  const arrive = `${toPlant} + t.travel_to_plant`;
  const aggregate = `t.st = 2 AND t.copy = 0`;
  const net = `round(t.quantity * 2000 / 20) * 20`;
  const tare = `coalesce(tr.tare_weight, 24000 + t.h % 150 * 20)`;
  // The inner level computes each load's values once (OFFSET 0 keeps them from being inlined).
  return execute(
    db,
    `INSERT INTO tickets (number, order_id, schedule_id, plant_id, truck_id, truck_number,
       truck_company_id, load_number, status_id, void_status_id, driver_id, batchman_id,
       gross_weight, tare_weight, net_weight, water_added, max_allowable_water_gallons, cod_amount,
       ticket_date_time, print_date_time, batch_date_time, loaded_date_time, to_job_date_time,
       on_job_date_time, start_unload_date_time, finish_unload_date_time, to_plant_date_time,
       arrive_plant_date_time, void_date_time, user_name, void_user_name, modified_at)
     SELECT ${firstTicketNumber - 1} + row_number() OVER (PARTITION BY t.plant_id
         ORDER BY t.ship_date, t.number, t.load_number, t.copy DESC),
       t.order_id, t.schedule_id, t.plant_id, tr.id,
       coalesce(tr.identification_number, CASE WHEN t.pickup THEN 'CUST-' || (1 + t.h % 12) END),
       tr.truck_company_id, t.load_number,
       CASE WHEN t.copy = 1 THEN ${ticketStatusIds.voided} ELSE ${ticketStatusIds.complete} END,
       CASE WHEN t.copy = 1 THEN ${voidStatusIds.entryError} END,
       d.id, t.batchman_id,
       CASE WHEN ${aggregate} THEN ${tare} + ${net} END,
       CASE WHEN ${aggregate} THEN ${tare} END,
       CASE WHEN ${aggregate} THEN ${net} END,
       CASE WHEN t.st = 1 AND t.copy = 0 AND NOT t.pickup
         THEN least(t.h % 5, floor(t.quantity * 2)) END,
       CASE WHEN t.st = 1 THEN round(t.quantity * 2 * 2) / 2 END,
       CASE WHEN NOT t.charged AND t.copy = 0
         THEN round(t.quantity * t.price * CASE WHEN t.taxable THEN 1.0725 ELSE 1 END, 2) END,
       t.written, ${at('0.5')}, ${live(at('1'))}, ${live(at(loaded))},
       ${live(at(`${loaded} + 2`))}, ${delivery(at(onJob))}, ${delivery(at(startUnload))},
       ${delivery(at(finishUnload))}, ${delivery(at(toPlant))}, ${delivery(at(arrive))},
       CASE WHEN t.copy = 1 THEN ${at('2.5')} END, '${ticketUserName}',
       CASE WHEN t.copy = 1 THEN '${ticketUserName}' END,
       CASE WHEN t.copy = 1 THEN ${at('2.5')} WHEN t.pickup THEN ${at(`${loaded} + 2`)}
         ELSE ${at(arrive)} END
     FROM (SELECT o.id AS order_id, o.number, o.ship_date, o.plant_id, ${st} AS st,
             o.charge_order_flag AS charged, s.id AS schedule_id, k.n AS load_number, v.copy,
             s.travel_time_to_job AS travel_to_job, s.travel_time_to_plant AS travel_to_plant,
             s.on_job_wait_minutes AS wait, s.on_job_wash_minutes AS wash,
             ${loadingMinutesSql(st)} AS loading, sp.price, sp.taxable_flag AS taxable,
             pl.batchman_id, ${h(503)} AS h, ${pickup} AS pickup, ${quantity} AS quantity,
             ${plusMinutes(written, `-v.copy * (3 + ${h(504)} % 4)`)} AS written,
             ${truckId} AS truck_id
           FROM orders o
           JOIN schedules s ON s.order_id = o.id
           JOIN schedule_products sp ON sp.schedule_id = s.id AND sp.primary_flag
           JOIN plants pl ON pl.id = o.plant_id
           CROSS JOIN LATERAL generate_series(1, s.number_of_loads) AS k(n)
           CROSS JOIN LATERAL generate_series(0, CASE WHEN ${h(502)} % 250 = 0 THEN 1 ELSE 0 END)
             AS v(copy)
           WHERE o.ship_date < date '${options.today}' AND o.order_status_id IN (2, 5)
           OFFSET 0) AS t
     LEFT JOIN trucks tr ON tr.id = t.truck_id
     LEFT JOIN drivers d ON d.id = tr.driver_id
     ORDER BY t.plant_id, t.ship_date, t.number, t.load_number, t.copy DESC`,
  );
}

/** A product line per ticket: the load's quantity of the order's primary product. */
export async function seedScaleTicketProducts(context: ScaleContext): Promise<number> {
  const quantity = loadQuantitySql(
    't.load_number',
    's.number_of_loads',
    'sp.load_size',
    'sp.quantity',
  );
  return execute(
    context.db,
    `INSERT INTO ticket_products (ticket_id, product_id, quantity, delivered_quantity,
       unused_quantity, price, slump, taxable_flag, unit_of_measure, modified_at)
     SELECT t.id, sp.product_id, q.quantity,
       CASE WHEN t.void_status_id IS NULL THEN q.quantity END,
       CASE WHEN s.system_type_id = 1 AND t.void_status_id IS NULL THEN 0 END,
       sp.price, sp.slump, sp.taxable_flag, sp.unit_of_measure, t.modified_at
     FROM tickets t
     JOIN schedules s ON s.id = t.schedule_id
     JOIN schedule_products sp ON sp.schedule_id = s.id AND sp.primary_flag
     CROSS JOIN LATERAL (SELECT coalesce(t.net_weight / 2000, ${quantity}) AS quantity) AS q
     ORDER BY t.id`,
  );
}

/**
 * Every schedule's planned loads: delivered with their ticket before today, scheduled from today
 * on, cancelled on cancelled or deleted orders.
 */
export async function seedScaleLoads(context: ScaleContext): Promise<number> {
  const { db, options } = context;
  const quantity = loadQuantitySql('k.n', 's.number_of_loads', 'sp.load_size', 'sp.quantity');
  return execute(
    db,
    `INSERT INTO loads (order_id, schedule_id, load_number, quantity, status_id, driver_id,
       ticket_id, on_job_time, modified_at)
     SELECT o.id, s.id, k.n, ${quantity},
       CASE WHEN t.id IS NOT NULL THEN ${loadStatusIds.delivered}
         WHEN o.order_status_id IN (0, 9) OR o.ship_date < date '${options.today}'
           THEN ${loadStatusIds.cancelled}
         ELSE ${loadStatusIds.scheduled} END,
       t.driver_id, t.id, ${plusMinutes('s.first_load_on_job_time', '(k.n - 1) * s.load_interval_time')},
       coalesce(t.modified_at, s.modified_at)
     FROM schedules s
     JOIN orders o ON o.id = s.order_id
     JOIN schedule_products sp ON sp.schedule_id = s.id AND sp.primary_flag
     CROSS JOIN LATERAL generate_series(1, s.number_of_loads) AS k(n)
     LEFT JOIN tickets t ON t.schedule_id = s.id AND t.load_number = k.n
       AND t.void_status_id IS NULL
     ORDER BY s.id, k.n`,
  );
}

/** Each concrete plant's and pit's counter continues after its last seeded ticket. */
export async function seedScaleTicketCounters(context: ScaleContext): Promise<number> {
  const last = `SELECT plant_id, max(number) + 1 AS next FROM tickets GROUP BY plant_id`;
  const concrete = await execute(
    context.db,
    `UPDATE concrete_plants c SET next_ticket_number = m.next
     FROM (${last}) AS m WHERE m.plant_id = c.plant_id`,
  );
  const pits = await execute(
    context.db,
    `UPDATE aggregate_pits a SET next_ticket_number = m.next
     FROM (${last}) AS m WHERE m.plant_id = a.plant_id`,
  );
  // R-TENT-1: block yards number their tickets too.
  await execute(
    context.db,
    `INSERT INTO block_plants (plant_id, next_ticket_number)
     SELECT m.plant_id, m.next FROM (${last}) AS m
     JOIN plants p ON p.id = m.plant_id AND p.system_type_id = 3
     ON CONFLICT (plant_id) DO UPDATE SET next_ticket_number = excluded.next_ticket_number`,
  );
  return concrete + pits;
}
