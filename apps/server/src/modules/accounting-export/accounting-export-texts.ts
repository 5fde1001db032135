/**
 * What the accounting export job tells its owner, in their language (issue 25, item 4): its title,
 * its steps, what it exported and why it exported nothing. English is as the job has always
 * written it; the problems of an invoice (`exportProblems`) are the domain's, and stay English.
 */
import type { AccountingExportJobParams } from '@dispatch/domain/accounting/accounting-export-schemas';
import { accountingInterfaceLabels } from '@dispatch/domain/settings/system-parameters';
import { counted } from '@dispatch/domain/users/user-language';
import type { JobLanguage } from '../../jobs/job-language';

type Range = Pick<AccountingExportJobParams, 'from' | 'to'>;
type Format = AccountingExportJobParams['format'];
type Counts = { invoices: number; credits: number };

export type ExportTexts = {
  title(format: Format, range: Range): string;
  reading: string;
  writing: string;
  exported(counts: Counts, batchId: number): string;
  nothingLeft(range: Range): string;
  nothingExported(reasons: string, more: number): string;
  exportedMeanwhile(taken: readonly { number: number; batchId: number }[]): string;
};

/** "2026-03-09", or "2026-03-01 to 2026-03-31" ("... a ..." in Spanish). */
const days = (range: Range, to: string) =>
  range.from === range.to ? range.from : `${range.from} ${to} ${range.to}`;

const en: ExportTexts = {
  title: (format, range) => `${accountingInterfaceLabels[format]} export, ${days(range, 'to')}`,
  reading: 'Reading the invoices',
  writing: 'Writing the file',
  exported: ({ invoices, credits }, batchId) => {
    const parts = [
      invoices > 0 ? counted(invoices, ['invoice', 'invoices']) : '',
      credits > 0 ? counted(credits, ['credit note', 'credit notes']) : '',
    ];
    return `${parts.filter(Boolean).join(' and ')} exported in batch ${batchId}.`;
  },
  nothingLeft: (range) =>
    `Nothing was exported: no invoice dated ${days(range, 'to')} is left to export.`,
  nothingExported: (reasons, more) =>
    `Nothing was exported. ${reasons}${more > 0 ? ` (and ${more} more)` : ''}`,
  exportedMeanwhile: (taken) =>
    `Invoices ${taken.map((row) => `${row.number} (batch ${row.batchId})`).join(', ')} were exported meanwhile.`,
};

/** The formats as the Spanish screens name them (brand names stay as they are). */
const formatsEs: Record<Format, string> = {
  ...accountingInterfaceLabels,
  GeneralLedger: 'archivo de mayor general',
};

const es: ExportTexts = {
  title: (format, range) => `Exportación a ${formatsEs[format]}, ${days(range, 'a')}`,
  reading: 'Leyendo las facturas',
  writing: 'Escribiendo el archivo',
  exported: ({ invoices, credits }, batchId) => {
    const parts = [
      invoices > 0 ? counted(invoices, ['factura', 'facturas']) : '',
      credits > 0 ? counted(credits, ['nota de crédito', 'notas de crédito']) : '',
    ];
    // Factura and nota are both feminine: one document "exportada", more "exportadas".
    const verb = invoices + credits === 1 ? 'exportada' : 'exportadas';
    return `${parts.filter(Boolean).join(' y ')} ${verb} en el lote ${batchId}.`;
  },
  nothingLeft: (range) =>
    `No se exportó nada: no queda ninguna factura con fecha ${days(range, 'a')} por exportar.`,
  nothingExported: (reasons, more) =>
    `No se exportó nada. ${reasons}${more > 0 ? ` (y ${more} más)` : ''}`,
  exportedMeanwhile: (taken) =>
    `Las facturas ${taken.map((row) => `${row.number} (lote ${row.batchId})`).join(', ')} se exportaron mientras tanto.`,
};

export const accountingExportTexts: Record<JobLanguage, ExportTexts> = { en, es };
