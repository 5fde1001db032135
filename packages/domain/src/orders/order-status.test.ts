import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  copiedOrderStatusId,
  isOrderStatusCode,
  isOrderStatusId,
  newOrderStatusId,
  orderStatusByCode,
  orderStatusById,
  orderStatusIds,
  orderStatusIdSchema,
  orderStatuses,
  type OrderStatusId,
} from './order-status';

const statusId = fc.constantFrom(...orderStatuses.map((status) => status.id));

describe('R-ORDER-STATUS-1..3: order status codes', () => {
  it('pairs each code with its id and name', () => {
    expect(orderStatuses.map((s) => `${s.code} ${s.name} ${s.id}`)).toEqual([
      'D Deleted 0',
      'S To Be Shipped 1',
      'F FOB 2',
      'W Will Call 3',
      'H On Hold 4',
      'C Complete 5',
      'P Shipping 6',
      'X Stop Shipping 7',
      'B Back Order 8',
      'M Cancelled 9',
    ]);
  });

  it('keys the ids by name consistently with the table', () => {
    for (const status of orderStatuses) expect(orderStatusIds[status.key]).toBe(status.id);
  });

  it('looks statuses up by id and by code', () => {
    expect(orderStatusById(3).code).toBe('W');
    expect(orderStatusByCode('X').id).toBe(7);
    expect(orderStatusByCode('M').name).toBe('Cancelled');
    expect(() => orderStatusById(12 as OrderStatusId)).toThrow(RangeError);
    expect(() => orderStatusByCode('Q' as never)).toThrow(RangeError);
  });

  it('recognises only the listed ids and codes', () => {
    fc.assert(
      fc.property(fc.integer({ min: -3, max: 15 }), (n) => {
        const listed = n >= 0 && n <= 9;
        expect(isOrderStatusId(n)).toBe(listed);
        expect(orderStatusIdSchema.safeParse(n).success).toBe(listed);
      }),
    );
    expect(isOrderStatusId('1')).toBe(false);
    expect(isOrderStatusCode('S')).toBe(true);
    expect(isOrderStatusCode('s')).toBe(false);
    expect(isOrderStatusCode('Z')).toBe(false);
  });

  it('copies a will-call order as will call and any other as to be shipped', () => {
    expect(copiedOrderStatusId(orderStatusIds.willCall)).toBe(orderStatusIds.willCall);
    fc.assert(
      fc.property(statusId, (source) => {
        const expected = source === 3 ? 3 : 1;
        expect(copiedOrderStatusId(source)).toBe(expected);
      }),
    );
  });

  it('starts a new order at 0 unless a status is given', () => {
    expect(newOrderStatusId()).toBe(0);
    expect(newOrderStatusId({})).toBe(0);
    expect(newOrderStatusId({ forOrderEntry: false })).toBe(0);
    fc.assert(
      fc.property(statusId, fc.boolean(), (given, forOrderEntry) => {
        expect(newOrderStatusId({ statusId: given, forOrderEntry })).toBe(given);
      }),
    );
  });

  it('starts an order created for order entry as to be shipped', () => {
    expect(newOrderStatusId({ forOrderEntry: true })).toBe(orderStatusIds.toBeShipped);
  });
});
