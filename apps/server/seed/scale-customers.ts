/**
 * The scale seed's customers: contractors named from word lists ("Summit Paving", "Miller & Sons
 * Concrete - Dublin", "Keystone Homes Inc. 4821"), a few municipalities (tax exempt) and cash
 * customers (COD), with numbers C10000 up, phones, addresses, credit statuses, some inactive, and
 * pricing defaults per system type for some of them.
 */
import { creditStatusIds, termsDiscountIds } from '../src/db/reference-ids';
import { execute, insertRange, required, type ScaleContext } from './scale-context';
import { plantIndexesOfType } from './scale-plants';
import { localTime, pick, pickInt, placeCount, placesRelation } from './scale-sql';
import {
  companyWords,
  customerNamePatterns,
  firstNames,
  lastNames,
  streetNames,
} from './scale-words';
import { taxExemptScheduleId } from './metro-area';

export async function seedScaleCustomers(context: ScaleContext): Promise<number> {
  const { db, hash, options } = context;
  const h = (salt: number) => hash('i', salt);
  const tradeName = `replace(replace(replace(${pick(customerNamePatterns, h(101))},
      '{S}', ${pick(lastNames, h(102))}), '{T}', ${pick(lastNames, h(103))}),
      '{W}', ${pick(companyWords, h(104))})`;
  const person = `${pick(firstNames, h(105))} || ' ' || ${pick(lastNames, h(106))}`;
  const kind = `CASE WHEN i % 97 = 13 THEN 'municipal' WHEN i % 211 = 7 THEN 'cash' ELSE 'trade' END`;
  const created = localTime(
    `date '${options.today}' - ${options.days} - g.h % 3650`,
    `480 + g.h % 540`,
    options.timeZoneOffsetMinutes,
  );
  const name = `CASE g.kind
      WHEN 'municipal' THEN 'City of ' || place.city || ' - ' ||
        ${pick(['Public Works', 'Streets Division', 'Service Department', 'Parks and Recreation'], 'g.h / 5')}
      WHEN 'cash' THEN 'Cash Sale - ' || g.contact
      ELSE g.trade || CASE WHEN g.h % 8 IN (5, 6) THEN ' - ' || place.suburb
        WHEN g.h % 8 = 7 THEN ' ' || (1000 + g.h / 8 % 9000) ELSE '' END
    END`;
  const email = `CASE g.kind
      WHEN 'municipal' THEN 'publicworks@' || lower(replace(place.city, ' ', '')) || '.example.gov'
      ELSE 'office@' || lower(left(regexp_replace(g.trade, '[^A-Za-z0-9]+', '', 'g'), 24))
        || (g.i % 100) || '.example.com'
    END`;
  const billing = (value: string) => `CASE WHEN g.h % 8 = 0 THEN ${value} END`;
  context.ids.customers = await insertRange(
    db,
    `INSERT INTO customers (number, name, address1, address2, address3, address5, address6,
       address7, contact_name, phone_number, phone_extension, fax_number, email_address,
       email_address_csv, billing_name, billing_address1, billing_address3, billing_address5,
       billing_address7, billing_email_address, accounting_customer_number, credit_status_id,
       credit_limit, credit_notes, cash_only_flag, tax_schedule_id, nontaxable_flag,
       tax_exempt_number, inactive_flag, created_at, modified_at)
     SELECT g.number, n.name,
       (100 + g.h % 9800) || ' ' || ${pick(streetNames, 'g.h / 11')},
       CASE WHEN g.h % 9 = 0 THEN 'Suite ' || (100 + g.h % 400) END,
       place.city, 'OH', place.county, place.zip, g.contact,
       g.phone, CASE WHEN g.h % 11 = 0 THEN (10 + g.h % 90)::text END,
       CASE WHEN g.h % 4 = 0 THEN '(614) 555-' || lpad(((g.h / 3) % 10000)::text, 4, '0') END,
       m.email, CASE WHEN g.h % 10 < 3 THEN m.email END,
       ${billing("n.name || ' - Accounts Payable'")},
       ${billing("'PO Box ' || (1000 + g.h % 9000)")},
       ${billing('place.city')}, ${billing("'OH'")}, ${billing('place.zip')},
       ${billing("'ap@' || split_part(m.email, '@', 2)")},
       'AR' || lpad((g.i + 1)::text, 6, '0'), g.credit_status_id,
       (5 + g.h % 96) * 1000,
       CASE g.credit_status_id
         WHEN ${creditStatusIds.hold} THEN 'Over limit: call the office before releasing loads.'
         WHEN ${creditStatusIds.collections} THEN 'Account in collections.' END,
       g.credit_status_id = ${creditStatusIds.codOnly},
       CASE WHEN g.exempt THEN ${taxExemptScheduleId} ELSE place.tax_schedule_id END, g.exempt,
       CASE WHEN g.exempt THEN 'EX-' || (100000 + g.i) END,
       g.kind <> 'municipal' AND g.h % 100 < 6, ${created}, ${created}
     FROM (SELECT i, ${kind} AS kind, ${tradeName} AS trade, ${person} AS contact,
             'C' || (10000 + i) AS number, 1 + ${h(107)} % ${placeCount} AS place_id,
             ${h(108)} AS h,
             '(' || ${pick(['614', '614', '614', '614', '380', '740', '937'], h(109))} || ') 555-'
               || lpad((${h(110)} % 10000)::text, 4, '0') AS phone,
             CASE WHEN i % 211 = 7 THEN ${creditStatusIds.codOnly}
               WHEN ${h(111)} % 100 < 85 THEN ${creditStatusIds.good}
               WHEN ${h(111)} % 100 < 93 THEN ${creditStatusIds.codOnly}
               WHEN ${h(111)} % 100 < 98 THEN ${creditStatusIds.hold}
               ELSE ${creditStatusIds.collections} END AS credit_status_id,
             i % 97 = 13 OR ${h(112)} % 50 = 0 AS exempt
           FROM generate_series(0, ${options.customers - 1}) AS i) AS g
     JOIN ${placesRelation()} ON place.id = g.place_id
     CROSS JOIN LATERAL (SELECT ${name} AS name) AS n
     CROSS JOIN LATERAL (SELECT ${email} AS email) AS m
     ORDER BY g.i
     RETURNING id`,
  );
  return context.ids.customers.count;
}

/**
 * Pricing defaults: about a third of the customers for concrete, one in seven for aggregate and
 * one in twelve for block, with a salesman, a sales plant of the type, terms and charges.
 */
export async function seedScaleCustomerPricing(context: ScaleContext): Promise<number> {
  const { db, hash, options } = context;
  const customers = required(context, 'customers');
  const salesmen = required(context, 'salesmen');
  const plants = required(context, 'plants');
  const variants = [
    { table: 'customer_concrete_pricing', systemTypeId: 1, percent: 35, salt: 120 },
    { table: 'customer_aggregate_pricing', systemTypeId: 2, percent: 15, salt: 130 },
    { table: 'customer_block_pricing', systemTypeId: 3, percent: 8, salt: 140 },
  ] as const;
  let written = 0;
  for (const { table, systemTypeId, percent, salt } of variants) {
    const i = `(c.id - ${customers.first})`;
    const h = (offset: number) => hash(i, salt + offset);
    const plantIds = plantIndexesOfType(options.plants, systemTypeId).map((p) => plants.first + p);
    const extraColumns = {
      1: {
        names: ', cartage_rate, print_material_type_id, require_on_site_qc',
        values: `, CASE WHEN ${h(7)} % 4 = 0 THEN 8 + ${h(8)} % 8 END, 1 + ${h(9)} % 4, ${h(9)} % 10 = 0`,
      },
      2: {
        names:
          ', require_quoted_del_charge_flag, override_fuel_surcharge_flag, print_material_type_id',
        values: `, ${h(7)} % 5 = 0, ${h(8)} % 7 = 0, 1 + ${h(9)} % 4`,
      },
      3: {
        names: ', block_restocking_charge, block_restock_percent_flag',
        values: `, CASE WHEN ${h(7)} % 2 = 0 THEN 15 ELSE 50 END, ${h(7)} % 2 = 0`,
      },
    }[systemTypeId];
    written += await execute(
      db,
      `INSERT INTO ${table} (customer_id, short_load_type_id, free_short_load_id,
         standby_charge_type_id, standby_min_per_qty, standby_price, salesman_employee_id,
         sales_plant_id, price_adjustment, price_adjustment_percent_flag, terms_discount_id,
         nonworkday_charge_flag, start_date, modified_at${extraColumns.names})
       SELECT c.id, ${systemTypeId === 1 ? `1 + ${h(1)} % 2` : systemTypeId === 2 ? '3' : '4'},
         1 + ${h(2)} % 3, 1 + ${h(3)} % 4, 5 + ${h(3)} % 4, 1.5 + (${h(4)} % 5) * 0.25,
         ${salesmen.first} + ${h(5)} % ${salesmen.count}, ${pickInt(plantIds, h(6))},
         CASE WHEN ${h(10)} % 3 = 0 THEN -(${h(11)} % 6) * 0.5 ELSE 0 END, ${h(10)} % 9 = 0,
         CASE WHEN c.cash_only_flag THEN ${termsDiscountIds.dueOnReceipt}
           ELSE 1 + ${h(12)} % 5 END,
         ${h(13)} % 4 = 0, (c.created_at AT TIME ZONE 'UTC')::date, c.created_at${extraColumns.values}
       FROM customers c
       WHERE c.id BETWEEN ${customers.first} AND ${customers.first + customers.count - 1}
         AND ${h(0)} % 100 < ${percent}
       ORDER BY c.id`,
    );
  }
  return written;
}
