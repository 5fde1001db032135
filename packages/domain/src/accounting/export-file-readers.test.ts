import { describe, expect, it } from 'vitest';
import { cents, readCsv, readCsvRecords, readIif } from './export-file-readers';

const headers = '!TRNS\tTRNSTYPE\tAMOUNT\tDOCNUM\r\n!SPL\tTRNSTYPE\tAMOUNT\r\n!ENDTRNS\r\n';

describe('the test readers refuse what an importer would (R-ACCT-10)', () => {
  it('reads amounts as cents, and nothing else', () => {
    expect(cents('-1234.50')).toBe(-123450);
    expect(cents('0.07')).toBe(7);
    expect(() => cents('12.5')).toThrow('two decimals');
  });

  it('reads a balanced IIF and refuses a broken one', () => {
    const good = `${headers}TRNS\tINVOICE\t10.00\t7\r\nSPL\tINVOICE\t-10.00\r\nENDTRNS\r\n`;
    expect(readIif(good).transactions[0]!.trns).toEqual({
      TRNSTYPE: 'INVOICE',
      AMOUNT: '10.00',
      DOCNUM: '7',
    });
    expect(() => readIif(good.slice(0, -2))).toThrow('CRLF');
    expect(() => readIif(`!SPL\r\n${good}`)).toThrow('headers');
    expect(() =>
      readIif(`${headers}TRNS\tINVOICE\t10.00\t7\r\nSPL\tINVOICE\t-9.99\r\nENDTRNS\r\n`),
    ).toThrow('Transaction 7 does not balance: off by 1 cents.');
    expect(() => readIif(`${headers}SPL\tINVOICE\t-1.00\r\n`)).toThrow('outside');
    expect(() => readIif(`${headers}TRNS\tINVOICE\t1.00\r\nTRNS\tINVOICE\t1.00\r\n`)).toThrow(
      'before the last',
    );
    expect(() => readIif(`${headers}TRNS\tINVOICE\t1.00\r\nENDTRNS\r\n`)).toThrow('without');
    expect(() => readIif(`${headers}TRNS\tINVOICE\t1.00\r\n`)).toThrow('no ENDTRNS');
    expect(() => readIif(`${headers}HDR\tx\r\n`)).toThrow('unknown row');
    expect(() => readIif(`${headers}TRNS\tA\tB\tC\tD\tE\r\n`)).toThrow('wider');
  });

  it('reads CSV with quoted fields and refuses a ragged or unterminated one', () => {
    expect(readCsv('a,"b,""c"""\r\n,\r\n')).toEqual([
      ['a', 'b,"c"'],
      ['', ''],
    ]);
    expect(readCsvRecords('x,y\r\n1,2\r\n')).toEqual([{ x: '1', y: '2' }]);
    expect(readCsvRecords('')).toEqual([]);
    expect(() => readCsv('a,b')).toThrow('CRLF');
    expect(() => readCsvRecords('x,y\r\n1\r\n')).toThrow('A row of 1 fields');
  });
});
