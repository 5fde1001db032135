/**
 * The pieces the scale seed's INSERT ... SELECT statements are built from. Every value a row gets
 * is derived from its index by integer hashing and arithmetic (never random()), so the same
 * options write the same rows on PostgreSQL and on PGlite.
 */
import { counties, places } from './metro-area';

export type Hash = (expression: string, salt: number) => string;

/**
 * A SQL integer expression for a well-mixed number in [0, 2^31) from a non-negative integer
 * expression (a row index), the run's seed and a salt naming what the number decides: different
 * salts give independent-looking numbers for one row. PostgreSQL's own 64-bit integer hash (the one
 * hash partitioning uses, so it is stable across versions and platforms: PGlite answers the same)
 * does the mixing in one function call.
 */
export function createHash(seed: number): Hash {
  return (expression, salt) =>
    `(hashint8extended((${expression})::bigint, ${seed * 1000 + salt}) & 2147483647)::int`;
}

/**
 * `hash(key, salt) AS h<salt>` for each salt: a subquery computes a row's numbers once, and the
 * statement refers to them as columns (PostgreSQL would otherwise re-evaluate an inlined expression
 * everywhere it is used).
 */
export function hashColumns(hash: Hash, key: string, salts: readonly number[]): string {
  return salts.map((salt) => `${hash(key, salt)} AS h${salt}`).join(', ');
}

export function textLiteral(text: string): string {
  return `'${text.replaceAll("'", "''")}'`;
}

export function textArray(texts: readonly string[]): string {
  return `ARRAY[${texts.map(textLiteral).join(', ')}]::text[]`;
}

export function intArray(values: readonly number[]): string {
  return `ARRAY[${values.map((value) => String(Math.trunc(value))).join(', ')}]::int[]`;
}

/** One of `texts`, chosen by a hash expression. */
export function pick(texts: readonly string[], hash: string): string {
  return `(${textArray(texts)})[1 + (${hash}) % ${texts.length}]`;
}

/** One of `values` (ids), chosen by a hash expression; null when there are none. */
export function pickInt(values: readonly number[], hash: string): string {
  return values.length === 0
    ? 'null::int'
    : `(${intArray(values)})[1 + (${hash}) % ${values.length}]`;
}

/**
 * The metro area's places as a relation (id = suburb id), with their county and tax schedule, so
 * addresses, coordinates, suburbs and tax schedules agree as they do in the demo.
 */
export function placesRelation(alias = 'place'): string {
  const rows = places.map((place) => {
    const county = counties[place.county];
    return `(${place.id}, ${textLiteral(place.suburb)}, ${textLiteral(place.city)}, ${textLiteral(county.name)}, ${textLiteral(place.zip)}, ${place.lat}::float8, ${place.lon}::float8, ${county.taxScheduleId})`;
  });
  return `(VALUES ${rows.join(', ')}) AS ${alias}(id, suburb, city, county, zip, lat, lon, tax_schedule_id)`;
}

export const placeCount = places.length;

/** A timestamptz: a local day (a date expression) plus minutes after its midnight (may be fractional). */
export function localTime(date: string, minutes: string, offsetMinutes: number): string {
  return `(((${date})::timestamp + ((${minutes}) - ${offsetMinutes})::float8 * interval '1 minute') AT TIME ZONE 'UTC')`;
}

/** A timestamptz moved by a number of minutes. */
export function plusMinutes(instant: string, minutes: string): string {
  return `(${instant} + (${minutes})::float8 * interval '1 minute')`;
}
