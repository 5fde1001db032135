import { describe, expect, it } from 'vitest';
import { concreteMixSchema } from './concrete-mix';

describe('R-ENTITY-13: concrete mix', () => {
  it('holds the mix design and its raw materials', () => {
    const mix = concreteMixSchema.parse({
      id: 30,
      plantId: 1,
      description: '4000 PSI 3/4"',
      strength: 4000,
      slump: 4,
      air: 6,
      aggregateSize: '3/4"',
      cementType: 'I/II',
      maxLoadSize: 10,
      maxExtraWaterGallons: 8,
      mixerSeconds: 70,
      sackEquivalent: 6,
      waterToCementRatio: 0.45,
      applyAdmixDosageFactor: true,
      rawMaterials: [{ productId: 501, quantity: 564, unitOfMeasure: 2 }],
    });
    expect(mix.inactiveFlag).toBe(false);
    expect(mix.rawMaterials).toEqual([
      { productId: 501, productNumber: '', description: '', quantity: 564, unitOfMeasure: 2 },
    ]);
  });

  it('defaults to no raw materials and checks their units', () => {
    expect(concreteMixSchema.parse({ id: 1 }).rawMaterials).toEqual([]);
    const badUnit = { id: 1, rawMaterials: [{ productId: 1, quantity: 1, unitOfMeasure: 99 }] };
    expect(concreteMixSchema.safeParse(badUnit).error?.issues[0]?.path).toEqual([
      'rawMaterials',
      0,
      'unitOfMeasure',
    ]);
  });
});
