import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { systemTypeIds } from './system-types';
import {
  deliveryUnitOf,
  isUnitId,
  unitAbbreviation,
  unitDisplayName,
  unitIdSchema,
  units,
} from './units';

describe('R-ENTITY-28: unit enum', () => {
  it('numbers the units as R-ENTITY-28 lists them', () => {
    expect(Object.entries(units)).toEqual([
      ['cubicYards', 1],
      ['pounds', 2],
      ['gallons', 3],
      ['fluidOz', 4],
      ['each', 5],
      ['tons', 6],
      ['perYard', 7],
      ['perPercent', 8],
      ['cubicFeet', 9],
      ['feet', 10],
      ['ounces', 11],
      ['tonPercent', 12],
      ['yard', 13],
      ['hours', 14],
      ['railCars', 15],
      ['eachQuantity', 30],
    ]);
  });

  it('names every unit for display', () => {
    expect(unitDisplayName(units.cubicYards)).toBe('Cubic Yards');
    expect(unitDisplayName(units.fluidOz)).toBe('Fluid Ounces');
    expect(unitDisplayName(units.eachQuantity)).toBe('Each Quantity');
    for (const id of Object.values(units)) expect(unitDisplayName(id)).toMatch(/^[A-Z]/);
  });

  it('recognises exactly the listed ids', () => {
    const listed = new Set<number>(Object.values(units));
    fc.assert(
      fc.property(fc.integer({ min: -5, max: 40 }), (n) => {
        expect(isUnitId(n)).toBe(listed.has(n));
        expect(unitIdSchema.safeParse(n).success).toBe(listed.has(n));
      }),
    );
    expect(isUnitId('1')).toBe(false);
    expect(isUnitId(null)).toBe(false);
  });
});

describe('R-ENTITY-28, R-SYS-4: what each system type is sold by, and how a quantity is labelled', () => {
  it('sells concrete by the cubic yard, aggregate by the ton and block by the piece', () => {
    expect(deliveryUnitOf(systemTypeIds.concrete)).toBe(units.cubicYards);
    expect(deliveryUnitOf(systemTypeIds.aggregate)).toBe(units.tons);
    expect(deliveryUnitOf(systemTypeIds.block)).toBe(units.each);
  });

  it('gives every unit a short label', () => {
    for (const id of Object.values(units)) expect(unitAbbreviation(id)).toMatch(/\S/);
    expect(unitAbbreviation(units.cubicYards)).toBe('yd³');
  });
});
