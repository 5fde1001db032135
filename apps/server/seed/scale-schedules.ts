/**
 * One schedule per order, and its products: the primary product split into loads, and for some
 * orders an extra line (an admixture or fee for concrete, fuel for aggregate, pallets for block).
 */
import { usageTypeIds } from '../src/db/reference-ids';
import { execute, required, type ScaleContext } from './scale-context';
import {
  loadCountSql,
  loadSizeSql,
  pickupOrderTypeSql,
  totalSql,
  truckTypeSql,
} from './scale-plan';
import { blockPiecesPerCube, extrasOf, extraQuantityRules } from './scale-products';
import { intArray, pickInt } from './scale-sql';

export async function seedScaleSchedules(context: ScaleContext): Promise<number> {
  const { db, hash } = context;
  const key = 'o.number';
  const h = (salt: number) => hash(key, salt);
  const pickup = `o.order_type_id IN ${pickupOrderTypeSql}`;
  const st = 'o.system_type_id';
  return execute(
    db,
    `INSERT INTO schedules (order_id, plant_id, system_type_id, number_of_loads,
       number_of_trucks, quantity_per_hour, load_interval_time, travel_time_to_job,
       travel_time_to_plant, on_job_wait_minutes, on_job_wash_minutes, adjustment_type_id,
       add_plus_load, truck_type_id, first_load_on_job_time, modified_at)
     SELECT o.id, o.plant_id, o.system_type_id, x.loads, least(x.loads, 1 + ${h(410)} % 4),
       round(${loadSizeSql(hash, st, 'x.truck_type', key)} * 60.0 / x.interval, 3), x.interval,
       x.travel, greatest(x.travel + ${h(411)} % 7 - 3, 0),
       CASE WHEN ${pickup} THEN 0 ELSE ${h(412)} % 16 END,
       CASE WHEN ${st} = 1 AND NOT ${pickup} THEN 10 ELSE 0 END, 1,
       ${st} = 1 AND ${h(413)} % 9 = 0, x.truck_type, o.first_load_time, o.modified_at
     FROM orders o
     CROSS JOIN LATERAL (SELECT ${loadCountSql(hash, st, key)} AS loads,
         ${truckTypeSql(hash, st, pickup, key)} AS truck_type,
         CASE ${st} WHEN 1 THEN 10 + ${h(414)} % 5 * 5 WHEN 2 THEN 20 + ${h(414)} % 6 * 5
           ELSE 60 + ${h(414)} % 3 * 30 END AS interval,
         CASE WHEN ${pickup} THEN 0 ELSE round(o.hours_to_job * 60)::int END AS travel) AS x
     ORDER BY o.id`,
  );
}

export async function seedScaleScheduleProducts(context: ScaleContext): Promise<number> {
  const { db, hash, options } = context;
  const products = required(context, 'products');
  const key = 'o.number';
  const h = (salt: number) => hash(key, salt);
  const st = 'o.system_type_id';
  const primary = `CASE ${st} WHEN 1 THEN ${pickInt(products[1].primary, h(420))}
      WHEN 2 THEN ${pickInt(products[2].primary, h(420))}
      ELSE ${pickInt(products[3].primary, h(420))} END`;
  const extras = ([1, 2, 3] as const).map((type) => extrasOf(context, type));
  const extraArray = (field: 'id' | 'usageTypeId' | 'rule', type = 'b.st') =>
    `CASE ${type} ${extras
      .map((list, index) => `WHEN ${index + 1} THEN ${intArray(list.map((entry) => entry[field]))}`)
      .join(' ')} END`;
  const extraCount = `cardinality(${extraArray('id', st)})`;
  // Pallets go with every block order; concrete and aggregate orders carry an extra now and then.
  const extraPercent = `CASE ${st} WHEN 1 THEN 30 WHEN 2 THEN 20 ELSE 100 END`;
  const { total, perLoad, once, pallets } = extraQuantityRules;
  const extraQuantity = `CASE (${extraArray('rule')})[b.extra]
      WHEN ${total} THEN b.total WHEN ${perLoad} THEN b.loads WHEN ${once} THEN 1
      WHEN ${pallets} THEN ceil(b.total / ${blockPiecesPerCube}) END`;
  const shipped = `(o.ship_date < date '${options.today}' AND o.order_status_id IN (2, 5))`;
  const adjustment = `CASE ${st} WHEN 1 THEN (${h(421)} % 7 - 3) * 1.5
      WHEN 2 THEN (${h(421)} % 5 - 2) * 0.5 ELSE 0 END`;
  // Each level computes its values once per row (OFFSET 0 keeps PostgreSQL from inlining one
  // level's expressions into the next, which would multiply them).
  return execute(
    db,
    `INSERT INTO schedule_products (schedule_id, product_id, primary_flag, sequence,
       product_number, product_description, product_type_id, quantity, delivered_quantity,
       slump, price, taxable_flag, unit_of_measure, load_size, load_plan, usage_type_id,
       units_per_cube, ticketed, modified_at)
     SELECT z.schedule_id, p.id, z.sequence = 0, z.sequence, p.number, p.description,
       p.product_type_id, z.quantity, CASE WHEN z.shipped THEN z.quantity ELSE 0 END,
       z.slump, CASE WHEN z.sequence = 0 THEN round(p.price + z.adjustment, 2) ELSE p.price END,
       p.taxable_flag AND NOT z.nontaxable, p.unit_of_measure_id,
       CASE WHEN z.sequence = 0 THEN z.size END,
       CASE WHEN z.sequence = 0 THEN repeat(trim_scale(z.size)::text || ',', z.loads - 1)
         || trim_scale(z.total - z.size * (z.loads - 1))::text END,
       z.usage_type_id, CASE WHEN z.sequence = 0 AND z.st = 3 THEN ${blockPiecesPerCube} END,
       z.shipped, z.modified_at
     FROM (SELECT b.*, line.sequence,
             CASE WHEN line.sequence = 0 THEN b.primary_id
               ELSE (${extraArray('id')})[b.extra] END AS product_id,
             CASE WHEN line.sequence = 0 THEN b.total
               ELSE ${extraQuantity} END AS quantity,
             CASE WHEN line.sequence = 0 THEN ${usageTypeIds.perUnit}
               ELSE (${extraArray('usageTypeId')})[b.extra] END AS usage_type_id,
             CASE WHEN line.sequence = 0 AND b.st = 1 THEN b.slump_base END AS slump
           FROM (SELECT a.*, ${totalSql(hash, 'a.st', 'a.size', 'a.loads', 'a.number')} AS total
                 FROM (SELECT s.id AS schedule_id, s.number_of_loads AS loads, s.modified_at,
                         o.number, ${st} AS st, ${shipped} AS shipped,
                         c.nontaxable_flag AS nontaxable,
                         ${loadSizeSql(hash, st, 's.truck_type_id', key)} AS size,
                         ${primary} AS primary_id, ${adjustment} AS adjustment,
                         4 + ${h(422)} % 3 AS slump_base,
                         CASE WHEN ${extraCount} > 0 AND ${h(423)} % 100 < ${extraPercent}
                           THEN 1 + ${h(424)} % greatest(${extraCount}, 1) END AS extra
                       FROM schedules s
                       JOIN orders o ON o.id = s.order_id
                       JOIN customers c ON c.id = o.customer_id
                       OFFSET 0) AS a
                 OFFSET 0) AS b
           CROSS JOIN LATERAL generate_series(0, CASE WHEN b.extra IS NULL THEN 0 ELSE 1 END)
             AS line(sequence)) AS z
     JOIN products p ON p.id = z.product_id
     ORDER BY z.schedule_id, z.sequence`,
  );
}
