import { describe, expect, it } from 'vitest';
import { childDefaults, createSchemaOf, recordProblems, updateSchemaOf } from './define';
import { plantDetailsOf, plantResource } from './plants';

describe('the plant definition', () => {
  it('keeps concrete details to concrete plants and pit details to aggregate pits', () => {
    const concrete = [{ numberOfAlleys: 2, nextTicketNumber: 1 }];
    const pit = [{ zone: 'Z1' }];
    expect(recordProblems(plantResource, { systemTypeId: 1, concretePlant: concrete })).toEqual([]);
    expect(recordProblems(plantResource, { systemTypeId: 2, aggregatePit: pit })).toEqual([]);
    expect(
      recordProblems(plantResource, {
        systemTypeId: 3,
        concretePlant: concrete,
        aggregatePit: pit,
      }),
    ).toEqual([
      { field: 'concretePlant', reason: 'only a concrete plant has these details' },
      { field: 'aggregatePit', reason: 'only an aggregate pit has these details' },
    ]);
    expect(plantDetailsOf(1)).toBe('concretePlant');
    expect(plantDetailsOf(2)).toBe('aggregatePit');
    expect(plantDetailsOf(3)).toBeNull();
  });

  it('writes no price that was left out (R-PERM-5), and takes one that is sent', () => {
    const created = createSchemaOf(plantResource).parse({
      description: 'North',
      systemTypeId: 2,
      aggregatePit: [{ zone: 'Z1' }],
    });
    expect(created).not.toHaveProperty('truckCostHour');
    // A details row keeps what it leaves out; the server fills a new row's defaults.
    expect(created).toMatchObject({ aggregatePit: [{ zone: 'Z1' }] });
    expect(childDefaults(plantResource.children.aggregatePit!)).toMatchObject({
      nextTicketNumber: 1,
      nextBillOfLadingNumber: 1,
      fuelSurChage: null,
    });
    const updated = updateSchemaOf(plantResource).parse({
      aggregatePit: [{ id: 4, zone: 'Z2', fuelSurChage: 1.25 }],
      version: 3,
    });
    expect(updated).toMatchObject({ aggregatePit: [{ fuelSurChage: 1.25 }] });
  });

  it('requires a description and a system type, and counts fleets from zero', () => {
    const schema = createSchemaOf(plantResource);
    expect(schema.safeParse({ systemTypeId: 1 }).success).toBe(false);
    expect(schema.safeParse({ description: 'X' }).success).toBe(false);
    expect(schema.parse({ description: 'X', systemTypeId: 3 })).toMatchObject({
      fleetSizeMonday: 0,
      nextWorkOrderNumber: 1,
      inactiveFlag: false,
    });
  });
});
