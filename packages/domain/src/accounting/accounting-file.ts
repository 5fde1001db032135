/**
 * R-ACCT-2, R-ACCT-6: one export's file: its name (the batch and the range in it, so a file found
 * later says where it came from), its type and its text. QuickBooks Desktop and Sage 50 read
 * Windows-1252 (windows1252Bytes); QuickBooks Online and the general-ledger file are UTF-8.
 */
import type { AccountingExportFormat } from './accounting-export-schemas';
import { writeGeneralLedgerCsv, writeQuickBooksOnlineCsv, writeSage50Csv } from './csv-writers';
import type { ExportAccounts, ExportInvoice } from './export-invoices';
import { writeIif } from './iif-writer';

type FormatSpec = {
  readonly slug: string;
  readonly extension: 'iif' | 'csv';
  readonly contentType: string;
  readonly write: (invoices: readonly ExportInvoice[], accounts: ExportAccounts) => string;
  readonly windows1252: boolean;
};

const formats: Readonly<Record<AccountingExportFormat, FormatSpec>> = {
  QuickBooksDesktop: {
    slug: 'quickbooks-desktop',
    extension: 'iif',
    contentType: 'text/plain; charset=windows-1252',
    write: writeIif,
    windows1252: true,
  },
  QuickBooksOnline: {
    slug: 'quickbooks-online',
    extension: 'csv',
    contentType: 'text/csv; charset=utf-8',
    write: (invoices) => writeQuickBooksOnlineCsv(invoices),
    windows1252: false,
  },
  Sage50: {
    slug: 'sage50-sales-journal',
    extension: 'csv',
    contentType: 'text/csv; charset=windows-1252',
    write: writeSage50Csv,
    windows1252: true,
  },
  GeneralLedger: {
    slug: 'general-ledger',
    extension: 'csv',
    contentType: 'text/csv; charset=utf-8',
    write: writeGeneralLedgerCsv,
    windows1252: false,
  },
};

/** "quickbooks-desktop-batch-57-2026-03-09.iif", "...-2026-03-01-to-2026-03-31.csv". */
export function accountingFileName(
  format: AccountingExportFormat,
  batchId: number,
  range: { from: string; to: string },
): string {
  const spec = formats[format];
  const days = range.from === range.to ? range.from : `${range.from}-to-${range.to}`;
  return `${spec.slug}-batch-${batchId}-${days}.${spec.extension}`;
}

export type AccountingFile = {
  name: string;
  contentType: string;
  text: string;
  /** Written as Windows-1252 (windows1252Bytes), else as UTF-8. */
  windows1252: boolean;
  /** Invoices and credit notes written. */
  recordCount: number;
};

export function accountingFile(options: {
  format: AccountingExportFormat;
  batchId: number;
  range: { from: string; to: string };
  invoices: readonly ExportInvoice[];
  accounts: ExportAccounts;
}): AccountingFile {
  const spec = formats[options.format];
  return {
    name: accountingFileName(options.format, options.batchId, options.range),
    contentType: spec.contentType,
    text: spec.write(options.invoices, options.accounts),
    windows1252: spec.windows1252,
    recordCount: options.invoices.length,
  };
}
