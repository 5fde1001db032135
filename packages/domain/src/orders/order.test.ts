import { describe, expect, it } from 'vitest';
import { orderLiveViewSchema, orderSchema } from './order';

const minimalOrder = {
  id: 10,
  customerId: 7,
  customerPoNumber: 'PO-1',
  plantId: 2,
  orderDate: '2024-05-01',
  shipDate: '2024-05-02',
  orderTypeId: 1,
  systemTypeId: 1,
  reasonId: 1,
  sourceTaxingType: 1,
};

describe('R-ENTITY-14: order', () => {
  it('has every listed field', () => {
    const order = orderSchema.parse(minimalOrder);
    for (const field of [
      'id',
      'customerId',
      'customerName',
      'customerPoNumber',
      'plantId',
      'jobId',
      'job',
      'orderDate',
      'shipDate',
      'orderStatusId',
      'orderTypeId',
      'systemTypeId',
      'orderedByName',
      'notes',
      'dispatchNotes',
      'batchNotes',
      'creditNotes',
      'ticketNotes',
      'emailAddressCsv',
      'cartageRate',
      'milesToJob',
      'hoursToJob',
      'imperialFlag',
      'invoicedFlag',
      'chargeOrderFlag',
      'orderVerifiedFlag',
      'blockReturnOrderFlag',
      'pumperId',
      'reasonId',
      'shortLoadTypeId',
      'freeShortLoadId',
      'standbyChargeTypeId',
      'aggDeliveryChargeTypeId',
      'printMaterialTypeId',
      'sourceTaxingType',
      'suburbId',
      'uploadMixToBatchPanel',
      'zoneReferenceNumber',
      'schedules',
    ]) {
      expect(order, field).toHaveProperty(field);
    }
  });

  it('takes R-ORDER-STATUS-1 ids only', () => {
    expect(orderSchema.parse({ ...minimalOrder, orderStatusId: 9 }).orderStatusId).toBe(9);
    expect(orderSchema.safeParse({ ...minimalOrder, orderStatusId: 10 }).success).toBe(false);
  });

  it('carries its job and schedules', () => {
    const order = orderSchema.parse({
      ...minimalOrder,
      job: { number: 'J-1', address1: '1 Main St' },
      schedules: [{ schedule: { id: 3, orderId: 10 } }],
    });
    expect(order.job?.number).toBe('J-1');
    expect(order.schedules[0]?.schedule.id).toBe(3);
  });
});

describe('R-ENTITY-15: order live-update view', () => {
  it('has exactly id, status, schedules, plant, customer name, dispatch notes, flag, number and ship date', () => {
    const view = orderLiveViewSchema.parse({
      id: 10,
      orderStatusId: 6,
      plantId: 2,
      shipDate: '2024-05-02T07:00:00',
      number: 5001,
      extra: 'dropped',
    });
    expect(Object.keys(view).sort()).toEqual(
      [
        'id',
        'orderStatusId',
        'schedules',
        'plantId',
        'customerName',
        'dispatchNotes',
        'orderFlagId',
        'number',
        'shipDate',
      ].sort(),
    );
  });
});

describe('R-ENTITY-9: simple job', () => {
  it('has number, three address lines, customer numbers, lot, quote number and name', () => {
    expect(Object.keys(orderSchema.parse({ ...minimalOrder, job: {} }).job ?? {}).sort()).toEqual(
      [
        'number',
        'address1',
        'address2',
        'address3',
        'customerJobNumber',
        'customerPoNumber',
        'lotOrBlockNumber',
        'quoteNumber',
        'quoteName',
      ].sort(),
    );
  });
});
