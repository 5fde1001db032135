import { describe, expect, it } from 'vitest';
import {
  escalatedPrice,
  escalationRequestSchema,
  escalationTotals,
  highestPrice,
} from './price-escalation';

/** R-ESC-4: worked examples, as an office clerk would check them by hand. */
describe('escalatedPrice', () => {
  it.each([
    // before, method, amount, after
    [100, 'percent', 5, 105],
    [125.5, 'percent', 3, 129.27], // 129.265 rounds half up
    [10.05, 'percent', 10, 11.06], // 11.055: a double makes it 11.054999…
    [1.15, 'percent', 50, 1.73], // 1.725
    [99.99, 'percent', 2.5, 102.49], // 102.48975
    [80, 'percent', -12.5, 70],
    [0.01, 'percent', -50, 0.01], // 0.005 rounds half away from zero
    [33.33, 'percent', -100, 0],
    [100, 'percent', 0.0001, 100],
    [118.5, 'amount', 4.25, 122.75],
    [0.1, 'amount', 0.2, 0.3],
    [12, 'amount', -2.5, 9.5],
    [3, 'amount', -5, 0], // never below zero
    [0, 'percent', 10, 0],
  ] as const)('%d by %s %d is %d', (before, method, amount, after) => {
    expect(escalatedPrice(before, method, amount)).toBe(after);
  });

  it('stops at the highest price the database holds', () => {
    expect(escalatedPrice(highestPrice, 'amount', 10)).toBe(highestPrice);
  });
});

describe('escalationRequestSchema', () => {
  const valid = {
    kind: 'product',
    method: 'percent',
    amount: 3,
    effectiveDate: '2027-01-01',
  };

  it('fills an empty selection and description, and drops repeated ids', () => {
    const parsed = escalationRequestSchema.parse({
      ...valid,
      selection: { productIds: [4, 4, 5], systemTypeIds: [1, 1] },
    });
    expect(parsed.selection).toEqual({
      systemTypeIds: [1],
      productTypeIds: [],
      productIds: [4, 5],
      plantIds: [],
      customerIds: [],
      quoteIds: [],
    });
    expect(parsed.description).toBe('');
  });

  const problems = (input: unknown) => {
    const result = escalationRequestSchema.safeParse(input);
    return result.success
      ? []
      : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
  };

  it.each([
    [{ ...valid, amount: 0 }, 'amount: must not be zero'],
    [{ ...valid, amount: -101 }, 'amount: must be a percent from -100 to 1000'],
    [{ ...valid, amount: 1.23456 }, 'amount: must have at most 4 decimals'],
    [{ ...valid, method: 'amount', amount: 1.234 }, 'amount: must have at most 2 decimals'],
    [
      { ...valid, method: 'amount', amount: 2_000_000 },
      'amount: must be an amount from -1000000 to 1000000',
    ],
    [{ ...valid, amount: 1e-7 }, 'amount: must have at most 4 decimals'],
    [{ ...valid, method: 'double' }, 'method: must be percent or amount'],
    [{ ...valid, kind: 'order' }, 'kind: must be product or quote'],
    [{ ...valid, effectiveDate: '2027-02-30' }, 'effectiveDate: must be a real date as YYYY-MM-DD'],
    [{ ...valid, effectiveDate: 20270101 }, 'effectiveDate: must be a date as YYYY-MM-DD'],
    [
      { ...valid, selection: { customerIds: [3] } },
      'selection.customerIds: selects quote lines: only a quote escalation takes it',
    ],
    [{ ...valid, selection: { plantIds: [0] } }, 'selection.plantIds.0: must be an id'],
    [{ ...valid, selection: { systemTypeIds: [4] } }, 'selection.systemTypeIds.0'],
  ])('refuses %j naming the field', (input, expected) => {
    expect(problems(input).join('\n')).toContain(expected);
  });

  it('takes customers and quotes for a quote escalation', () => {
    expect(
      problems({ ...valid, kind: 'quote', selection: { customerIds: [3], quoteIds: [9] } }),
    ).toEqual([]);
  });
});

describe('escalationTotals', () => {
  it('counts and adds in cents', () => {
    expect(
      escalationTotals([
        { priceBefore: 0.1, priceAfter: 0.2 },
        { priceBefore: 0.2, priceAfter: 0.1 },
        { priceBefore: 5, priceAfter: 5 },
        { priceBefore: 0.1, priceAfter: 0.2 },
      ]),
    ).toEqual({
      count: 4,
      raised: 2,
      lowered: 1,
      unchanged: 1,
      totalBefore: 5.4,
      totalAfter: 5.5,
    });
  });
});
