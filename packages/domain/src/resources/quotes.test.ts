import { describe, expect, it } from 'vitest';
import { recordProblems } from './define';
import { isQuoteCurrent, quoteResource } from './quotes';

describe('the quote definition', () => {
  it('refuses an expiration before the quote date or the effective date', () => {
    const quote = { quoteDate: '2026-03-01', effectiveDate: '2026-03-10' };
    expect(recordProblems(quoteResource, { ...quote, expirationDate: '2026-03-10' })).toEqual([]);
    expect(recordProblems(quoteResource, { ...quote, expirationDate: null })).toEqual([]);
    expect(recordProblems(quoteResource, { ...quote, expirationDate: '2026-02-28' })).toEqual([
      { field: 'expirationDate', reason: 'must not be before the quote date' },
    ]);
    expect(recordProblems(quoteResource, { ...quote, expirationDate: '2026-03-05' })).toEqual([
      { field: 'expirationDate', reason: 'must not be before the effective date' },
    ]);
  });

  it('tells a current quote: active, in effect and not expired on the day', () => {
    const quote = {
      effectiveDate: '2026-03-01',
      expirationDate: '2026-03-31',
      inactiveFlag: false,
    };
    expect(isQuoteCurrent(quote, '2026-03-01')).toBe(true);
    expect(isQuoteCurrent(quote, '2026-03-31')).toBe(true);
    expect(isQuoteCurrent(quote, '2026-02-28')).toBe(false);
    expect(isQuoteCurrent(quote, '2026-04-01')).toBe(false);
    expect(isQuoteCurrent({ ...quote, inactiveFlag: true }, '2026-03-15')).toBe(false);
    expect(isQuoteCurrent({ effectiveDate: null, expirationDate: null }, '2030-01-01')).toBe(true);
  });

  it('wants a product on every new line', () => {
    expect(
      recordProblems(quoteResource, {
        quoteDate: '2026-03-01',
        products: [{ id: 4, price: 2 }, { productId: 9 }, { quantity: 1 }],
      }),
    ).toEqual([{ field: 'products.2.productId', reason: 'is required' }]);
  });
});
