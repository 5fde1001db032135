import { describe, expect, it } from 'vitest';
import { applyPlantLiveView } from './plant-cache';
import type { PlantList, PlantRow } from './plant-queries';

function plant(id: number, description: string, version = 1): PlantRow {
  return {
    id,
    description,
    systemTypeId: 1,
    inactiveFlag: false,
    plantColorId: null,
    latitude: null,
    longitude: null,
    version,
  };
}

const list = (...rows: PlantRow[]): PlantList => ({ error: false, count: rows.length, data: rows });

function view(id: number, change: Partial<PlantRow> = {}) {
  return {
    id,
    description: 'North Yard',
    systemTypeId: 1 as const,
    inactiveFlag: false,
    plantColorId: null,
    latitude: null,
    longitude: null,
    version: 2,
    ...change,
  };
}

describe('applyPlantLiveView', () => {
  it('renames the plant in place', () => {
    const before = list(plant(1, 'North'), plant(2, 'South'));
    const after = applyPlantLiveView(before, {}, view(1));
    if (after === 'refetch') throw new Error('expected a patch');
    expect(after.data.map((row) => row.description)).toEqual(['North Yard', 'South']);
    expect(after.data[0]).toMatchObject({ version: 2, description: 'North Yard' });
  });

  it('drops a plant made inactive unless the list includes inactive plants', () => {
    const inactive = view(1, { inactiveFlag: true });
    expect(applyPlantLiveView(list(plant(1, 'North')), {}, inactive)).toEqual(list());
    const withInactive = applyPlantLiveView(
      list(plant(1, 'North')),
      { includeInactive: true },
      inactive,
    );
    expect(withInactive).not.toBe('refetch');
  });

  it('ignores an older event and fetches a plant it lacks', () => {
    const before = list(plant(1, 'North', 3));
    expect(applyPlantLiveView(before, {}, view(1))).toBe(before);
    expect(applyPlantLiveView(before, {}, view(4))).toBe('refetch');
  });
});
