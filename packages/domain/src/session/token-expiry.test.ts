import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formattedTokenExpiry, tokenExpiryDate } from './token-expiry';

describe('R-ENTITY-2: token expiry', () => {
  const now = new Date(2024, 4, 1, 10, 0, 0);

  it('adds the lifetime in seconds to now and formats the result', () => {
    expect(tokenExpiryDate(3600, now)).toEqual(new Date(2024, 4, 1, 11, 0, 0));
    expect(formattedTokenExpiry(86_399, now)).toBe('2024-05-02T09:59:59');
    expect(formattedTokenExpiry(0, now)).toBe('2024-05-01T10:00:00');
  });

  it('is never earlier than now', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 * 365 * 86_400 }), (seconds) => {
        expect(tokenExpiryDate(seconds, now).getTime() - now.getTime()).toBe(seconds * 1000);
      }),
    );
  });

  it('refuses a negative or non-finite lifetime', () => {
    expect(() => tokenExpiryDate(-1, now)).toThrow(RangeError);
    expect(() => tokenExpiryDate(Number.NaN, now)).toThrow(RangeError);
  });
});
