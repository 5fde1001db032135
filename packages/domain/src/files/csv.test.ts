import { describe, expect, it } from 'vitest';
import { csvCell, csvFile, csvText } from './csv';

describe('the CSV writer', () => {
  it('leads text a spreadsheet would run as a formula with an apostrophe', () => {
    for (const formula of [
      '=HYPERLINK("http://evil.test","Click")',
      "+cmd|' /C calc'!A0",
      "-2+3+cmd|' /C calc'!A0",
      '@SUM(1,2)',
      '\t=1+1',
      '\r=1+1',
    ]) {
      expect(csvCell(formula).replace(/^"/, '')).toMatch(/^'/);
    }
  });

  it('keeps numbers, negative ones too, and ordinary text as they are', () => {
    expect(csvCell(-12.5)).toBe('-12.5');
    expect(csvCell('-12.50')).toBe('-12.50');
    expect(csvCell('+3')).toBe('+3');
    expect(csvCell('1e-3')).toBe('1e-3');
    expect(csvCell('Ready-mix 4000 psi')).toBe('Ready-mix 4000 psi');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell(true)).toBe('1');
    expect(csvCell(false)).toBe('');
  });

  it('quotes commas, quotes and line breaks, and ends each line with CRLF', () => {
    expect(
      csvText([
        ['a,b', 'say "hi"', 'two\nlines'],
        [1, null],
      ]),
    ).toBe('"a,b","say ""hi""","two\nlines"\r\n1,\r\n');
    expect(csvCell('=1,2')).toBe('"\'=1,2"');
  });

  it('starts a file with a byte-order mark', () => {
    expect(csvFile([['Año']])).toBe('\uFEFFAño\r\n');
  });
});
