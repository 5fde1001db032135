import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { isPriceField, priceFieldsIn, withoutPrices } from './pricing';

const order = {
  id: 7,
  cartageRate: 12.5,
  customerName: 'Hill Builders',
  shipDate: new Date(Date.UTC(2026, 10, 22)),
  schedules: [
    {
      id: 1,
      products: [
        { productId: 3, quantity: 10, price: 128 },
        { productId: 4, price: 9 },
      ],
    },
  ],
};

describe('R-PERM-6: prices hidden or disabled by permission', () => {
  it('removes every price field at any depth and keeps the rest', () => {
    expect(withoutPrices(order)).toEqual({
      id: 7,
      customerName: 'Hill Builders',
      shipDate: order.shipDate,
      schedules: [{ id: 1, products: [{ productId: 3, quantity: 10 }, { productId: 4 }] }],
    });
    expect(order.cartageRate).toBe(12.5);
  });

  it('names the price fields a write would set, with their paths', () => {
    expect(priceFieldsIn(order)).toEqual([
      'cartageRate',
      'schedules[0].products[0].price',
      'schedules[0].products[1].price',
    ]);
    expect(priceFieldsIn({ id: 1, quantity: 3 })).toEqual([]);
    expect(priceFieldsIn(null)).toEqual([]);
  });

  it('never leaves a price field behind', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(priceFieldsIn(withoutPrices(value))).toEqual([]);
      }),
    );
    expect(isPriceField('price')).toBe(true);
    expect(isPriceField('quantity')).toBe(false);
  });
});
