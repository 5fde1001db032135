import { describe, expect, it } from 'vitest';
import { truckLiveViewSchema, truckResponseSchema } from './truck-views';

describe('R-ENTITY-24: truck', () => {
  it('has the listed fields, flags off by default', () => {
    const truck = truckResponseSchema.parse({
      id: 1,
      identificationNumber: 'T-12',
      truckFlag: '',
      currentTicketId: null,
      version: 1,
    });
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
  it('has exactly the live fields, and whether GPS set the status (R-GPS-6)', () => {
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
        'statusFromGps',
      ].sort(),
    );
    expect(view.minutes).toBe(75);
  });
});
