/** R-ENTITY-28: the unit enum, the fixed ids products and tickets measure quantities in. */
import { z } from 'zod';
import { systemTypeIds, type SystemTypeId } from './system-types';

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

/** What each system type sells by: concrete in cubic yards, aggregate in tons, block by the piece. */
const deliveryUnits = {
  [systemTypeIds.concrete]: units.cubicYards,
  [systemTypeIds.aggregate]: units.tons,
  [systemTypeIds.block]: units.each,
} as const satisfies Record<SystemTypeId, UnitId>;

export function deliveryUnitOf(systemTypeId: SystemTypeId): UnitId {
  return deliveryUnits[systemTypeId];
}

/** The short labels a dispatcher reads beside a quantity. */
const abbreviations = {
  1: 'yd³',
  2: 'lb',
  3: 'gal',
  4: 'fl oz',
  5: 'ea',
  6: 'tn',
  7: '/yd',
  8: '%',
  9: 'ft³',
  10: 'ft',
  11: 'oz',
  12: 'tn %',
  13: 'yd',
  14: 'h',
  15: 'cars',
  30: 'ea',
} as const satisfies Record<UnitId, string>;

export function unitAbbreviation(unit: UnitId): string {
  return abbreviations[unit];
}
