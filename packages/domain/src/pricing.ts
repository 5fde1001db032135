/**
 * Section 6's price flags act on these fields. A user whose permission hides prices gets every
 * one of them removed by the server; a user whose permission disables prices may read them but
 * not change them. Listed once here so the server's stripping and the web's read-only inputs agree.
 */
import { z } from 'zod';

export const priceFieldNames = [
  'price',
  'unitPrice',
  'extendedPrice',
  'cartageRate',
  'standbyPrice',
  'priceAdjustment',
  'priceAdjustmentPercentFlag',
  'blockRestockingCharge',
  'fuelSurChage',
  'deliveryCharge',
  'codAmount',
  'taxAmount',
  'totalAmount',
  'truckCostHour',
  // An employee's pay: hidden and read-only by level like any price (R-PERM-5).
  'payRate',
  // What a raw material costs the producer: hidden and read-only by level like any price.
  'cost',
] as const;
export type PriceFieldName = (typeof priceFieldNames)[number];

/** A price in an answer: optional, because the server removes it for levels that hide prices. */
export const shownPriceSchema = z.number().nullable().optional();

const priceFields: ReadonlySet<string> = new Set(priceFieldNames);

export function isPriceField(name: string): name is PriceFieldName {
  return priceFields.has(name);
}

/** A deep copy of `value` without any price field, at any depth (orders carry schedules carry products). */
export function withoutPrices<T>(value: T): T {
  if (Array.isArray(value)) return value.map((item: unknown) => withoutPrices(item)) as T;
  if (value === null || typeof value !== 'object' || value instanceof Date) return value;
  const copy: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) {
    if (!isPriceField(key)) copy[key] = withoutPrices(field);
  }
  return copy as T;
}

/** The price fields a write would set: what a user with disabled prices may not send. */
export function priceFieldsIn(value: unknown, path = ''): string[] {
  if (Array.isArray(value))
    return value.flatMap((item, index) => priceFieldsIn(item, `${path}[${index}]`));
  if (value === null || typeof value !== 'object' || value instanceof Date) return [];
  return Object.entries(value).flatMap(([key, field]) => {
    const here = path ? `${path}.${key}` : key;
    return isPriceField(key) ? [here] : priceFieldsIn(field, here);
  });
}
