import { describe, expect, it } from 'vitest';
import { scheduleFormSchema, scheduleProductSchema, scheduleSchema } from './schedule';

describe('R-ENTITY-17: schedule product', () => {
  it('has every listed field', () => {
    expect(Object.keys(scheduleProductSchema.parse({})).sort()).toEqual(
      [
        'productId',
        'productNumber',
        'productDescription',
        'productTypeId',
        'quantity',
        'deliveredQuantity',
        'slump',
        'price',
        'taxableFlag',
        'unitOfMeasure',
        'loadSize',
        'loadPlan',
        'quantityOnHand',
        'usageTypeId',
        'unitsPerCube',
        'ticketed',
      ].sort(),
    );
  });

  it('measures in the unit enum', () => {
    expect(scheduleProductSchema.parse({ unitOfMeasure: 1 }).unitOfMeasure).toBe(1);
    expect(scheduleProductSchema.safeParse({ unitOfMeasure: 16 }).success).toBe(false);
  });
});

describe('R-ENTITY-18: schedule', () => {
  it('has every listed field', () => {
    expect(Object.keys(scheduleSchema.parse({ id: 1, orderId: 2 })).sort()).toEqual(
      [
        'id',
        'orderId',
        'plantId',
        'numberOfLoads',
        'numberOfTrucks',
        'quantityPerHour',
        'loadIntervalTime',
        'travelTimeToJob',
        'travelTimeToPlant',
        'onJobWaitMinutes',
        'onJobWashMinutes',
        'adjustmentTypeId',
        'addPlusLoad',
        'truckTypeId',
        'firstLoadOnJobTime',
      ].sort(),
    );
  });

  it('takes minutes as whole numbers', () => {
    expect(scheduleSchema.safeParse({ id: 1, orderId: 2, travelTimeToJob: 12.5 }).success).toBe(
      false,
    );
    expect(scheduleSchema.safeParse({ id: 1, orderId: 2, travelTimeToJob: -1 }).success).toBe(
      false,
    );
  });
});

describe('R-ENTITY-19: schedule form', () => {
  it('groups an active schedule with its products and tickets', () => {
    const form = scheduleFormSchema.parse({ schedule: { id: 1, orderId: 2 } });
    expect(form).toMatchObject({
      activeFlag: true,
      primaryProduct: null,
      extraProducts: [],
      ticketIds: [],
    });
    expect(form.schedule.adjustmentTypeId).toBe(1);
    expect(scheduleFormSchema.safeParse({}).success).toBe(false);
  });
});
