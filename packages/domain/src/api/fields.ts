/**
 * Field building blocks of the R-ENTITY schemas: what answers and live events carry. R-ENTITY
 * names fields but rarely their types, so these carry the choices a producer's system makes:
 * whole-number ids, numbers for money and quantities, booleans for flags, bounded text, and ISO
 * strings for dates. Optional text defaults to '' and optional references, numbers and dates to
 * null, so parsing `{}` gives the shape of a new record.
 */
import { z } from 'zod';
import { isoDateStringSchema } from '../dates/iso-date';

export const textLength = {
  code: 20,
  short: 50,
  name: 100,
  address: 100,
  long: 255,
  notes: 2000,
} as const;

/** PostgreSQL's integer, the type of every id: a larger number can name no row. */
export const int4Max = 2_147_483_647;

/**
 * `1,2,3` in a query: ids, each from 0 (lookups have a row 0) to int4Max, as numbers without
 * repeats. A larger one (2147483648) names no row and must not reach the database.
 */
export const idListQuerySchema = z
  .string()
  .max(2000, 'must list fewer ids')
  .regex(/^\d{1,10}(,\d{1,10})*$/, 'must be a comma-separated list of ids')
  .transform((value) => [...new Set(value.split(',').map(Number))])
  .refine(
    (ids) => ids.every((id) => id <= int4Max),
    `must be a comma-separated list of ids up to ${int4Max}`,
  );

/** A record's own id or a reference that must be present. */
export const idSchema = z.int().nonnegative();
/** A reference that may be absent. */
export const optionalIdSchema = idSchema.nullable().default(null);

export function text(max: number = textLength.name) {
  return z.string().max(max);
}

export function optionalText(max: number = textLength.name) {
  return z.string().max(max).default('');
}

export function flag(defaultValue = false) {
  return z.boolean().default(defaultValue);
}

/** Money, rates and quantities: finite numbers, nullable when not yet known. */
export const amountSchema = z.number();
export const optionalAmountSchema = amountSchema.nullable().default(null);
export const optionalCountSchema = z.int().nonnegative().nullable().default(null);

export const dateSchema = isoDateStringSchema;
export const optionalDateSchema = isoDateStringSchema.nullable().default(null);
