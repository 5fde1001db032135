import { describe, expect, it } from 'vitest';
import { orderSchema } from './order';
import { scheduleSchema } from './schedule';
import { newOrderDefaults, newOrderFieldDefaults } from './order-defaults';

describe('R-CONST-9: new order defaults', () => {
  it('gives a new order delivery charge, standby, print material and free short load type 1, charged', () => {
    expect(newOrderDefaults()).toEqual({
      aggDeliveryChargeTypeId: 1,
      standbyChargeTypeId: 1,
      printMaterialTypeId: 1,
      freeShortLoadId: 1,
      chargeOrderFlag: true,
      orderStatusId: 0,
    });
  });

  it('applies the new-order status rule', () => {
    expect(newOrderDefaults({ forOrderEntry: true }).orderStatusId).toBe(1);
    expect(newOrderDefaults({ statusId: 4 }).orderStatusId).toBe(4);
    expect(newOrderDefaults({ statusId: 4 })).toMatchObject(newOrderFieldDefaults);
  });

  it('fills the defaults in when an order is parsed without them', () => {
    const order = orderSchema.parse({
      id: 1,
      customerId: 7,
      customerPoNumber: 'PO-1',
      plantId: 2,
      orderDate: '2024-05-01',
      shipDate: '2024-05-02',
      orderTypeId: 1,
      systemTypeId: 2,
      reasonId: 1,
      sourceTaxingType: 1,
    });
    expect(order).toMatchObject(newOrderDefaults());
  });

  it('keeps values that were given instead of the defaults', () => {
    const order = orderSchema.partial().parse({
      aggDeliveryChargeTypeId: 3,
      chargeOrderFlag: false,
      freeShortLoadId: null,
      orderStatusId: 5,
    });
    expect(order).toMatchObject({
      aggDeliveryChargeTypeId: 3,
      chargeOrderFlag: false,
      freeShortLoadId: null,
      orderStatusId: 5,
    });
  });

  it('does not share one mutable object between new orders', () => {
    expect(newOrderDefaults()).not.toBe(newOrderDefaults());
  });
});

describe('R-CONST-9: new schedule defaults', () => {
  it('gives a new schedule adjustment type 1 unless another is given', () => {
    expect(scheduleSchema.parse({ id: 0, orderId: 5 }).adjustmentTypeId).toBe(1);
    expect(scheduleSchema.parse({ id: 0, orderId: 5, adjustmentTypeId: 2 }).adjustmentTypeId).toBe(
      2,
    );
  });
});
