import { describe, expect, it } from 'vitest';
import { accountingFile, accountingFileName } from './accounting-file';
import {
  accountingExportBodySchema,
  accountingExportFormats,
  accountingExportPreviewQuerySchema,
  undoAccountingExportBodySchema,
} from './accounting-export-schemas';
import { accounts, creditNote, invoice } from './export-fixtures';
import { readCsvRecords, readIif } from './export-file-readers';

describe('R-ACCT-2: one file per export, named after its batch and range', () => {
  it('offers the four packages of accountingInterface', () => {
    expect(accountingExportFormats).toEqual([
      'QuickBooksDesktop',
      'QuickBooksOnline',
      'Sage50',
      'GeneralLedger',
    ]);
  });

  it('names the file by format, batch and days', () => {
    const day = { from: '2026-03-09', to: '2026-03-09' };
    expect(accountingFileName('QuickBooksDesktop', 57, day)).toBe(
      'quickbooks-desktop-batch-57-2026-03-09.iif',
    );
    expect(accountingFileName('GeneralLedger', 3, { from: '2026-03-01', to: '2026-03-31' })).toBe(
      'general-ledger-batch-3-2026-03-01-to-2026-03-31.csv',
    );
  });

  it('writes the desktop packages in Windows-1252 and the others in UTF-8', () => {
    const customer = invoice({ customerName: 'Hormigón Peña' });
    const make = (format: (typeof accountingExportFormats)[number]) =>
      accountingFile({
        format,
        batchId: 9,
        range: { from: '2026-03-09', to: '2026-03-10' },
        invoices: [customer, creditNote()],
        accounts,
      });
    const iif = make('QuickBooksDesktop');
    expect(iif).toMatchObject({
      name: 'quickbooks-desktop-batch-9-2026-03-09-to-2026-03-10.iif',
      contentType: 'text/plain; charset=windows-1252',
      recordCount: 2,
    });
    expect(iif.windows1252).toBe(true);
    expect(readIif(iif.text).transactions[0]!.trns.NAME).toBe('Hormigón Peña');

    const sage = make('Sage50');
    expect(sage).toMatchObject({
      contentType: 'text/csv; charset=windows-1252',
      windows1252: true,
    });
    expect(readCsvRecords(sage.text)).toHaveLength(6);

    for (const format of ['QuickBooksOnline', 'GeneralLedger'] as const) {
      const file = make(format);
      expect(file).toMatchObject({ contentType: 'text/csv; charset=utf-8', windows1252: false });
      expect(file.text).toContain('Hormigón Peña');
    }
  });
});

describe('R-ACCT-1: the export request', () => {
  it('takes a range of at most a year, a format and the include-exported choice', () => {
    expect(
      accountingExportBodySchema.parse({
        from: '2026-03-01',
        to: '2026-03-31',
        format: 'Sage50',
      }),
    ).toEqual({ from: '2026-03-01', to: '2026-03-31', format: 'Sage50', includeExported: false });
    const problems = (value: unknown) =>
      accountingExportBodySchema
        .safeParse(value)
        .error?.issues.map((issue) => [issue.path.join('.'), issue.message]);
    expect(problems({ from: '2026-03-02', to: '2026-03-01', format: 'Sage50' })).toEqual([
      ['to', 'must not be before from'],
    ]);
    expect(problems({ from: '2025-01-01', to: '2026-01-02', format: 'Sage50' })).toEqual([
      ['to', 'must be within 366 days of from'],
    ]);
    expect(problems({ from: '2026-03-01', to: '2026-03-01', format: 'Excel' })).toEqual([
      ['format', 'must be one of QuickBooksDesktop, QuickBooksOnline, Sage50, GeneralLedger'],
    ]);
    expect(
      accountingExportPreviewQuerySchema.parse({
        from: '2026-03-01',
        to: '2026-03-01',
        includeExported: 'true',
      }).includeExported,
    ).toBe(true);
    expect(undoAccountingExportBodySchema.safeParse({ reason: ' ', version: 1 }).success).toBe(
      false,
    );
  });
});
