import { describe, expect, it } from 'vitest';
import {
  adjustedPrice,
  applicableShortLoadTypes,
  combinedTaxRate,
  defaultsInEffect,
  lineAmount,
  lineTaxable,
  orderLinePrice,
  orderTotals,
  quotePricesOn,
  shortLoadCharge,
  shortLoadCharges,
  standbyCharge,
  standbyMethodOf,
  type ShortLoadType,
} from './order-pricing';

describe('R-PRICE-1: where a line’s price comes from', () => {
  const minusFive = { amount: -5, percent: true };

  it.each([
    ['the quote wins over everything', 95, minusFive, 100, 95, 'quote'],
    ['a quote price of 0 is still the quote’s', 0, minusFive, 100, 0, 'quote'],
    ['else the customer’s adjustment of the product’s price', null, minusFive, 100, 95, 'customer'],
    ['an amount adds', null, { amount: 2.5, percent: false }, 100, 102.5, 'customer'],
    [
      'a zero adjustment leaves the product’s',
      null,
      { amount: 0, percent: true },
      100,
      100,
      'product',
    ],
    ['no defaults: the product’s', null, null, 100, 100, 'product'],
    ['no product price: nothing to adjust', null, minusFive, null, null, 'none'],
    ['nothing at all', null, null, null, null, 'none'],
  ] as const)('%s', (_, quotePrice, customerAdjustment, productPrice, price, source) => {
    expect(orderLinePrice({ quotePrice, customerAdjustment, productPrice })).toEqual({
      price,
      source,
    });
  });
});

describe('R-PRICE-2: the customer’s adjustment', () => {
  it.each([
    [100, -5, true, 95],
    [10.05, 10, true, 11.06], // 11.055 rounds half away from zero (a double gives 11.05)
    [125.5, -2.5, true, 122.36], // 122.3625
    [100, 3.25, false, 103.25],
    [10, -12, false, 0], // never below zero
    [80, -100, true, 0],
  ])('%d adjusted by %d (percent %s) is %d', (price, amount, percent, expected) => {
    expect(adjustedPrice(price, { amount, percent })).toBe(expected);
  });
});

describe('R-PRICE-3: the customer’s defaults in effect', () => {
  const rows = [
    { id: 1, startDate: null, terminationDate: null, sequence: 1 },
    { id: 2, startDate: '2027-01-01', terminationDate: '2027-06-30', sequence: 2 },
    { id: 3, startDate: '2027-03-01', terminationDate: '2027-03-31', sequence: 3 },
    { id: 4, startDate: '2027-03-01', terminationDate: '2027-03-31', sequence: 4 },
  ];

  it.each([
    ['2026-12-31', 1], // only the undated row has started
    ['2027-01-01', 2], // from its start day
    ['2027-03-15', 4], // the latest start, then the later written
    ['2027-04-01', 2], // row 4 ended on the 31st
    ['2027-06-30', 2], // the termination day counts
    ['2027-07-01', 1],
  ])('on %s row %d', (day, id) => {
    expect(defaultsInEffect(rows, day)?.id).toBe(id);
  });

  it('is undefined when none is in effect', () => {
    expect(defaultsInEffect(rows.slice(1), '2026-01-01')).toBeUndefined();
    expect(defaultsInEffect([], '2026-01-01')).toBeUndefined();
  });
});

describe('R-PRICE-4: whether the job’s quote prices the order', () => {
  const quote = {
    inactiveFlag: false,
    systemTypeId: 1,
    effectiveDate: '2027-01-01',
    expirationDate: '2027-12-31',
  };
  const order = { systemTypeId: 1, shipDate: '2027-05-01' };

  it('within its dates, active and of the system type', () => {
    expect(quotePricesOn(quote, order)).toBe(true);
    expect(quotePricesOn(quote, { ...order, shipDate: '2027-12-31' })).toBe(true);
    expect(quotePricesOn({ ...quote, effectiveDate: null, expirationDate: null }, order)).toBe(
      true,
    );
  });

  it('not before it takes effect, after it expires, inactive, or of another system type', () => {
    expect(quotePricesOn(quote, { ...order, shipDate: '2026-12-31' })).toBe(false);
    expect(quotePricesOn(quote, { ...order, shipDate: '2028-01-01' })).toBe(false);
    expect(quotePricesOn({ ...quote, inactiveFlag: true }, order)).toBe(false);
    expect(quotePricesOn(quote, { ...order, systemTypeId: 2 })).toBe(false);
  });
});

describe('R-PRICE-5: taxable lines', () => {
  const line = {
    productTaxable: true,
    quoteLineTaxable: null,
    customerNontaxable: false,
    jobNontaxable: false,
  };

  it('follows the quote line, else the product, and never a nontaxable customer or job', () => {
    expect(lineTaxable(line)).toBe(true);
    expect(lineTaxable({ ...line, productTaxable: false })).toBe(false);
    expect(lineTaxable({ ...line, quoteLineTaxable: false })).toBe(false);
    expect(lineTaxable({ ...line, productTaxable: false, quoteLineTaxable: true })).toBe(true);
    expect(lineTaxable({ ...line, customerNontaxable: true })).toBe(false);
    expect(lineTaxable({ ...line, jobNontaxable: true })).toBe(false);
  });
});

describe('R-PRICE-6, R-PRICE-7: amounts, tax and totals', () => {
  it('adds a schedule’s levels exactly, in percent', () => {
    expect(combinedTaxRate([5.75, 1.25, 1])).toBe(8);
    expect(combinedTaxRate([0.1, 0.2])).toBe(0.3); // not 0.30000000000000004
    expect(combinedTaxRate([])).toBe(0);
  });

  it.each([
    [2.5, 101.25, 253.13], // 253.125 half away from zero
    [8, 142.5, 1140],
    [0.333, 3, 1], // 0.999
    [1, null, 0],
    [-1.5, 10.01, -15.02], // a credit rounds away from zero too
  ])('%d at %d is %d', (quantity, price, amount) => {
    expect(lineAmount({ quantity, price })).toBe(amount);
  });

  it('taxes the taxable lines once, at the combined rate', () => {
    // 9 yd of 30 MPa at 142.50, a taxable fee of 25.00, an untaxed short load charge of 95.00,
    // in Franklin County (8%): tax = (1282.50 + 25.00) × 8% = 104.60.
    const totals = orderTotals(
      [
        { quantity: 9, price: 142.5, taxable: true },
        { quantity: 1, price: 25, taxable: true },
        { quantity: 1, price: 95, taxable: false },
        { quantity: 3, price: null, taxable: true },
      ],
      8,
    );
    expect(totals).toEqual({
      amounts: [1282.5, 25, 95, 0],
      subtotal: 1402.5,
      taxableSubtotal: 1307.5,
      taxRate: 8,
      tax: 104.6,
      total: 1507.1,
    });
  });

  it('rounds the tax half away from zero, and counts no schedule as no tax', () => {
    // 10.10 × 7.25% = 0.73225 -> 0.73; 10.30 × 7.25% = 0.74675 -> 0.75; 2.00 × 0.25% = 0.005 -> 0.01
    expect(orderTotals([{ quantity: 1, price: 10.1, taxable: true }], 7.25).tax).toBe(0.73);
    expect(orderTotals([{ quantity: 1, price: 10.3, taxable: true }], 7.25).tax).toBe(0.75);
    expect(orderTotals([{ quantity: 1, price: 2, taxable: true }], 0.25).tax).toBe(0.01);
    expect(orderTotals([{ quantity: 1, price: 2, taxable: true }], null)).toMatchObject({
      taxRate: 0,
      tax: 0,
      total: 2,
    });
  });
});

describe('R-PRICE-8: short load charges', () => {
  const row = (fields: Partial<ShortLoadType> & { id: number }): ShortLoadType => ({
    minimumQuantity: 4,
    charge: 95,
    systemTypeId: 1,
    plantId: null,
    inactiveFlag: false,
    ...fields,
  });
  const under4 = row({ id: 1 });
  const under6 = row({ id: 2, minimumQuantity: 6, charge: 65 });
  const northUnder5 = row({ id: 3, minimumQuantity: 5, charge: 80, plantId: 10 });
  const pitUnder10 = row({ id: 4, minimumQuantity: 10, charge: 45, systemTypeId: 2 });
  const none = row({ id: 5, minimumQuantity: 0, charge: 0 });
  const retired = row({ id: 6, minimumQuantity: 8, charge: 50, inactiveFlag: true });
  const rows = [under4, under6, northUnder5, pitUnder10, none, retired];
  const ids = (found: ShortLoadType[]) => found.map((found) => found.id);

  it('applies the order’s (the customer’s) type, else the plant’s rows, else every plant’s', () => {
    const order = { shortLoadTypeId: 2, systemTypeId: 1, plantId: 10 };
    expect(ids(applicableShortLoadTypes(rows, order))).toEqual([2]);
    expect(ids(applicableShortLoadTypes(rows, { ...order, shortLoadTypeId: null }))).toEqual([3]);
    expect(
      ids(applicableShortLoadTypes(rows, { ...order, shortLoadTypeId: null, plantId: 11 })),
    ).toEqual([1, 2, 5]);
    expect(
      ids(applicableShortLoadTypes(rows, { ...order, shortLoadTypeId: null, plantId: null })),
    ).toEqual([1, 2, 5]);
    // An inactive type applies to nothing: the fallbacks apply.
    expect(ids(applicableShortLoadTypes(rows, { ...order, shortLoadTypeId: 6 }))).toEqual([3]);
    expect(
      ids(applicableShortLoadTypes(rows, { shortLoadTypeId: null, systemTypeId: 2, plantId: 10 })),
    ).toEqual([4]);
    expect(
      applicableShortLoadTypes(rows, { shortLoadTypeId: null, systemTypeId: 3, plantId: null }),
    ).toEqual([]);
  });

  it.each([
    [3, 95, 1], // under 4 and under 6: the tightest band
    [4, 65, 2], // 4 is not below 4
    [5.999, 65, 2],
  ])('a load of %d draws %d', (quantity, charge, shortLoadTypeId) => {
    expect(shortLoadCharge(quantity, [under4, under6, none])).toEqual({
      charge,
      shortLoadTypeId,
    });
  });

  it('charges nothing at or over the minimum, or for a row without a charge', () => {
    expect(shortLoadCharge(6, [under4, under6, none])).toBeUndefined();
    expect(shortLoadCharge(0, [none])).toBeUndefined();
    expect(shortLoadCharge(2, [row({ id: 7, charge: null })])).toBeUndefined();
    expect(shortLoadCharge(2, [row({ id: 8, minimumQuantity: null })])).toBeUndefined();
  });

  it('leaves the first free short loads of the order free', () => {
    expect(shortLoadCharges([10, 3, 10, 5, 2], [under4, under6], 1)).toEqual([0, 0, 0, 65, 95]);
    expect(shortLoadCharges([3, 5], [under4, under6], 0)).toEqual([95, 65]);
  });
});

describe('R-PRICE-9: standby charges', () => {
  it('maps the standby charge types', () => {
    expect([1, 2, 3, 4, null, 99].map(standbyMethodOf)).toEqual([
      'perMinute',
      'perMinute',
      'perHour',
      'none',
      'none',
      'none',
    ]);
  });

  const load = { freeMinutesPerUnit: 5, price: 1.5, quantity: 8, minutesOnJob: 70 };

  it('charges the minutes beyond the free time', () => {
    // 8 yd × 5 free minutes = 40; 30 minutes over at 1.50 = 45.00.
    expect(standbyCharge({ ...load, method: 'perMinute' })).toBe(45);
    // A part minute is not charged: 30.5 over is 30.
    expect(standbyCharge({ ...load, method: 'perMinute', minutesOnJob: 70.5 })).toBe(45);
    // 30 minutes over is one hour begun at 90.00.
    expect(standbyCharge({ ...load, method: 'perHour', price: 90 })).toBe(90);
    expect(standbyCharge({ ...load, method: 'perHour', price: 90, minutesOnJob: 101 })).toBe(180);
  });

  it('charges nothing within the free time, without a price, or with no standby', () => {
    expect(standbyCharge({ ...load, method: 'perMinute', minutesOnJob: 40 })).toBe(0);
    expect(standbyCharge({ ...load, method: 'perMinute', price: null })).toBe(0);
    expect(standbyCharge({ ...load, method: 'none' })).toBe(0);
    expect(standbyCharge({ ...load, method: 'perMinute', freeMinutesPerUnit: null })).toBe(105);
  });
});
