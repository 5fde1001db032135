import { describe, expect, it } from 'vitest';
import {
  mixDesignFields,
  mixRecipeUpdateSchema,
  recipeChanges,
  recipeReordered,
  sameRecipe,
  sequencedRecipe,
} from './mix-recipe';
import { concreteMixResource } from '../resources/concrete-mixes';

const line = (
  rawMaterialId: number,
  quantity: number,
  sequence: number,
  unit: number | null = 2,
) => ({
  rawMaterialId,
  quantity,
  unitOfMeasureId: unit,
  sequence,
});

describe('R-MIX-3: a recipe as written', () => {
  it('takes the resource’s own line fields and its rule: each raw material once', () => {
    const parsed = mixRecipeUpdateSchema.safeParse({
      version: 3,
      rawMaterials: [
        { rawMaterialId: 1, quantity: 470 },
        { rawMaterialId: 2, quantity: -2 },
      ],
    });
    expect(parsed.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['rawMaterials.1.quantity', 'must be at least 0'],
    ]);
    const twice = mixRecipeUpdateSchema.safeParse({
      version: 3,
      rawMaterials: [
        { rawMaterialId: 1, quantity: 470 },
        { rawMaterialId: 1, quantity: 2 },
      ],
    });
    expect(twice.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['rawMaterials.1.rawMaterialId', 'is already on row 1: list each raw material once'],
    ]);
  });

  it('needs the version read and at least one raw material', () => {
    const parsed = mixRecipeUpdateSchema.safeParse({ rawMaterials: [] });
    expect(parsed.error?.issues.map((issue) => issue.path.join('.'))).toEqual([
      'version',
      'rawMaterials',
    ]);
    expect(
      mixRecipeUpdateSchema.parse({
        version: 1,
        rawMaterials: [{ rawMaterialId: 4, quantity: 1.5 }],
      }),
    ).toEqual({
      version: 1,
      rawMaterials: [{ rawMaterialId: 4, quantity: 1.5, unitOfMeasureId: null }],
      note: '',
    });
  });

  it('numbers the lines in the order written', () => {
    expect(
      sequencedRecipe([
        { rawMaterialId: 5, quantity: 2, unitOfMeasureId: null },
        { rawMaterialId: 3, quantity: 1, unitOfMeasureId: 2 },
      ]),
    ).toEqual([line(5, 2, 0, null), line(3, 1, 1, 2)]);
  });
});

describe('R-MIX-5: what changed, raw material by raw material', () => {
  const before = [line(1, 470, 0), line(2, 32, 1, 3), line(3, 12, 2, 4)];

  it('lists added, changed and removed lines, old and new, and nothing else', () => {
    const after = [line(1, 480, 0), line(2, 32, 1, 3), line(5, 100, 2)];
    expect(recipeChanges(before, after)).toEqual([
      { rawMaterialId: 1, quantityBefore: 470, quantityAfter: 480, unitBefore: 2, unitAfter: 2 },
      {
        rawMaterialId: 5,
        quantityBefore: null,
        quantityAfter: 100,
        unitBefore: null,
        unitAfter: 2,
      },
      { rawMaterialId: 3, quantityBefore: 12, quantityAfter: null, unitBefore: 4, unitAfter: null },
    ]);
  });

  it('counts a new unit as a change, and a move as a reorder only', () => {
    expect(recipeChanges([line(1, 8, 0, 11)], [line(1, 8, 0, 4)])).toHaveLength(1);
    const moved = [line(2, 32, 0, 3), line(1, 470, 1), line(3, 12, 2, 4)];
    expect(recipeChanges(before, moved)).toEqual([]);
    expect(recipeReordered(before, moved)).toBe(true);
    expect(sameRecipe(before, moved)).toBe(false);
    expect(sameRecipe(before, [...before])).toBe(true);
    // Removing one is not a reorder of the rest.
    expect(recipeReordered(before, [line(1, 470, 0), line(3, 12, 1, 4)])).toBe(false);
  });

  it('names the design values of spec section 3', () => {
    expect(mixDesignFields).toEqual(
      expect.arrayContaining(['strength', 'slump', 'air', 'waterToCementRatio', 'sackEquivalent']),
    );
    expect(mixDesignFields).not.toContain('id');
  });

  it("are the concrete mix resource's fields, all but the product the mix belongs to", () => {
    const resourceFields = Object.keys(concreteMixResource.fields);
    expect(mixDesignFields).toEqual(resourceFields.filter((field) => field !== 'productId'));
  });
});
