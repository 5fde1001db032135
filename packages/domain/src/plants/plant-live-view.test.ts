import { describe, expect, it } from 'vitest';
import { plantLiveViewSchema } from './plant-live-view';

describe('R-ENTITY-16: plant live view', () => {
  it('carries exactly what the board shows of a plant, and its version', () => {
    const view = plantLiveViewSchema.parse({
      id: 1,
      systemTypeId: 1,
      version: 3,
      phoneNumber: 'dropped',
    });
    expect(view).toEqual({
      id: 1,
      description: '',
      systemTypeId: 1,
      inactiveFlag: false,
      plantColorId: null,
      latitude: null,
      longitude: null,
      version: 3,
    });
  });

  it('rejects impossible coordinates', () => {
    const base = { id: 1, systemTypeId: 2, version: 1 };
    expect(plantLiveViewSchema.safeParse({ ...base, latitude: 91 }).success).toBe(false);
    expect(plantLiveViewSchema.safeParse({ ...base, longitude: -181 }).success).toBe(false);
  });
});
