import { describe, expect, it } from 'vitest';
import { truckSequenceEventSchema } from './yard-sequence';

describe('R-ENTITY-26: truck sequence', () => {
  it('defaults wasMoved to false', () => {
    const event = truckSequenceEventSchema.parse({
      plantId: 2,
      trucks: [{ id: 4, inYardSequenceNum: 2, newRowNum: 1 }],
    });
    expect(event.trucks[0]).toEqual({
      id: 4,
      inYardSequenceNum: 2,
      newRowNum: 1,
      wasMoved: false,
      truckSequence: null,
    });
  });

  it('carries a plant and its trucks in the sequence event', () => {
    const event = truckSequenceEventSchema.parse({
      plantId: 2,
      trucks: [{ id: 4 }, { id: 5, wasMoved: true }],
    });
    expect(event.trucks.map((truck) => truck.wasMoved)).toEqual([false, true]);
    expect(truckSequenceEventSchema.safeParse({ trucks: [] }).success).toBe(false);
  });
});
