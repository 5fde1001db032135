/**
 * The scale seed's fleet: the producer's own truck company and outside hauliers, an employee and a
 * driver for each own truck (outside trucks bring their own drivers), and the trucks, spread over
 * the plants (truck t at plant t % plants) with the truck types their plant's system type uses.
 */
import { employeeTypeIds, truckTypeIds } from '../src/db/reference-ids';
import { execute, insertRange, required, type ScaleContext } from './scale-context';
import { plantTypesArray } from './scale-plants';
import { localTime, pick, placeCount, placesRelation, textLiteral } from './scale-sql';
import {
  companyWords,
  firstNames,
  lastNames,
  streetNames,
  truckCompanyPatterns,
} from './scale-words';
import { demoCompany } from './demo-company';

/** One outside haulier for every 50 trucks, at least one. */
export function outsideCompanyCount(trucks: number): number {
  return Math.max(1, Math.ceil(trucks / 50));
}

/** SQL: truck t (an expression) belongs to an outside haulier: a third of aggregate and block trucks. */
function isOutside(context: ScaleContext, t: string): string {
  const types = plantTypesArray(context.options.plants);
  return `((${types})[(${t}) % ${context.options.plants} + 1] <> 1 AND ${context.hash(t, 30)} % 3 = 0)`;
}

/** SQL: an employee-like name from a hash salt, as "First Last". */
function personName(context: ScaleContext, key: string, salt: number): string {
  return `${pick(firstNames, context.hash(key, salt))} || ' ' || ${pick(lastNames, context.hash(key, salt + 1))}`;
}

export async function seedScaleTruckCompanies(context: ScaleContext): Promise<number> {
  const { db, hash, options } = context;
  const outside = outsideCompanyCount(options.trucks);
  const own = await insertRange(
    db,
    `INSERT INTO truck_companies (name, address1, address3, address5, address7, phone_number,
       email_address, outside_company_flag)
     VALUES (${textLiteral(demoCompany.name)}, ${textLiteral(demoCompany.address[0])},
       ${textLiteral(demoCompany.address[1])}, 'OH', '43232', ${textLiteral(demoCompany.phoneNumber)},
       'dispatch@' || ${textLiteral(demoCompany.emailDomain)}, false)
     RETURNING id`,
  );
  context.ids.ownCompany = own.first;
  const name = `replace(replace(${pick(truckCompanyPatterns, hash('g.c', 31))}, '{S}',
      ${pick(lastNames, hash('g.c', 32))}), '{W}', ${pick(companyWords, hash('g.c', 33))})`;
  context.ids.outsideCompanies = await insertRange(
    db,
    `INSERT INTO truck_companies (name, address1, address3, address5, address6, address7,
       contact_name, phone_number, email_address, outside_company_flag)
     SELECT ${name} || CASE WHEN g.c >= ${truckCompanyPatterns.length} THEN ' ' || (g.c + 1) ELSE '' END,
       (100 + ${hash('g.c', 34)} % 9800) || ' ' || ${pick(streetNames, hash('g.c', 35))},
       place.city, 'OH', place.county, place.zip, ${personName(context, 'g.c', 36)},
       '(614) 555-' || lpad((4000 + g.c)::text, 4, '0'), 'dispatch' || (g.c + 1) || '@hauling.example.com',
       true
     FROM (SELECT c, 1 + ${hash('c', 37)} % ${placeCount} AS place_id
           FROM generate_series(0, ${outside - 1}) AS c) AS g
     JOIN ${placesRelation()} ON place.id = g.place_id
     ORDER BY g.c
     RETURNING id`,
  );
  return own.count + context.ids.outsideCompanies.count;
}

/**
 * Employees: a driver for each own truck (numbered DR00001 after the truck), a batchman per plant,
 * salesmen (one per 1,000 customers, at least two) and dispatchers (one per five plants).
 */
export async function seedScaleEmployees(context: ScaleContext): Promise<number> {
  const { db, hash, options } = context;
  const plants = required(context, 'plants');
  const day = (daysBack: string) => `date '${options.today}' - (${daysBack})`;
  const common = (key: string, salt: number) => `${pick(firstNames, hash(key, salt))} AS first_name,
      ${pick(['A', 'B', 'C', 'D', 'E', 'J', 'L', 'M', 'R', 'S', 'T', 'W'], hash(key, salt + 1))} AS middle_name,
      ${pick(lastNames, hash(key, salt + 2))} AS last_name,
      1 + ${hash(key, salt + 3)} % ${placeCount} AS place_id,
      ${hash(key, salt + 4)} AS h`;
  const insert = (select: string) =>
    `INSERT INTO employees (employee_number, first_name, middle_name, last_name, complete_name,
       address1, address3, address5, address6, address7, cell_phone_number, email_address,
       hire_date, birth_date, pay_rate, home_plant_id, employee_type_id, license_number,
       modified_date_time)
     SELECT g.number, g.first_name, g.middle_name, g.last_name, g.first_name || ' ' || g.last_name,
       (100 + g.h % 9800) || ' ' || ${pick(streetNames, 'g.h / 7')}, place.city, 'OH', place.county,
       place.zip, '(614) 555-' || lpad((g.h % 10000)::text, 4, '0'),
       lower(left(g.first_name, 1) || regexp_replace(g.last_name, '[^A-Za-z]', '', 'g')) || (g.k + 1)
         || '@' || ${textLiteral(demoCompany.emailDomain)},
       ${day('365 + g.h % 7300')}, ${day('7300 + g.h % 12000')}, g.pay_rate, g.home_plant_id,
       g.type_id, g.license,
       ${localTime(day(`${options.days + 30}`), '480', options.timeZoneOffsetMinutes)}
     FROM (${select}) AS g
     JOIN ${placesRelation()} ON place.id = g.place_id
     ORDER BY g.k
     RETURNING id`;
  const drivers = await insertRange(
    db,
    insert(`SELECT t AS k, 'DR' || lpad((t + 1)::text, 5, '0') AS number, ${common('t', 40)},
        24 + (${hash('t', 45)} % 9) AS pay_rate, ${plants.first} + t % ${options.plants} AS home_plant_id,
        ${employeeTypeIds.driver} AS type_id, 'OH' || lpad((${hash('t', 46)} % 100000000)::text, 8, '0') AS license
      FROM generate_series(0, ${options.trucks - 1}) AS t
      WHERE NOT ${isOutside(context, 't')}`),
  );
  const batchmen = await insertRange(
    db,
    insert(`SELECT p AS k, 'BM' || lpad((p + 1)::text, 4, '0') AS number, ${common('p', 50)},
        28 + (${hash('p', 55)} % 8) AS pay_rate, ${plants.first} + p AS home_plant_id,
        ${employeeTypeIds.batchman} AS type_id, null AS license
      FROM generate_series(0, ${options.plants - 1}) AS p`),
  );
  const salesmanCount = Math.max(2, Math.ceil(options.customers / 1000));
  context.ids.salesmen = await insertRange(
    db,
    insert(`SELECT s AS k, 'SL' || lpad((s + 1)::text, 4, '0') AS number, ${common('s', 60)},
        40 + (${hash('s', 65)} % 15) AS pay_rate, ${plants.first} + s % ${options.plants} AS home_plant_id,
        ${employeeTypeIds.salesman} AS type_id, null AS license
      FROM generate_series(0, ${salesmanCount - 1}) AS s`),
  );
  const dispatchers = await insertRange(
    db,
    insert(`SELECT d AS k, 'DS' || lpad((d + 1)::text, 4, '0') AS number, ${common('d', 70)},
        30 + (${hash('d', 75)} % 8) AS pay_rate, ${plants.first} + (d * 5) % ${options.plants} AS home_plant_id,
        ${employeeTypeIds.dispatcher} AS type_id, null AS license
      FROM generate_series(0, ${Math.ceil(options.plants / 5) - 1}) AS d`),
  );
  await execute(
    db,
    `UPDATE plants SET batchman_id = ${batchmen.first} + (id - ${plants.first})
     WHERE id BETWEEN ${plants.first} AND ${plants.first + plants.count - 1}`,
  );
  return drivers.count + batchmen.count + context.ids.salesmen.count + dispatchers.count;
}

/** A driver per truck, in truck order: an own truck's is its employee, an outside one's is not. */
export async function seedScaleDrivers(context: ScaleContext): Promise<number> {
  const { db, hash, options } = context;
  if (options.trucks === 0) {
    context.ids.drivers = { first: 0, count: 0 };
    return 0;
  }
  const outside = required(context, 'outsideCompanies');
  const own = required(context, 'ownCompany');
  context.ids.drivers = await insertRange(
    db,
    `INSERT INTO drivers (employee_id, name, truck_company_id, drivers_license_number,
       drivers_license_expire_date, external_driver_flag, call_in_priority, preferred_time,
       modified_at)
     SELECT e.id, coalesce(e.complete_name, ${personName(context, 't', 80)}),
       CASE WHEN e.id IS NULL THEN ${outside.first} + ${hash('t', 30)} % ${outside.count} ELSE ${own} END,
       coalesce(e.license_number, 'OH' || lpad((${hash('t', 82)} % 100000000)::text, 8, '0')),
       date '${options.today}' + (30 + ${hash('t', 83)} % 1400),
       e.id IS NULL, 1 + ${hash('t', 84)} % 5,
       time '05:00' + (${hash('t', 85)} % 8) * interval '15 minutes',
       ${localTime(`date '${options.today}' - ${options.days + 30}`, '480', options.timeZoneOffsetMinutes)}
     FROM generate_series(0, ${options.trucks - 1}) AS t
     LEFT JOIN employees e ON e.employee_number = 'DR' || lpad((t + 1)::text, 5, '0')
     ORDER BY t
     RETURNING id`,
  );
  return context.ids.drivers.count;
}

export const truckMaxLoads: Record<number, number> = {
  [truckTypeIds.mixer10]: 10,
  [truckTypeIds.mixer8]: 8,
  [truckTypeIds.tandemDump]: 15,
  [truckTypeIds.endDump]: 24,
  [truckTypeIds.flatbed]: 1080,
};

/**
 * Trucks numbered from 101, in the yard since early this morning (a few off duty or out of
 * service), queued per plant in number order.
 */
export async function seedScaleTrucks(context: ScaleContext): Promise<number> {
  const { db, hash, options } = context;
  if (options.trucks === 0) {
    context.ids.trucks = { first: 0, count: 0 };
    return 0;
  }
  const plants = required(context, 'plants');
  const drivers = required(context, 'drivers');
  const types = plantTypesArray(options.plants);
  const { mixer10, mixer8, tandemDump, endDump, flatbed } = truckTypeIds;
  const truckType = `CASE g0.st
      WHEN 1 THEN CASE WHEN ${hash('g0.t', 90)} % 8 = 0 THEN ${mixer8} ELSE ${mixer10} END
      WHEN 2 THEN CASE WHEN ${hash('g0.t', 90)} % 3 = 0 THEN ${endDump} ELSE ${tandemDump} END
      ELSE ${flatbed} END`;
  const status = `CASE WHEN ${hash('g0.t', 92)} % 25 = 0 THEN 10
      WHEN ${hash('g0.t', 92)} % 40 = 1 THEN 9 ELSE 1 END`;
  const maxLoad = `CASE g.type_id ${Object.entries(truckMaxLoads)
    .map(([id, load]) => `WHEN ${id} THEN ${load}`)
    .join(' ')} END`;
  const tare = `CASE g.type_id WHEN ${mixer10} THEN 29800 WHEN ${mixer8} THEN 26400
      WHEN ${tandemDump} THEN 25400 WHEN ${endDump} THEN 31000 ELSE 23800 END
      + (${hash('g.t', 91)} % 120) * 20`;
  const body = `CASE g.type_id WHEN ${mixer10} THEN '10 yd mixer' WHEN ${mixer8} THEN '8 yd mixer'
      WHEN ${tandemDump} THEN 'tandem dump' WHEN ${endDump} THEN 'tractor, end dump'
      ELSE 'flatbed with boom' END`;
  const makes = [
    'Mack Granite',
    'Kenworth T880',
    'Peterbilt 567',
    'Western Star 49X',
    'International HV607',
    'Freightliner M2 106',
  ];
  const { plants: plantCount, today, days, timeZoneOffsetMinutes: offset } = options;
  context.ids.trucks = await insertRange(
    db,
    `INSERT INTO trucks (identification_number, description, license_plate, vin, truck_company_id,
       truck_type_id, plant_id, driver_id, tare_weight, max_load_quantity, status_id,
       status_date_time, in_yard_sequence_num, truck_flag_id, outside_truck_flag, modified_at)
     SELECT (101 + g.t)::text, ${pick(makes, hash('g.t', 93))} || ' ' || ${body},
       'PT' || lpad((${hash('g.t', 94)} % 100000)::text, 5, '0'),
       upper(substr(md5('truck-' || ${options.seed} || '-' || g.t), 1, 17)),
       d.truck_company_id, g.type_id, ${plants.first} + g.t % ${plantCount},
       d.id, ${tare}, ${maxLoad}, g.status_id,
       ${localTime(`date '${today}'`, `315 + ${hash('g.t', 95)} % 40`, offset)},
       CASE WHEN g.status_id = 1
         THEN row_number() OVER (PARTITION BY g.t % ${plantCount}, g.status_id = 1 ORDER BY g.t) END,
       CASE WHEN ${hash('g.t', 96)} % 15 = 0 THEN 1 + ${hash('g.t', 97)} % 4 END,
       d.external_driver_flag,
       ${localTime(`date '${today}' - ${days + 30}`, '480', offset)}
     FROM (SELECT g0.t, ${truckType} AS type_id, ${status} AS status_id
           FROM (SELECT t, (${types})[t % ${plantCount} + 1] AS st
                 FROM generate_series(0, ${options.trucks - 1}) AS t) AS g0) AS g
     JOIN drivers d ON d.id = ${drivers.first} + g.t
     ORDER BY g.t
     RETURNING id`,
  );
  return context.ids.trucks.count;
}
