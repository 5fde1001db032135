/**
 * The scale seed's plants: mostly concrete, some aggregate (a few of them rail terminals), some
 * block, with their concrete-plant and aggregate-pit rows and the pits' scales.
 */
import { required, execute, insertRange, type ScaleContext } from './scale-context';
import { intArray, localTime, pick, placeCount, placesRelation } from './scale-sql';
import { plantKinds } from './scale-words';

/** Plant p (0-based): concrete, except p % 10 of 1 or 5 (aggregate) and 2 (block). */
export function plantSystemType(p: number): 1 | 2 | 3 {
  const digit = p % 10;
  if (digit === 1 || digit === 5) return 2;
  if (digit === 2) return 3;
  return 1;
}

/** Aggregate plants with p % 20 of 5 load rail cars. */
export function plantIsRail(p: number): boolean {
  return plantSystemType(p) === 2 && p % 20 === 5;
}

/** Truck t is based at plant t % plants, so plant p has this many. */
export function trucksAtPlant(p: number, plants: number, trucks: number): number {
  return p < trucks ? Math.floor((trucks - 1 - p) / plants) + 1 : 0;
}

/** Plant indexes (0-based) per system type. */
export function plantIndexesOfType(plants: number, systemTypeId: 1 | 2 | 3): number[] {
  return Array.from({ length: plants }, (_, p) => p).filter(
    (p) => plantSystemType(p) === systemTypeId,
  );
}

/** The SQL array of every plant's system type, indexed by p + 1. */
export function plantTypesArray(plants: number): string {
  return intArray(Array.from({ length: plants }, (_, p) => plantSystemType(p)));
}

export async function seedScalePlants(context: ScaleContext): Promise<number> {
  const { db, options, hash } = context;
  const { plants: count, trucks } = options;
  const types = plantTypesArray(count);
  const rails = intArray(Array.from({ length: count }, (_, p) => (plantIsRail(p) ? 1 : 0)));
  const fleets = intArray(Array.from({ length: count }, (_, p) => trucksAtPlant(p, count, trucks)));
  const kind = `(CASE g.rail WHEN 1 THEN 'Rail Terminal' ELSE CASE g.st
      WHEN 1 THEN ${pick(plantKinds[1], hash('g.p', 11))}
      WHEN 2 THEN ${pick(plantKinds[2], hash('g.p', 11))}
      ELSE ${pick(plantKinds[3], hash('g.p', 11))} END END)`;
  context.ids.plants = await insertRange(
    db,
    `INSERT INTO plants (description, address1, address3, address5, address6, address7,
       phone_number, fax_number, latitude, longitude, radius, division_id,
       fleet_size_sunday, fleet_size_monday, fleet_size_tuesday, fleet_size_wednesday,
       fleet_size_thursday, fleet_size_friday, fleet_size_saturday,
       batch_time, call_in_space_time, closeout_time, in_yard_wash_time, on_job_wash_time,
       warmup_time, truck_cost_hour, truck_productivity_factor, fixed_cost_qty, is_rail,
       use_batch_panel_flag, print_ticket_method, ticket_print_queue, next_work_order_number,
       plant_color_id, price_adjustment, sub_account_number, system_type_id, modified_on)
     SELECT place.suburb || ' ' || ${kind} || ' ' || (g.p + 1),
       (100 + ${hash('g.p', 12)} % 9800) || ' Industrial Pkwy', place.city, 'OH', place.county,
       place.zip,
       '(614) 555-' || lpad((2000 + g.p)::text, 4, '0'),
       '(614) 555-' || lpad((3000 + g.p)::text, 4, '0'),
       round((place.lat + ((${hash('g.p', 13)} % 2001) - 1000) / 100000.0)::numeric, 5)::float8,
       round((place.lon + ((${hash('g.p', 14)} % 2001) - 1000) / 100000.0)::numeric, 5)::float8,
       CASE g.st WHEN 1 THEN 300 ELSE 600 END, g.st,
       0, g.fleet, g.fleet, g.fleet, g.fleet, g.fleet, (g.fleet * 2 + 4) / 5,
       CASE g.st WHEN 1 THEN 6 + ${hash('g.p', 15)} % 3 WHEN 2 THEN 5 + g.rail ELSE 20 END,
       CASE g.st WHEN 1 THEN 10 ELSE 15 END,
       CASE g.st WHEN 3 THEN time '16:00' ELSE time '17:30' END,
       CASE g.st WHEN 1 THEN 10 ELSE 0 END,
       CASE g.st WHEN 1 THEN 10 + 2 * (${hash('g.p', 16)} % 2) ELSE 0 END,
       15, CASE g.st WHEN 1 THEN 105 ELSE 92 END, 0.85, CASE g.st WHEN 1 THEN 3 ELSE 0 END,
       g.rail = 1, g.st = 1 AND ${hash('g.p', 17)} % 3 <> 0, 1,
       CASE g.st WHEN 1 THEN 'Batch Office' ELSE 'Scale House' END, 1,
       1 + g.p % 8, 0, g.st || lpad((g.p + 1)::text, 3, '0'), g.st,
       ${localTime(`date '${options.today}' - ${options.days + 30}`, '480', options.timeZoneOffsetMinutes)}
     FROM (SELECT p, (${types})[p + 1] AS st, (${rails})[p + 1] AS rail,
             (${fleets})[p + 1] AS fleet, 1 + ${hash('p', 10)} % ${placeCount} AS place_id
           FROM generate_series(0, ${count - 1}) AS p) AS g
     JOIN ${placesRelation()} ON place.id = g.place_id
     ORDER BY g.p
     RETURNING id`,
  );
  return context.ids.plants.count;
}

/** The per-system detail rows: a concrete plant's alleys, an aggregate pit's zone and counters. */
export async function seedScalePlantDetails(context: ScaleContext): Promise<number> {
  const { db, hash } = context;
  const { first } = required(context, 'plants');
  const concrete = await execute(
    db,
    `INSERT INTO concrete_plants (plant_id, number_of_alleys, next_ticket_number, modified_at)
     SELECT id, 1 + ${hash(`id - ${first}`, 20)} % 3, 1, modified_on
     FROM plants WHERE system_type_id = 1 ORDER BY id`,
  );
  const pits = await execute(
    db,
    `INSERT INTO aggregate_pits (plant_id, zone, fuel_sur_chage, next_ticket_number,
       next_bill_of_lading_number, rail_schedule_edi_stored_procedure_name, modified_at)
     SELECT id, (ARRAY['North', 'South', 'East', 'West'])[1 + (id - ${first}) % 4],
       3 + (${hash(`id - ${first}`, 21)} % 6) * 0.25, 1, 1,
       CASE WHEN is_rail THEN 'usp_ImportRailScheduleEdi' END, modified_on
     FROM plants WHERE system_type_id = 2 ORDER BY id`,
  );
  // R-SCALE-1: each pit's scale, as its plant record holds it.
  await execute(
    db,
    `UPDATE plants SET scale_capacity = CASE WHEN is_rail THEN 286000 ELSE 200000 END,
       scale_division = 20, scale_unit = 'lb', scale_protocol = 'simulated'
     WHERE system_type_id = 2`,
  );
  return concrete + pits;
}
