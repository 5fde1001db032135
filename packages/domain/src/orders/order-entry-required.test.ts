/** R-ORD-26: the fields order entry marks as required are R-VALID-6..9's, read from the schema. */
import { describe, expect, it } from 'vitest';
import { systemTypeIds } from '../system-types';
import { requiredFieldPattern, requiredOrderEntryFields } from './order-entry-required';

// R-VALID-6, word for word (the system type is the form's own, never the user's).
const orderFields = [
  'customerId',
  'customerPoNumber',
  'orderDate',
  'shipDate',
  'orderStatusId',
  'orderTypeId',
  'plantId',
  'reasonId',
  'sourceTaxingType',
  'standbyChargeTypeId',
  'uploadMixToBatchPanel',
  'imperialFlag',
  'invoicedFlag',
  'chargeOrderFlag',
  'orderVerifiedFlag',
  'blockReturnOrderFlag',
];
// R-VALID-7: concrete and aggregate only.
const notBlockFields = ['freeShortLoadId', 'shortLoadTypeId', 'printMaterialTypeId'];
// R-VALID-8 (each line) and R-VALID-9.
const lineFields = [
  'schedules.N.primaryProduct.productId',
  'schedules.N.extraProducts.N.productId',
];
const scheduleFields = [
  'loadIntervalTime',
  'numberOfTrucks',
  'onJobWaitMinutes',
  'onJobWashMinutes',
  'plantId',
  'quantityPerHour',
  'travelTimeToJob',
  'travelTimeToPlant',
].map((field) => `schedules.N.schedule.${field}`);

describe('requiredOrderEntryFields (R-ORD-26)', () => {
  it.each([systemTypeIds.concrete, systemTypeIds.aggregate])(
    'names R-VALID-6..9 for system type %i',
    (systemTypeId) => {
      expect([...requiredOrderEntryFields(systemTypeId)].sort()).toEqual(
        [...orderFields, ...notBlockFields, ...lineFields, ...scheduleFields].sort(),
      );
    },
  );

  it('leaves out what a block order does without (R-VALID-7)', () => {
    const block = requiredOrderEntryFields(systemTypeIds.block);
    expect([...block].sort()).toEqual([...orderFields, ...lineFields, ...scheduleFields].sort());
    for (const field of notBlockFields) expect(block.has(field)).toBe(false);
  });

  it('does not name what saving fills itself (a quantity, a price, the first load time)', () => {
    const concrete = requiredOrderEntryFields(systemTypeIds.concrete);
    for (const field of [
      'schedules.N.primaryProduct.quantity',
      'schedules.N.primaryProduct.price',
      'schedules.N.schedule.firstLoadOnJobTime',
      'jobId',
      'emailAddressCsv',
    ]) {
      expect(concrete.has(field), field).toBe(false);
    }
  });

  it('refuses a system type that is none', () => {
    expect(() => requiredOrderEntryFields(9 as never)).toThrow(RangeError);
  });
});

describe('requiredFieldPattern (R-ORD-26)', () => {
  it("names a form field's path with its positions as N", () => {
    expect(requiredFieldPattern('schedules.12.schedule.plantId')).toBe(
      'schedules.N.schedule.plantId',
    );
    expect(requiredFieldPattern('schedules.0.extraProducts.3.productId')).toBe(
      'schedules.N.extraProducts.N.productId',
    );
    expect(requiredFieldPattern('customerId')).toBe('customerId');
  });
});
