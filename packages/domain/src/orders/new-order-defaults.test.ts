import { describe, expect, it } from 'vitest';
import { missingStaticProducts, withCustomerChargeDefaults } from './new-order-defaults';

describe("R-ORD-20: a new order's charge types from the customer's defaults", () => {
  const defaults = { shortLoadTypeId: 2, freeShortLoadId: 3, standbyChargeTypeId: null };

  it('fills the fields left out with the defaults the customer has', () => {
    const order: { customerId: number; shortLoadTypeId?: number | null } = { customerId: 7 };
    expect(withCustomerChargeDefaults(order, defaults)).toEqual({
      customerId: 7,
      shortLoadTypeId: 2,
      freeShortLoadId: 3,
    });
  });

  it('keeps what the caller sent, null included', () => {
    const order = { shortLoadTypeId: 1, freeShortLoadId: null, standbyChargeTypeId: undefined };
    expect(withCustomerChargeDefaults(order, defaults)).toEqual({
      shortLoadTypeId: 1,
      freeShortLoadId: null,
      standbyChargeTypeId: undefined,
    });
  });

  it('leaves the order as it is without defaults in effect, and does not change what it was given', () => {
    const order = { shortLoadTypeId: undefined };
    expect(withCustomerChargeDefaults(order, undefined)).toBe(order);
    withCustomerChargeDefaults(order, defaults);
    expect(order).toEqual({ shortLoadTypeId: undefined });
  });
});

describe('R-ORD-21: the static products a schedule of a new order still needs', () => {
  const statics = [
    { productId: 10, quantity: 1 },
    { productId: 11, quantity: 2 },
    { productId: 10, quantity: 5 },
  ];

  it('adds each static product the schedule lacks once, in the order given', () => {
    expect(missingStaticProducts({ primaryProduct: { productId: 1 } }, statics)).toEqual([
      { productId: 10, quantity: 1 },
      { productId: 11, quantity: 2 },
    ]);
  });

  it('skips those already the primary product or an extra', () => {
    expect(
      missingStaticProducts(
        { primaryProduct: { productId: 10 }, extraProducts: [{ productId: 11 }] },
        statics,
      ),
    ).toEqual([]);
    expect(
      missingStaticProducts({ primaryProduct: null, extraProducts: [] }, statics),
    ).toHaveLength(2);
  });
});
