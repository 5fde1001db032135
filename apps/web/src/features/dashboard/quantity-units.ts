/**
 * How the dashboard measures and writes quantities: each system type's delivery unit and the short
 * unit labels a dispatcher reads (the domain names units in full, e.g. 'Cubic Yards').
 */
import { systemTypeIds, type SystemTypeId } from '@dispatch/domain/system-types';
import { units, type UnitId } from '@dispatch/domain/units';

/** What each system type sells by: concrete in cubic yards, aggregate in tons, block by the piece. */
const deliveryUnits = {
  [systemTypeIds.concrete]: units.cubicYards,
  [systemTypeIds.aggregate]: units.tons,
  [systemTypeIds.block]: units.each,
} as const satisfies Record<SystemTypeId, UnitId>;

export function deliveryUnitOf(systemTypeId: SystemTypeId): UnitId {
  return deliveryUnits[systemTypeId];
}

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

const quantityFormat = new Intl.NumberFormat(undefined, { maximumFractionDigits: 1 });

export function formatQuantity(value: number): string {
  return quantityFormat.format(value);
}

/** '412.5 yd³' */
export function formatQuantityWithUnit(value: number, unit: UnitId): string {
  return `${formatQuantity(value)} ${unitAbbreviation(unit)}`;
}
