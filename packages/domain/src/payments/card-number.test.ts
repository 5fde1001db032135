import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  cardBrandNames,
  cardBrandOf,
  cardExpiryProblem,
  cardNumberProblem,
  formatCardExpiry,
  lastFour,
  luhnValid,
  maskedCardNumber,
  normaliseCardNumber,
  parseCardExpiry,
  securityValueProblem,
} from './card-number';

describe('card numbers (R-QSALE-5)', () => {
  it('checks the Luhn digit of the networks’ published test numbers', () => {
    for (const number of [
      '4242424242424242',
      '4000000000000002',
      '5555555555554444',
      '2223003122003222',
      '378282246310005',
      '6011111111111117',
      '79927398713',
    ]) {
      expect(luhnValid(number), number).toBe(true);
    }
    expect(luhnValid('4242424242424241')).toBe(false);
    expect(luhnValid('79927398710')).toBe(false);
    expect(luhnValid('')).toBe(false);
    expect(luhnValid('4242 4242')).toBe(false);
  });

  it('names the brand from the issuer prefix', () => {
    expect(cardBrandOf('4242424242424242')).toBe('visa');
    expect(cardBrandOf('5105105105105100')).toBe('mastercard');
    expect(cardBrandOf('2221000000000009')).toBe('mastercard');
    expect(cardBrandOf('2720990000000007')).toBe('mastercard');
    expect(cardBrandOf('2721000000000000')).toBe('unknown');
    expect(cardBrandOf('378282246310005')).toBe('amex');
    expect(cardBrandOf('340000000000009')).toBe('amex');
    expect(cardBrandOf('6011000990139424')).toBe('discover');
    expect(cardBrandOf('6445644564456445')).toBe('discover');
    expect(cardBrandOf('6500000000000002')).toBe('discover');
    expect(cardBrandOf('3530111333300000')).toBe('unknown');
    expect(cardBrandNames[cardBrandOf('378282246310005')]).toBe('American Express');
  });

  it('keeps only the last four digits for display', () => {
    const digits = normaliseCardNumber('4242 4242-4242 4242');
    expect(digits).toBe('4242424242424242');
    expect(lastFour(digits)).toBe('4242');
    expect(maskedCardNumber('5555555555554444')).toBe('•••• 4444');
  });

  it('says why a typed number cannot be charged', () => {
    expect(cardNumberProblem('4242 4242 4242 4242')).toBeNull();
    expect(cardNumberProblem('  ')).toBe('is required');
    expect(cardNumberProblem('4242x4242')).toBe('must hold digits only');
    expect(cardNumberProblem('42424242424')).toBe('must have 12 to 19 digits');
    expect(cardNumberProblem('42424242424242424242')).toBe('must have 12 to 19 digits');
    expect(cardNumberProblem('4242424242424241')).toMatch(/not a valid card number/);
  });

  it('reads the expiry as MM/YY or MM/YYYY; a card is good through its month', () => {
    expect(parseCardExpiry('04/27')).toEqual({ month: 4, year: 2027 });
    expect(parseCardExpiry('4/2027')).toEqual({ month: 4, year: 2027 });
    expect(parseCardExpiry('0427')).toEqual({ month: 4, year: 2027 });
    expect(parseCardExpiry('13/27')).toBeUndefined();
    expect(parseCardExpiry('00/27')).toBeUndefined();
    expect(parseCardExpiry('April')).toBeUndefined();
    expect(formatCardExpiry({ month: 4, year: 2027 })).toBe('04/27');
    const today = new Date(2026, 2, 31);
    expect(cardExpiryProblem('03/26', today)).toBeNull();
    expect(cardExpiryProblem('02/26', today)).toBe('has expired');
    expect(cardExpiryProblem('12/25', today)).toBe('has expired');
    expect(cardExpiryProblem('', today)).toBe('is required');
    expect(cardExpiryProblem('3-2x', today)).toMatch(/MM\/YY/);
  });

  it('wants three security digits, four on American Express', () => {
    expect(securityValueProblem('123', 'visa')).toBeNull();
    expect(securityValueProblem('1234', 'amex')).toBeNull();
    expect(securityValueProblem('123', 'amex')).toBe('must be 4 digits');
    expect(securityValueProblem('12a', 'mastercard')).toBe('must be 3 digits');
    expect(securityValueProblem('', 'visa')).toBe('is required');
  });
});

describe('the last four of a sensitive number', () => {
  it('keeps only the last four letters or digits', () => {
    expect(lastFour('4111 1111 1111 1234')).toBe('1234');
    expect(lastFour('123-45-6789')).toBe('6789');
    fc.assert(
      fc.property(fc.string(), (value) => {
        const kept = lastFour(value);
        expect(kept.length).toBeLessThanOrEqual(4);
        expect(kept).toMatch(/^[0-9A-Za-z]*$/);
      }),
    );
  });
});
