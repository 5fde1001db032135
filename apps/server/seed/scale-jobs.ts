/**
 * The scale seed's jobs: every customer has one job (while there are jobs enough), and the rest go
 * to customers with a skew, so a few customers have hundreds of sites and most have a handful.
 * Each job is served by one plant, which decides its orders' system type.
 */
import { jobTypeIds } from './reference-data';
import { insertRange, required, type ScaleContext } from './scale-context';
import { localTime, pick, placeCount, placesRelation } from './scale-sql';
import { streetNames, subdivisions } from './scale-words';
import { taxExemptScheduleId } from './metro-area';

export async function seedScaleJobs(context: ScaleContext): Promise<number> {
  const { db, hash, options } = context;
  const customers = required(context, 'customers');
  const plants = required(context, 'plants');
  const h = (salt: number) => hash('j', salt);
  const count = customers.count;
  // The product of two uniform indexes leans towards the low customer numbers.
  const customerIndex = `CASE WHEN j < ${count} THEN j
      ELSE ((${h(201)} % ${count})::bigint * (${h(202)} % ${count}) / ${count})::int END`;
  context.ids.jobs = await insertRange(
    db,
    `INSERT INTO jobs (customer_id, customer_job_number, customer_po_number, number, address1,
       address2, address3, address5, address6, address7, gps_lat, gps_lon, job_type_id,
       locked_flag, nontaxable_flag, inactive_flag, created_in_order_entry, credit_limit,
       job_limit, lot_or_block_number, map_reference_id, plant_id, suburb_id, tax_schedule_id,
       phone_number, modified_date_time)
     SELECT c.id,
       CASE WHEN g.h % 10 < 4 THEN (1000 + g.h / 10 % 9000)::text END,
       CASE WHEN g.h % 10 < 6 THEN 'PO ' || (10000 + g.h / 7 % 90000) END,
       (100001 + g.j)::text,
       (100 + g.h / 3 % 9800) || ' ' || ${pick(streetNames, 'g.h / 13')},
       CASE WHEN g.job_type_id = ${jobTypeIds.residential}
         THEN ${pick(subdivisions, 'g.h / 17')} || ' lot ' || (1 + g.h / 19 % 180) END,
       place.city, 'OH', place.county, place.zip,
       CASE WHEN g.h % 10 <> 0 THEN round((place.lat + ((g.h / 23 % 6001) - 3000) / 100000.0)::numeric, 5)::float8 END,
       CASE WHEN g.h % 10 <> 0 THEN round((place.lon + ((g.h / 29 % 6001) - 3000) / 100000.0)::numeric, 5)::float8 END,
       g.job_type_id, g.h % 97 = 0, c.nontaxable_flag, g.h % 100 < 25, g.h % 7 = 0,
       CASE WHEN g.h % 20 = 0 THEN (10 + g.h % 90) * 1000 END,
       CASE WHEN g.h % 25 = 0 THEN (20 + g.h % 80) * 1000 END,
       CASE WHEN g.job_type_id = ${jobTypeIds.residential} THEN (1 + g.h / 31 % 400)::text END,
       CASE WHEN g.h % 5 = 0 THEN 'page ' || (1 + g.h / 37 % 60) || ' ' || chr(65 + (g.h / 41 % 8)::int) || (1 + g.h / 43 % 9) END,
       ${plants.first} + g.h / 47 % ${options.plants}, place.id,
       CASE WHEN c.tax_schedule_id = ${taxExemptScheduleId} THEN ${taxExemptScheduleId}
         ELSE place.tax_schedule_id END,
       CASE WHEN g.h % 3 = 0 THEN '(614) 555-' || lpad((g.h / 53 % 10000)::text, 4, '0') END,
       ${localTime(`(c.created_at AT TIME ZONE 'UTC')::date + g.h % 400`, '600', options.timeZoneOffsetMinutes)}
     FROM (SELECT j, ${customerIndex} AS customer_index, ${h(203)} AS h,
             1 + ${h(204)} % ${placeCount} AS place_id, ${h(205)} % 6 AS job_type_id
           FROM generate_series(0, ${options.jobs - 1}) AS j) AS g
     JOIN customers c ON c.id = ${customers.first} + g.customer_index
     JOIN ${placesRelation()} ON place.id = g.place_id
     ORDER BY g.j
     RETURNING id`,
  );
  return context.ids.jobs.count;
}
