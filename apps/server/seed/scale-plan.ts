/**
 * How an order is split into loads, as SQL over the order's number: the statements writing
 * schedules, schedule products, tickets and loads all derive the same plan from the same hashes.
 */
import { truckTypeIds } from '../src/db/reference-ids';
import type { Hash } from './scale-sql';

/** The order types a customer's own truck picks up at the plant (FOB). */
export const pickupOrderTypeSql = '(10, 5, 8)';

/** Mostly one to three loads of concrete, now and then a big pour; block ships in one or two. */
export function loadCountSql(hash: Hash, st: string, key: string): string {
  const h = hash(key, 401);
  return `(1 + CASE ${st}
      WHEN 1 THEN CASE WHEN ${h} % 100 < 40 THEN 0 WHEN ${h} % 100 < 70 THEN 1
        WHEN ${h} % 100 < 85 THEN 2 WHEN ${h} % 100 < 95 THEN 4 ELSE 7 + ${h} / 100 % 6 END
      WHEN 2 THEN CASE WHEN ${h} % 100 < 50 THEN 0 WHEN ${h} % 100 < 80 THEN 1
        WHEN ${h} % 100 < 95 THEN 3 ELSE 5 END
      ELSE CASE WHEN ${h} % 100 < 70 THEN 0 ELSE 1 END END)`;
}

/** Pickups come in the customer's truck (no truck type); deliveries in the plant's kind. */
export function truckTypeSql(hash: Hash, st: string, pickup: string, key: string): string {
  const h = hash(key, 402);
  const { mixer10, mixer8, tandemDump, endDump, flatbed } = truckTypeIds;
  return `(CASE WHEN ${pickup} THEN NULL ELSE CASE ${st}
      WHEN 1 THEN CASE WHEN ${h} % 8 = 0 THEN ${mixer8} ELSE ${mixer10} END
      WHEN 2 THEN CASE WHEN ${h} % 3 = 0 THEN ${endDump} ELSE ${tandemDump} END
      ELSE ${flatbed} END END)`;
}

/** A full load for the truck type: yards, tons or block pieces (numeric). */
export function loadSizeSql(hash: Hash, st: string, truckType: string, key: string): string {
  const h = hash(key, 403);
  const { mixer8, endDump } = truckTypeIds;
  return `(CASE ${st}
      WHEN 1 THEN CASE WHEN ${truckType} IS NULL THEN 1 + ${h} % 6
        WHEN ${truckType} = ${mixer8} THEN 8 ELSE 10 - (${h} % 4 = 0)::int END
      WHEN 2 THEN CASE WHEN ${truckType} IS NULL THEN 5 + ${h} % 15
        WHEN ${truckType} = ${endDump} THEN 22 + ${h} % 3 ELSE 14 + ${h} % 2 END
      ELSE (ARRAY[540, 720, 900])[1 + ${h} % 3] END)::numeric`;
}

/** The order's quantity: full loads, the last one a little short now and then. */
export function totalSql(hash: Hash, st: string, size: string, loads: string, key: string): string {
  const h = hash(key, 404);
  return `(${size} * ${loads} - CASE
      WHEN ${st} = 1 AND ${size} >= 8 THEN (${h} % 4) * 0.5
      WHEN ${st} = 2 AND ${size} >= 5 THEN ${h} % 5 ELSE 0 END)`;
}

/** The quantity of load `k` (1-based) of `loads`. */
export function loadQuantitySql(k: string, loads: string, size: string, total: string): string {
  return `(CASE WHEN ${k} < ${loads} THEN ${size} ELSE ${total} - ${size} * (${loads} - 1) END)`;
}

/** Minutes to batch or load a truck, by system type. */
export function loadingMinutesSql(st: string): string {
  return `(CASE ${st} WHEN 1 THEN 7 WHEN 2 THEN 6 ELSE 20 END)`;
}
