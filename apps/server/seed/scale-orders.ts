/**
 * The scale seed's orders: `ordersPerDay` for each of `days` days ending today, each for a job
 * (and so a customer and the job's plant, whose system type the order takes). Past orders are
 * complete (FOB for pickups), with a few cancelled or deleted; today's are still to ship, on
 * hold, will call or back-ordered.
 */
import {
  deliveryChargeTypeIds,
  orderTypeIds,
  reasonIds,
  shortLoadTypeIds,
  sourceTaxingTypes,
} from '../src/db/reference-ids';
import { execute, required, type ScaleContext } from './scale-context';
import { hashColumns, localTime, pick } from './scale-sql';
import { firstNames, lastNames, orderNotes } from './scale-words';

export async function seedScaleOrders(context: ScaleContext): Promise<number> {
  const { db, hash, options } = context;
  const total = options.ordersPerDay * options.days;
  if (total === 0) return 0;
  const jobs = required(context, 'jobs');
  const salts = [301, 302, 303, 304, 305, 306, 307, 308, 309, 310, 311, 312, 313, 314, 315];
  const h = (salt: number) => `g.h${salt}`;
  const today = `date '${options.today}'`;
  const last = options.days - 1;
  const pickupPercent = 'CASE pl.system_type_id WHEN 1 THEN 4 WHEN 2 THEN 25 ELSE 20 END';
  const orderType = `CASE pl.system_type_id
      WHEN 1 THEN CASE WHEN x.pickup THEN ${orderTypeIds.concretePickup}
        WHEN c.cash_only_flag AND ${h(306)} % 2 = 0 THEN ${orderTypeIds.concreteCashSale}
        WHEN ${h(306)} % 100 < 8 THEN ${orderTypeIds.concretePump}
        ELSE ${orderTypeIds.concreteDelivery} END
      WHEN 2 THEN CASE WHEN x.pickup THEN ${orderTypeIds.aggregatePickup}
        WHEN pl.is_rail THEN ${orderTypeIds.aggregateRail} ELSE ${orderTypeIds.aggregateDelivery} END
      ELSE CASE WHEN x.pickup THEN ${orderTypeIds.blockPickup} ELSE ${orderTypeIds.blockDelivery} END
    END`;
  const status = `CASE WHEN g.day < ${last} THEN CASE
        WHEN ${h(303)} % 100 < 2 THEN 9
        WHEN ${h(303)} % 1000 BETWEEN 20 AND 24 THEN 0
        WHEN x.pickup THEN 2 ELSE 5 END
      ELSE CASE WHEN ${h(303)} % 100 < 3 THEN 9 WHEN ${h(303)} % 100 < 8 THEN 4
        WHEN ${h(303)} % 100 < 15 THEN 3 WHEN ${h(303)} % 100 < 18 THEN 8
        WHEN x.pickup THEN 2 ELSE 1 END END`;
  const reason = `CASE WHEN s.status = 9 THEN ${reasonIds.customerCancelled}
      WHEN s.status = 4 THEN ${reasonIds.creditHold}
      WHEN ${h(304)} % 200 = 0 THEN ${reasonIds.addOn}
      WHEN ${h(304)} % 500 = 1 THEN ${reasonIds.replacement} ELSE ${reasonIds.regular} END`;
  const shortLoad = `CASE pl.system_type_id
      WHEN 1 THEN CASE WHEN ${h(305)} % 2 = 0 THEN ${shortLoadTypeIds.concreteUnder4}
        ELSE ${shortLoadTypeIds.concreteUnder6} END
      WHEN 2 THEN ${shortLoadTypeIds.aggregateUnder10} END`;
  const offset = options.timeZoneOffsetMinutes;
  const created = localTime(
    'x.order_date',
    `CASE WHEN x.lead = 0 THEN 300 + ${h(309)} % 60 ELSE 420 + ${h(309)} % 600 END`,
    offset,
  );
  const count = await execute(
    db,
    `INSERT INTO orders (number, customer_id, customer_name, customer_po_number, plant_id,
       job_id, order_date, ship_date, order_status_id, order_type_id, system_type_id,
       order_flag_id, ordered_by_name, notes, dispatch_notes, miles_to_job, hours_to_job,
       first_load_time, imperial_flag, invoiced_flag, charge_order_flag, order_verified_flag,
       block_return_order_flag, reason_id, short_load_type_id, free_short_load_id,
       standby_charge_type_id, agg_delivery_charge_type_id, print_material_type_id,
       source_taxing_type, suburb_id, upload_mix_to_batch_panel, zone_reference_number,
       created_at, modified_at)
     SELECT 100001 + g.o, c.id, c.name, coalesce(jb.customer_po_number, ''), pl.id, jb.id,
       x.order_date, x.ship_date, s.status, ${orderType}, pl.system_type_id,
       CASE WHEN ${h(307)} % 100 < 6 THEN 1 + ${h(307)} / 100 % 4 END,
       ${pick(firstNames, h(308))} || ' ' || ${pick(lastNames, h(310))},
       CASE WHEN ${h(311)} % 10 = 0 THEN ${pick(orderNotes, `${h(311)} / 10`)} END,
       CASE WHEN ${h(311)} % 10 = 1 THEN ${pick(orderNotes, `${h(311)} / 10`)} END,
       x.miles, round(x.miles * 2.2 / 60, 2),
       ${localTime('x.ship_date', `360 + (${h(312)} % 48) * 10`, offset)},
       true, s.status = 5 AND g.day < ${last - 1}, NOT c.cash_only_flag,
       g.day < ${last} OR ${h(313)} % 3 <> 0, false, ${reason}, ${shortLoad},
       CASE WHEN pl.system_type_id <> 3 THEN 1 END, 1,
       CASE WHEN pl.system_type_id = 2 AND NOT x.pickup THEN ${deliveryChargeTypeIds.perTon}
         ELSE ${deliveryChargeTypeIds.standard} END,
       CASE WHEN pl.system_type_id <> 3 THEN 1 END,
       CASE WHEN x.pickup THEN ${sourceTaxingTypes.plantAddress} ELSE ${sourceTaxingTypes.jobAddress} END,
       jb.suburb_id, pl.system_type_id = 1 AND pl.use_batch_panel_flag,
       CASE WHEN pl.system_type_id = 2 THEN 'Z' || jb.suburb_id END, ${created}, ${created}
     FROM (SELECT o, o / ${options.ordersPerDay} AS day, ${hashColumns(hash, 'o', salts)}
           FROM generate_series(0, ${total - 1}) AS o
           OFFSET 0) AS g
     JOIN jobs jb ON jb.id = ${jobs.first} + ${h(301)} % ${jobs.count}
     JOIN customers c ON c.id = jb.customer_id
     JOIN plants pl ON pl.id = jb.plant_id
     CROSS JOIN LATERAL (SELECT ${h(302)} % 100 < ${pickupPercent} AS pickup,
         ${today} - (${last} - g.day) AS ship_date,
         ${today} - (${last} - g.day) - ${h(314)} % 6 AS order_date, ${h(314)} % 6 AS lead,
         round(2 + ${h(315)} % 300 / 10.0, 1) AS miles) AS x
     CROSS JOIN LATERAL (SELECT ${status} AS status) AS s
     ORDER BY g.o`,
  );
  // New orders take numbers after the seeded ones.
  await execute(db, `SELECT setval('order_number_seq', (SELECT max(number) FROM orders))`);
  return count;
}
