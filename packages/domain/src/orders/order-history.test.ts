import { describe, expect, it } from 'vitest';
import { changedFields } from '../audit/audit-trail';
import { isPriceHistoryField, orderHistoryRecord } from './order-history';

const order = {
  id: 5,
  number: 1001,
  customerPoNumber: 'PO-1',
  cartageRate: 12.5,
  job: { number: 'J-1' },
  version: 3,
  quantityOrdered: 30,
  schedules: [
    {
      schedule: { id: 12, orderId: 5, quantityPerHour: 60, version: 1 },
      primaryProduct: { id: 40, scheduleId: 12, quantity: 30, price: 128.5, version: 1 },
      extraProducts: [{ id: 41, scheduleId: 12, quantity: 2, price: 2.1, version: 1 }],
    },
    {
      schedule: { id: 13, orderId: 5, quantityPerHour: 30, version: 1 },
      primaryProduct: null,
      extraProducts: [],
    },
  ],
};

describe('R-ORD-8: the record an order history compares', () => {
  it("flattens an order, its schedules and its product lines, each by its row's id", () => {
    expect(orderHistoryRecord(order)).toEqual({
      customerPoNumber: 'PO-1',
      cartageRate: 12.5,
      'schedules[12].quantityPerHour': 60,
      'schedules[12].products[40].quantity': 30,
      'schedules[12].products[40].price': 128.5,
      'schedules[12].products[41].quantity': 2,
      'schedules[12].products[41].price': 2.1,
      'schedules[13].quantityPerHour': 30,
    });
    expect(orderHistoryRecord({ customerPoNumber: 'x' })).toEqual({ customerPoNumber: 'x' });
  });

  it('lets the audit comparison name each changed field, down to one price', () => {
    const [first, second] = order.schedules;
    const changed = {
      ...order,
      customerPoNumber: 'PO-2',
      schedules: [
        {
          ...first!,
          extraProducts: [{ ...first!.extraProducts[0]!, price: 2.5 }],
        },
        { ...second!, schedule: { ...second!.schedule, quantityPerHour: 45 } },
      ],
    };
    expect(changedFields(orderHistoryRecord(order), orderHistoryRecord(changed))).toEqual([
      { field: 'customerPoNumber', before: 'PO-1', after: 'PO-2' },
      { field: 'schedules[12].products[41].price', before: 2.1, after: 2.5 },
      { field: 'schedules[13].quantityPerHour', before: 30, after: 45 },
    ]);
  });

  it('tells price fields at any depth', () => {
    expect(isPriceHistoryField('cartageRate')).toBe(true);
    expect(isPriceHistoryField('schedules[12].products[41].price')).toBe(true);
    expect(isPriceHistoryField('schedules[12].products[41].quantity')).toBe(false);
    expect(isPriceHistoryField('customerPoNumber')).toBe(false);
  });
});
