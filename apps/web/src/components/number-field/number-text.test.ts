/** R-INPUT-1: what a number field reads from typed text, from worked examples. */
import { describe, expect, it } from 'vitest';
import {
  numberOfText,
  numberTextProblem,
  numericString,
  withoutAffixes,
  type NumberTextOptions,
} from './number-text';

const plain: NumberTextOptions = {
  allowDecimal: true,
  decimalScale: 3,
  allowNegative: false,
  decimalSeparator: '.',
  allowedDecimalSeparators: ['.', ','],
  thousandSeparator: undefined,
  prefix: '',
  suffix: '',
};

describe('numberTextProblem (R-INPUT-1)', () => {
  it('takes digits, one decimal point within the scale, and nothing else', () => {
    expect(numberTextProblem('5000', plain)).toBeNull();
    expect(numberTextProblem('12.375', plain)).toBeNull();
    expect(numberTextProblem('12,5', plain)).toBeNull();
    expect(numberTextProblem('', plain)).toBeNull();
    expect(numberTextProblem('5O000', plain)).toEqual({ kind: 'digitsOnly' });
    expect(numberTextProblem('1.2.3', plain)).toEqual({ kind: 'digitsOnly' });
    expect(numberTextProblem('-4', plain)).toEqual({ kind: 'digitsOnly' });
    expect(numberTextProblem('12.3754', plain)).toEqual({ kind: 'decimals', max: 3 });
  });

  it('takes a leading minus only where negative numbers are allowed', () => {
    const signed = { ...plain, allowNegative: true };
    expect(numberTextProblem('-4', signed)).toBeNull();
    expect(numberTextProblem('4-', signed)).toEqual({ kind: 'digitsOnly' });
  });

  it('refuses a decimal point where only whole numbers are taken', () => {
    expect(numberTextProblem('2.5', { ...plain, decimalScale: 0 })).toEqual({
      kind: 'wholeNumber',
    });
    expect(numberTextProblem('2.5', { ...plain, allowDecimal: false })).toEqual({
      kind: 'wholeNumber',
    });
  });

  it('passes over the thousands separator, even where it is a point', () => {
    expect(numberTextProblem('12,500.5', { ...plain, thousandSeparator: ',' })).toBeNull();
    const european = {
      ...plain,
      decimalSeparator: ',',
      thousandSeparator: '.',
      allowedDecimalSeparators: [','],
    };
    expect(numberTextProblem('12.500,5', european)).toBeNull();
    expect(numberOfText('12.500,5', european)).toBe(12500.5);
  });
});

describe('numberOfText and numericString (R-INPUT-1)', () => {
  it('read a decimal typed so far as the number it is', () => {
    expect(numberOfText('2.', plain)).toBe(2);
    expect(numberOfText('1,50', plain)).toBe(1.5);
    expect(numberOfText('', plain)).toBe('');
    expect(numberOfText('.', plain)).toBe('');
    expect(numberOfText('abc', plain)).toBe('');
    expect(numericString('2,', plain)).toBe('2.');
    expect(numericString('x', plain)).toBe('');
  });
});

describe('withoutAffixes (R-INPUT-1)', () => {
  it('takes the prefix and suffix off, counting what came before the caret', () => {
    expect(withoutAffixes('$12x', { prefix: '$', suffix: '' })).toEqual({ text: '12x', offset: 1 });
    expect(withoutAffixes('20x min', { prefix: '', suffix: ' min' })).toEqual({
      text: '20x',
      offset: 0,
    });
    expect(withoutAffixes('20 minx', { prefix: '', suffix: ' min' })).toEqual({
      text: '20x',
      offset: 0,
    });
    expect(withoutAffixes('x$12', { prefix: '$', suffix: '' })).toEqual({ text: 'x12', offset: 0 });
  });
});
