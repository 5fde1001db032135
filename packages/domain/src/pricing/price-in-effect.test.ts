import { describe, expect, it } from 'vitest';
import { datedPriceOn, priceInEffect, productPriceInEffect } from './price-in-effect';

/** R-ESC-8: the price in effect on a day. */
describe('priceInEffect', () => {
  const history = [
    { price: 110, effectiveDate: '2027-03-01', sequence: 2 },
    { price: 105, effectiveDate: '2027-01-01', sequence: 1 },
    { price: 112, effectiveDate: '2027-03-01', sequence: 3 },
  ];

  it.each([
    ['2026-12-31', 100], // before any dated price: the undated one
    ['2027-01-01', 105], // from its effective day
    ['2027-02-28', 105],
    ['2027-03-01', 112], // the same day twice: the later written holds
    ['2030-01-01', 112],
  ])('on %s is %d', (day, price) => {
    expect(priceInEffect(history, day, 100)).toBe(price);
  });

  it('is null when there is no price at all', () => {
    expect(priceInEffect([], '2027-01-01', null)).toBeNull();
    expect(datedPriceOn(history, '2026-01-01')).toBeUndefined();
  });

  it('prefers the plant’s own price, then the product’s, then the list price', () => {
    const input = {
      plantPrices: [{ price: 130, effectiveDate: '2027-06-01', sequence: 9 }],
      productPrices: [{ price: 120, effectiveDate: '2027-02-01', sequence: 5 }],
      listPrice: 100,
    };
    expect(productPriceInEffect(input, '2027-01-15')).toBe(100);
    expect(productPriceInEffect(input, '2027-03-01')).toBe(120);
    expect(productPriceInEffect(input, '2027-06-01')).toBe(130);
  });
});
