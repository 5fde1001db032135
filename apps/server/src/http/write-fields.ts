/**
 * Bounds the database columns put on numbers. The domain schemas say what a value means; these
 * add what the column can hold, so an oversized number is a 400 naming the field, not a 500.
 */
import { z } from 'zod';
import { int4Max } from '@dispatch/domain/api/fields';

const smallintMax = 32_767;

/** A reference to another row (integer key). */
export const referenceId = z.int().min(0).max(int4Max);
export const optionalReferenceId = referenceId.nullable().default(null);

/** A record id in a path or filter. */
export const recordId = z.coerce.number().int().min(1).max(int4Max);

/** An id in a list filter (lookup keys may be 0). */
export const filterId = z.coerce.number().int().min(0).max(int4Max);

export const versionField = z.int().min(1).max(int4Max);

export const smallCount = z.int().min(0).max(smallintMax);
export const wholeCount = z.int().min(0).max(int4Max);
export const nextNumber = z.int().min(1).max(int4Max);

/** numeric(12,2): money. */
export const moneyAmount = z.number().gt(-1e10).lt(1e10);
/** numeric(12,3): quantities and weights, never negative. */
export const quantityAmount = z.number().min(0).lt(1e9);
/** numeric(9,4): rates and factors. */
export const rateAmount = z.number().gt(-1e5).lt(1e5);

/** `?flag=true|false` (a query string has no booleans). */
export const queryFlag = z.enum(['true', 'false']).transform((value) => value === 'true');

/** `{ id }` path parameters. */
export const idParams = z.object({ id: recordId });

type WithoutDefault<T> = T extends z.ZodDefault<infer Inner> ? Inner : T;

/**
 * The shape of a partial update: every field optional and without its default, so a field left
 * out is left alone instead of being reset (and a caller whose level hides prices can save
 * without sending them).
 */
export function patchShape<Shape extends z.ZodRawShape>(
  shape: Shape,
): { [K in keyof Shape]: z.ZodOptional<WithoutDefault<Shape[K]>> } {
  return Object.fromEntries(
    Object.entries(shape).map(([key, schema]) => {
      const inner = schema instanceof z.ZodDefault ? schema.unwrap() : schema;
      return [key, (inner as z.ZodType).optional()];
    }),
  ) as unknown as { [K in keyof Shape]: z.ZodOptional<WithoutDefault<Shape[K]>> };
}
