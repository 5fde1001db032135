import { describe, expect, it } from 'vitest';
import { formatValue, isNumericKind } from './grid-format';

// The grid formats in the browser's locale; the expectations use the same Intl formats.
const money = new Intl.NumberFormat(undefined, {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
const decimal = new Intl.NumberFormat(undefined, { maximumFractionDigits: 3 });
const shortDate = new Intl.DateTimeFormat(undefined, { dateStyle: 'short' });

describe('formatValue', () => {
  it('shows money with 2 decimals and decimals with up to 3', () => {
    expect(formatValue('money', 1234.5)).toBe(money.format(1234.5));
    expect(formatValue('money', 0)).toBe(money.format(0));
    expect(formatValue('decimal', 2.34567)).toBe(decimal.format(2.346));
    expect(formatValue('decimal', 8)).toBe(decimal.format(8));
    expect(formatValue('money', '12.3')).toBe(money.format(12.3));
  });

  it('shows whole numbers and coordinates without grouping', () => {
    expect(formatValue('integer', 12040)).toBe('12040');
    expect(formatValue('latitude', 29.7604267)).toMatch(/^29[.,]760427$/);
    expect(formatValue('longitude', -95.3698)).toMatch(/^-95[.,]3698$/);
  });

  it('shows a day as the short local date, and the legacy 1899 day as nothing', () => {
    expect(formatValue('date', '2024-03-05')).toBe(shortDate.format(new Date(2024, 2, 5)));
    expect(formatValue('date', '2024-03-05T23:30:00')).toBe(shortDate.format(new Date(2024, 2, 5)));
    expect(formatValue('date', '1899-12-30')).toBe('');
    expect(formatValue('date', 'soon')).toBe('soon');
  });

  it('shows a time as HH:mm', () => {
    expect(formatValue('time', '07:45')).toBe('07:45');
    expect(formatValue('time', '07:45:30')).toBe('07:45');
    expect(formatValue('time', '2024-03-05T18:05:00')).toBe('18:05');
  });

  it('shows texts on one line and e-mail lists spaced', () => {
    expect(formatValue('multiline', 'Gate 4\nAsk for Joe')).toBe('Gate 4 Ask for Joe');
    expect(formatValue('emailList', 'a@x.com,b@y.com')).toBe('a@x.com, b@y.com');
    expect(formatValue('color', '#00678a')).toBe('#00678A');
    expect(formatValue('text', 42)).toBe('42');
  });

  it('shows nothing for no value', () => {
    for (const kind of ['text', 'money', 'date', 'time', 'flag', 'reference'] as const) {
      expect(formatValue(kind, null)).toBe('');
      expect(formatValue(kind, undefined)).toBe('');
    }
    expect(formatValue('money', '')).toBe('');
  });
});

describe('isNumericKind', () => {
  it('right-aligns numbers only', () => {
    expect(
      ['integer', 'decimal', 'money', 'latitude', 'longitude'].every((kind) =>
        isNumericKind(kind as never),
      ),
    ).toBe(true);
    expect(isNumericKind('text')).toBe(false);
    expect(isNumericKind('reference')).toBe(false);
  });
});
