import { describe, expect, it } from 'vitest';
import {
  csvField,
  csvText,
  formatAmount,
  formatQuantity,
  iifText,
  qbName,
  shortUsDate,
  usDate,
  windows1252Bytes,
} from './export-text';

describe('R-ACCT-2: how the files spell values', () => {
  it('writes amounts with two decimals, no separators and no negative zero', () => {
    expect(formatAmount(1234.5)).toBe('1234.50');
    expect(formatAmount(-88.05)).toBe('-88.05');
    expect(formatAmount(0.1 + 0.2)).toBe('0.30');
    expect(formatAmount(-0)).toBe('0.00');
    expect(formatAmount(-0.004)).toBe('0.00');
    expect(formatAmount(1_000_000)).toBe('1000000.00');
  });

  it('writes quantities without trailing zeros, at most three decimals', () => {
    expect(formatQuantity(9.5)).toBe('9.5');
    expect(formatQuantity(-10)).toBe('-10');
    expect(formatQuantity(0.1254)).toBe('0.125');
    expect(formatQuantity(-0)).toBe('0');
  });

  it('writes US dates, long for QuickBooks and short for Sage 50', () => {
    expect(usDate('2026-03-09')).toBe('03/09/2026');
    expect(shortUsDate('2026-12-31')).toBe('12/31/26');
  });

  it('quotes CSV fields only when they need it, and ends every row with CRLF', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField(' padded')).toBe('" padded"');
    expect(
      csvText([
        ['a', 'b'],
        ['1', ''],
      ]),
    ).toBe('a,b\r\n1,\r\n');
  });

  it('keeps IIF fields on one row and QuickBooks names within their rules', () => {
    expect(iifText(' a\tb\r\nc; "d" ')).toBe("a b c, 'd'");
    expect(qbName('Acme: North Yard', 41)).toBe('Acme- North Yard');
    expect(qbName('x'.repeat(50), 41)).toHaveLength(41);
    // A colon in an account names a sub-account, so accounts keep it.
    expect(iifText('Income:Concrete')).toBe('Income:Concrete');
  });

  it('encodes Windows-1252 for the desktop packages, accents and smart quotes included', () => {
    expect([...windows1252Bytes('Año €5 “x” ő ﬁ 漢')]).toEqual([
      0x41, 0xf1, 0x6f, 0x20, 0x80, 0x35, 0x20, 0x93, 0x78, 0x94, 0x20, 0x6f, 0x20, 0x3f, 0x20,
      0x3f,
    ]);
  });
});
