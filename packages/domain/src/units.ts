/** Section 3: the unit enum, the fixed ids products and tickets measure quantities in. */
import { z } from 'zod';

export const units = {
  cubicYards: 1,
  pounds: 2,
  gallons: 3,
  fluidOz: 4,
  each: 5,
  tons: 6,
  perYard: 7,
  perPercent: 8,
  cubicFeet: 9,
  feet: 10,
  ounces: 11,
  tonPercent: 12,
  yard: 13,
  hours: 14,
  railCars: 15,
  eachQuantity: 30,
} as const;

export type UnitKey = keyof typeof units;
export type UnitId = (typeof units)[UnitKey];

export const unitDisplayNames = {
  1: 'Cubic Yards',
  2: 'Pounds',
  3: 'Gallons',
  4: 'Fluid Ounces',
  5: 'Each',
  6: 'Tons',
  7: 'Per Yard',
  8: 'Per Percent',
  9: 'Cubic Feet',
  10: 'Feet',
  11: 'Ounces',
  12: 'Ton Percent',
  13: 'Yard',
  14: 'Hours',
  15: 'Rail Cars',
  30: 'Each Quantity',
} as const satisfies Record<UnitId, string>;

const unitIds: readonly UnitId[] = Object.values(units);

export function isUnitId(value: unknown): value is UnitId {
  return (unitIds as readonly unknown[]).includes(value);
}

export function unitDisplayName(id: UnitId): string {
  return unitDisplayNames[id];
}

export const unitIdSchema = z.literal(unitIds);
