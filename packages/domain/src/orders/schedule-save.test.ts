import { describe, expect, it } from 'vitest';
import { productLineSaveSchema, scheduleSaveSchema } from './schedule-save';

describe('R-VALID-8: product line validation', () => {
  it('requires productId and systemTypeId', () => {
    const issues = productLineSaveSchema.safeParse({ quantity: 10 }).error?.issues ?? [];
    expect(issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['productId', 'Product is required.'],
      ['systemTypeId', 'System type is required.'],
    ]);
  });

  it('accepts a line with both', () => {
    const line = productLineSaveSchema.parse({ productId: 12, systemTypeId: 2, quantity: 10 });
    expect(line).toMatchObject({
      productId: 12,
      systemTypeId: 2,
      quantity: 10,
      taxableFlag: false,
    });
  });
});

describe('R-VALID-9: schedule validation', () => {
  it('names every missing required field', () => {
    const issues = scheduleSaveSchema.safeParse({ id: 0, orderId: 1 }).error?.issues ?? [];
    const named = issues.map((issue) => [issue.path.join('.'), issue.message]);
    expect(named.sort()).toEqual(
      [
        ['loadIntervalTime', 'Load interval time is required.'],
        ['numberOfTrucks', 'Number of trucks is required.'],
        ['onJobWaitMinutes', 'On-job wait minutes is required.'],
        ['onJobWashMinutes', 'On-job wash minutes is required.'],
        ['plantId', 'Plant is required.'],
        ['quantityPerHour', 'Quantity per hour is required.'],
        ['systemTypeId', 'System type is required.'],
        ['travelTimeToJob', 'Travel time to job is required.'],
        ['travelTimeToPlant', 'Travel time to plant is required.'],
      ].sort(),
    );
  });

  it('accepts a complete schedule, zero being a value', () => {
    const schedule = scheduleSaveSchema.parse({
      id: 0,
      orderId: 1,
      loadIntervalTime: 12,
      numberOfTrucks: 3,
      onJobWaitMinutes: 0,
      onJobWashMinutes: 10,
      plantId: 2,
      quantityPerHour: 40,
      systemTypeId: 1,
      travelTimeToJob: 25,
      travelTimeToPlant: 20,
    });
    expect(schedule).toMatchObject({ onJobWaitMinutes: 0, adjustmentTypeId: 1 });
  });
});
