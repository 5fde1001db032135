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
