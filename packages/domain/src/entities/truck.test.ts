import { describe, expect, it } from 'vitest';
import {
  truckLiveViewSchema,
  truckSchema,
  truckSequenceEventSchema,
  truckSequenceItemSchema,
} from './truck';

describe('R-ENTITY-24: truck', () => {
  it('has the listed fields, flags off by default', () => {
    const truck = truckSchema.parse({ id: 1, identificationNumber: 'T-12' });
    for (const field of [
      'description',
      'licensePlate',
      'vin',
      'truckCompanyId',
      'truckTypeId',
      'plantId',
      'tareWeight',
      'maxLoadQuantity',
      'statusId',
      'statusDescription',
      'statusLocation',
      'statusDateTime',
    ]) {
      expect(truck, field).toHaveProperty(field);
    }
    expect(truck).toMatchObject({
      inactiveFlag: false,
      outsideTruckFlag: false,
      mobileSimulationFlag: false,
    });
  });
});

describe('R-ENTITY-25: truck live-update view', () => {
  it('has exactly the live fields', () => {
    const view = truckLiveViewSchema.parse({
      id: 1,
      identificationNumber: 'T-12',
      vin: 'x',
      minutes: 75,
    });
    expect(Object.keys(view).sort()).toEqual(
      [
        'id',
        'plantId',
        'truckFlagId',
        'truckFlag',
        'statusId',
        'identificationNumber',
        'minutes',
        'inYardSequenceNum',
        'statusDescription',
        'statusLocation',
        'statusDateTime',
      ].sort(),
    );
    expect(view.minutes).toBe(75);
  });
});

describe('R-ENTITY-26: truck sequence', () => {
  it('defaults wasMoved to false', () => {
    expect(truckSequenceItemSchema.parse({ id: 4, inYardSequenceNum: 2, newRowNum: 1 })).toEqual({
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
