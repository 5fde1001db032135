import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  addedQuantities,
  changeRecipe,
  convertedQuantity,
  lineChangeOf,
  mixChangeApplySchema,
  mixChangeRequestSchema,
  mixChangeTotals,
  mixSelectionSchema,
  reversedWrites,
  scaledQuantity,
  type MixChangeRule,
} from './mix-design-change';
import { decimals } from '../pricing/price-escalation';
import type { StoredRecipeLine } from './mix-recipe';

const cement = 1;
const typeThree = 2;
const slag = 3;
const water = 4;
const pounds = 2;
const gallons = 3;
const ownUnits = new Map([
  [cement, pounds],
  [typeThree, pounds],
  [slag, pounds],
  [water, gallons],
]);

const recipe: StoredRecipeLine[] = [
  { rawMaterialId: cement, quantity: 470, unitOfMeasureId: pounds, sequence: 0 },
  { rawMaterialId: water, quantity: 32, unitOfMeasureId: gallons, sequence: 1 },
];

const rule = (fields: Partial<MixChangeRule>): MixChangeRule => ({
  action: 'scale',
  rawMaterialId: cement,
  replacementRawMaterialId: null,
  factor: null,
  percent: null,
  quantity: null,
  ...fields,
});

describe('R-MIX-9: the change arithmetic', () => {
  it('scales to the thousandth, half away from zero, in exact arithmetic', () => {
    expect(scaledQuantity(470, 10)).toBe(517);
    expect(scaledQuantity(470, -10)).toBe(423);
    // 1.005 × 1.5 = 1.5075: a double gives 1.5074999…, exact arithmetic rounds up.
    expect(scaledQuantity(1.005, 50)).toBe(1.508);
    expect(scaledQuantity(0.001, -50)).toBe(0.001);
    expect(scaledQuantity(12.5, -100)).toBe(0);
    expect(scaledQuantity(999_999_999, 1000)).toBe(999_999_999);
  });

  it('converts by a factor of up to six decimals, and adds exactly', () => {
    expect(convertedQuantity(470, 1)).toBe(470);
    expect(convertedQuantity(100, 0.453592)).toBe(45.359);
    expect(convertedQuantity(0.1, 3)).toBe(0.3);
    expect(addedQuantities(0.1, 0.2)).toBe(0.3);
  });

  it('never leaves the line below zero or above what it holds', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 999_999_999_999 }),
        fc.integer({ min: -1_000_000, max: 10_000_000 }),
        (th, tenThousandths) => {
          const after = scaledQuantity(th / 1000, tenThousandths / 10_000);
          return after >= 0 && after <= 999_999_999 && decimals(after) <= 3;
        },
      ),
    );
  });
});

describe('R-MIX-9, R-MIX-10: a recipe under a change', () => {
  it('scales and sets the raw material’s line, leaving the rest', () => {
    expect(changeRecipe(recipe, rule({ percent: 10 }), ownUnits)).toEqual({
      kind: 'changed',
      writes: [
        { rawMaterialId: cement, before: recipe[0], after: { ...recipe[0], quantity: 517 } },
      ],
    });
    expect(changeRecipe(recipe, rule({ action: 'set', quantity: 500 }), ownUnits)).toEqual({
      kind: 'changed',
      writes: [
        { rawMaterialId: cement, before: recipe[0], after: { ...recipe[0], quantity: 500 } },
      ],
    });
  });

  it('leaves a mix alone when the quantity stays, or the raw material is not in it', () => {
    expect(changeRecipe(recipe, rule({ action: 'set', quantity: 470 }), ownUnits)).toEqual({
      kind: 'unchanged',
    });
    expect(changeRecipe(recipe, rule({ rawMaterialId: slag, percent: 5 }), ownUnits)).toEqual({
      kind: 'unchanged',
    });
  });

  it('replaces in the same place, in the replacement’s unit, times the factor', () => {
    const outcome = changeRecipe(
      recipe,
      rule({ action: 'replace', replacementRawMaterialId: slag, factor: 1.1 }),
      ownUnits,
    );
    expect(outcome).toEqual({
      kind: 'changed',
      writes: [
        { rawMaterialId: cement, before: recipe[0], after: null },
        {
          rawMaterialId: slag,
          before: null,
          after: { rawMaterialId: slag, quantity: 517, unitOfMeasureId: pounds, sequence: 0 },
        },
      ],
    });
  });

  it('adds into a line the mix already has in the same unit, and skips one in another', () => {
    const both: StoredRecipeLine[] = [
      ...recipe,
      { rawMaterialId: typeThree, quantity: 30, unitOfMeasureId: null, sequence: 2 },
    ];
    const outcome = changeRecipe(
      both,
      rule({ action: 'replace', replacementRawMaterialId: typeThree, factor: 1 }),
      ownUnits,
    );
    expect(outcome).toEqual({
      kind: 'changed',
      writes: [
        { rawMaterialId: cement, before: both[0], after: null },
        { rawMaterialId: typeThree, before: both[2], after: { ...both[2], quantity: 500 } },
      ],
    });
    const ounces: StoredRecipeLine[] = [
      recipe[0]!,
      { rawMaterialId: slag, quantity: 8, unitOfMeasureId: 11, sequence: 1 },
    ];
    expect(
      changeRecipe(ounces, rule({ action: 'replace', replacementRawMaterialId: slag }), ownUnits),
    ).toEqual({ kind: 'skipped', reason: 'unitMismatch' });
  });

  it('R-MIX-13: reversed writes bring every line back, and name old and new', () => {
    const outcome = changeRecipe(
      recipe,
      rule({ action: 'replace', replacementRawMaterialId: slag }),
      ownUnits,
    );
    if (outcome.kind !== 'changed') throw new Error('expected a change');
    const back = reversedWrites(outcome.writes);
    expect(back.map((write) => write.after)).toEqual([recipe[0], null]);
    expect(outcome.writes.map(lineChangeOf)).toEqual([
      {
        rawMaterialId: cement,
        quantityBefore: 470,
        quantityAfter: null,
        unitBefore: pounds,
        unitAfter: null,
      },
      {
        rawMaterialId: slag,
        quantityBefore: null,
        quantityAfter: 470,
        unitBefore: null,
        unitAfter: pounds,
      },
    ]);
  });

  it('counts mixes, lines and plants', () => {
    const mixes = [
      { plantId: 1, lines: [{}, {}] },
      { plantId: 1, lines: [{}] },
      { plantId: 2, lines: [{}] },
    ] as never[];
    expect(mixChangeTotals(mixes, 4, 1)).toEqual({
      mixes: 3,
      lines: 4,
      plants: 2,
      unchanged: 4,
      skipped: 1,
    });
  });
});

describe('R-MIX-7, R-MIX-8: the request', () => {
  const problems = (input: unknown) => {
    const parsed = mixChangeRequestSchema.safeParse(input);
    return parsed.success
      ? []
      : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
  };

  it('keeps only what the action uses, a replacement’s factor defaulting to 1', () => {
    expect(
      mixChangeRequestSchema.parse({
        rawMaterialId: cement,
        action: 'replace',
        replacementRawMaterialId: slag,
        percent: 5,
        quantity: 3,
      }),
    ).toEqual({
      selection: {
        plantIds: [],
        mixIds: [],
        search: '',
        strengthMin: null,
        strengthMax: null,
        usingRawMaterialId: null,
        includeInactive: false,
      },
      rawMaterialId: cement,
      action: 'replace',
      replacementRawMaterialId: slag,
      factor: 1,
      percent: null,
      quantity: null,
      description: '',
    });
    expect(
      mixChangeRequestSchema.parse({
        rawMaterialId: cement,
        action: 'scale',
        percent: -5,
        factor: 2,
        replacementRawMaterialId: slag,
      }),
    ).toMatchObject({ percent: -5, factor: null, replacementRawMaterialId: null });
  });

  it('names the field and the reason for each action', () => {
    expect(problems({ rawMaterialId: cement, action: 'replace' })).toEqual([
      'replacementRawMaterialId: is required to replace a raw material',
    ]);
    expect(
      problems({
        rawMaterialId: cement,
        action: 'replace',
        replacementRawMaterialId: cement,
        factor: 0,
      }),
    ).toEqual([
      'replacementRawMaterialId: must differ from the raw material it replaces',
      'factor: must be above 0 and at most 1000',
    ]);
    expect(
      problems({
        rawMaterialId: cement,
        action: 'replace',
        replacementRawMaterialId: slag,
        factor: 0.1234567,
      }),
    ).toEqual(['factor: must have at most 6 decimals']);
    expect(problems({ rawMaterialId: cement, action: 'scale' })).toEqual([
      'percent: is required to scale a raw material',
    ]);
    expect(problems({ rawMaterialId: cement, action: 'scale', percent: 0 })).toEqual([
      'percent: must not be zero',
    ]);
    expect(problems({ rawMaterialId: cement, action: 'scale', percent: -101 })).toEqual([
      'percent: must be a percent from -100 to 1000',
    ]);
    expect(problems({ rawMaterialId: cement, action: 'scale', percent: 1.23456 })).toEqual([
      'percent: must have at most 4 decimals',
    ]);
    expect(problems({ rawMaterialId: cement, action: 'set' })).toEqual([
      'quantity: is required to set a quantity',
    ]);
    expect(problems({ rawMaterialId: cement, action: 'set', quantity: -1 })).toEqual([
      'quantity: must be at least 0',
    ]);
    expect(problems({ rawMaterialId: cement, action: 'melt' })).toEqual([
      'action: must be replace, scale or set',
    ]);
    expect(problems({ action: 'set', quantity: 1 })).toEqual([
      'rawMaterialId: must be a whole number',
    ]);
  });

  it('checks the selection: strengths in order, ids once', () => {
    expect(
      mixSelectionSchema.safeParse({ strengthMin: 4000, strengthMax: 3000 }).error?.issues,
    ).toEqual([
      expect.objectContaining({
        path: ['strengthMax'],
        message: 'must not be below the lowest strength',
      }),
    ]);
    expect(mixSelectionSchema.parse({ plantIds: [3, 3, 1] }).plantIds).toEqual([3, 1]);
  });

  it('R-MIX-11: apply takes the previewed versions, at least one', () => {
    const base = { rawMaterialId: cement, action: 'set', quantity: 400 };
    expect(
      mixChangeApplySchema.safeParse({ ...base, versions: [] }).error?.issues[0],
    ).toMatchObject({
      path: ['versions'],
      message: 'must list the previewed mixes: preview first',
    });
    expect(
      mixChangeApplySchema.parse({ ...base, versions: [{ mixId: 4, version: 2 }] }).versions,
    ).toEqual([{ mixId: 4, version: 2 }]);
  });
});
