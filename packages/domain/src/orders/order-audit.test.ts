import { describe, expect, it } from 'vitest';
import { orderAuditChanges, orderAuditQuerySchema } from './order-audit';
import { orderHistoryChanges } from './order-history';

const issues = (query: Record<string, string>) => {
  const parsed = orderAuditQuerySchema.safeParse(query);
  return parsed.success ? [] : parsed.error.issues.map((issue) => issue.path.join('.'));
};

describe('R-OAUD-2: the order audit query', () => {
  it('needs a system type and reads every filter', () => {
    expect(
      orderAuditQuerySchema.parse({
        systemTypeId: '2',
        from: '2026-03-01',
        to: '2026-03-10T23:59:59.999Z',
        user: ' ann ',
        customer: 'acme',
        order: ' 26 ',
        orderId: '5',
        page: '3',
      }),
    ).toEqual({
      systemTypeId: 2,
      from: '2026-03-01',
      to: '2026-03-10T23:59:59.999Z',
      user: 'ann',
      customer: 'acme',
      order: 26,
      orderId: 5,
      page: 3,
      pageSize: 50,
    });
  });

  it('names the field it refuses', () => {
    expect(issues({})).toEqual(['systemTypeId']);
    expect(issues({ systemTypeId: '4' })).toEqual(['systemTypeId']);
    expect(issues({ systemTypeId: '1', order: 'abc' })).toEqual(['order']);
    expect(issues({ systemTypeId: '1', order: '0' })).toEqual(['order']);
    expect(issues({ systemTypeId: '1', orderId: '-2' })).toEqual(['orderId']);
    expect(issues({ systemTypeId: '1', from: 'yesterday' })).toEqual(['from']);
    expect(issues({ systemTypeId: '1', customer: 'x'.repeat(101) })).toEqual(['customer']);
    expect(issues({ systemTypeId: '1', pageSize: '501' })).toEqual(['pageSize']);
  });
});

describe('R-OAUD-1, R-OAUD-4: the changes of an order history entry', () => {
  const before = {
    customerPoNumber: 'PO-1',
    cartageRate: 5,
    'schedules[12].quantityPerHour': 60,
    'schedules[12].products[40].primaryFlag': true,
    'schedules[12].products[40].price': 120,
  };
  const after = {
    ...before,
    customerPoNumber: 'PO-2',
    cartageRate: 6,
    'schedules[12].quantityPerHour': 45,
    'schedules[12].products[40].price': 125,
  };

  it('lists each field, before and after, placed and named', () => {
    expect(orderAuditChanges(before, after, false)).toEqual([
      {
        field: 'customerPoNumber',
        before: 'PO-1',
        after: 'PO-2',
        path: { schedule: null, product: null, name: 'customerPoNumber' },
        label: 'PO number',
      },
      {
        field: 'cartageRate',
        before: 5,
        after: 6,
        path: { schedule: null, product: null, name: 'cartageRate' },
        label: 'Cartage rate',
      },
      {
        field: 'schedules[12].quantityPerHour',
        before: 60,
        after: 45,
        path: { schedule: 1, product: null, name: 'quantityPerHour' },
        label: 'Schedule 1 · Quantity per hour',
      },
      {
        field: 'schedules[12].products[40].price',
        before: 120,
        after: 125,
        path: { schedule: 1, product: { primary: true, number: 1 }, name: 'price' },
        label: 'Schedule 1 · Primary product · Price',
      },
    ]);
  });

  it('leaves prices out for a level that hides them', () => {
    expect(orderAuditChanges(before, after, true).map((change) => change.field)).toEqual([
      'customerPoNumber',
      'schedules[12].quantityPerHour',
    ]);
    expect(orderHistoryChanges(before, after, true)).toHaveLength(2);
  });
});
