import { describe, expect, it } from 'vitest';
import { aggregatePitSchema, concretePlantSchema, plantSchema } from './plant';

describe('R-ENTITY-16: plant', () => {
  it('holds every listed field, with fleet size per weekday', () => {
    const plant = plantSchema.parse({ id: 1, systemTypeId: 1 });
    for (const field of [
      'description',
      'address1',
      'address7',
      'phoneNumber',
      'phoneExtension',
      'faxNumber',
      'latitude',
      'longitude',
      'radius',
      'divisionId',
      'batchmanId',
      'batchTime',
      'callInSpaceTime',
      'closeoutTime',
      'inYardWashTime',
      'onJobWashTime',
      'warmupTime',
      'truckCostHour',
      'truckProductivityFactor',
      'fixedCostQty',
      'inactiveFlag',
      'isRail',
      'useBatchPanelFlag',
      'printTicketMethod',
      'ticketPrintQueue',
      'nextWorkOrderNumber',
      'plantColorId',
      'priceAdjustment',
      'subAccountNumber',
      'modifiedOn',
      'lastBatchPanelInventory',
    ]) {
      expect(plant, field).toHaveProperty(field);
    }
    const days = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
    for (const day of days) expect(plant[`fleetSize${day}` as keyof typeof plant]).toBe(0);
  });

  it('rejects impossible coordinates and clock times', () => {
    const base = { id: 1, systemTypeId: 2 };
    expect(plantSchema.safeParse({ ...base, latitude: 91 }).success).toBe(false);
    expect(plantSchema.safeParse({ ...base, longitude: -181 }).success).toBe(false);
    expect(plantSchema.safeParse({ ...base, closeoutTime: '25:00' }).success).toBe(false);
    expect(plantSchema.parse({ ...base, closeoutTime: '17:30' }).closeoutTime).toBe('17:30');
  });
});

describe('R-CONST-10: next numbers and alleys default to 1', () => {
  it('starts an aggregate pit at ticket 1 and bill of lading 1', () => {
    expect(aggregatePitSchema.parse({ plantId: 4 })).toEqual({
      plantId: 4,
      zone: '',
      fuelSurChage: null,
      nextTicketNumber: 1,
      nextBillOfLadingNumber: 1,
      railScheduleEdiStoredProcedureName: '',
    });
  });

  it('starts a concrete plant with one alley at ticket 1', () => {
    expect(concretePlantSchema.parse({ plantId: 2 })).toEqual({
      plantId: 2,
      numberOfAlleys: 1,
      nextTicketNumber: 1,
    });
    expect(concretePlantSchema.safeParse({ plantId: 2, numberOfAlleys: 0 }).success).toBe(false);
  });
});
