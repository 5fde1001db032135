/**
 * The accounting export job (R-ACCT-6..R-ACCT-10): reads the range's invoices, refuses them with
 * the reason when a line has no income account or an invoice does not add up, writes the file of
 * the chosen format, and, in the transaction that completes the job, records the batch with every
 * invoice it carried and sends `accountingExportComplete_v1` to the requester. A failure sends
 * `accountingExportFailed_v1` with the reason, and marks nothing: the batch exists only if the job
 * completed.
 */
import { inArray } from 'drizzle-orm';
import {
  accountingExportJobParamsSchema,
  type AccountingExportComplete,
  type AccountingExportFailed,
  type AccountingExportJobParams,
} from '@dispatch/domain/accounting/accounting-export-schemas';
import { accountingFile } from '@dispatch/domain/accounting/accounting-file';
import { exportProblems, type ExportAccounts } from '@dispatch/domain/accounting/export-invoices';
import { windows1252Bytes } from '@dispatch/domain/accounting/export-text';
import { addMoney } from '@dispatch/domain/invoicing/invoice-arithmetic';
import type { SystemTypeId } from '@dispatch/domain/system-types';
import { recordAudit } from '../../audit/audit-trail';
import type { Db, Tx } from '../../db/client';
import {
  accountingExportBatches,
  accountingExportInvoices,
} from '../../db/schema/accounting-export';
import { invoices } from '../../db/schema/billing';
import type { JobHandler } from '../../jobs/job-handler';
import type { JobLanguage } from '../../jobs/job-language';
import { readSystemParameter } from '../settings/system-parameters.service';
import { accountingExportTexts, type ExportTexts } from './accounting-export-texts';
import { alreadyExported, readExportInvoices } from './export-selection.service';

/** What the audit trail calls an export batch (R-ACCT-12). */
export const batchAuditResource = 'accountingExports';

/** R-ACCT-3: the accounts every invoice posts to, from the system parameters. */
export async function readExportAccounts(db: Db | Tx): Promise<ExportAccounts> {
  return {
    receivable: await readSystemParameter(db, 'accountingReceivableAccount'),
    salesTax: await readSystemParameter(db, 'accountingSalesTaxAccount'),
    salesTaxItem: await readSystemParameter(db, 'accountingSalesTaxItem'),
  };
}

/**
 * "QuickBooks Desktop export, 2026-03-09" or "..., 2026-03-01 to 2026-03-31", in the language of
 * whoever asks for it ("Exportación a QuickBooks Desktop, 2026-03-09").
 */
export function exportTitle(
  params: Pick<AccountingExportJobParams, 'format' | 'from' | 'to'>,
  language: JobLanguage,
) {
  return accountingExportTexts[language].title(params.format, params);
}

/** The reasons an export stopped, the first few in full. */
function problemsMessage(reasons: readonly string[], texts: ExportTexts): string {
  return texts.nothingExported(reasons.slice(0, 5).join(' '), Math.max(0, reasons.length - 5));
}

/** How many invoices and credit notes were chosen. */
function countsOf(chosen: readonly { kind: 'invoice' | 'credit' }[]) {
  const credits = chosen.filter((invoice) => invoice.kind === 'credit').length;
  return { invoices: chosen.length - credits, credits };
}

export const accountingExportJob: JobHandler<AccountingExportJobParams> = {
  kind: 'accountingExport',
  params: accountingExportJobParamsSchema,
  // A failure is its data's (a missing account): running it again would fail the same way, and the
  // user can run it again from the screen once the data is fixed.
  retryLimit: 0,
  expireInSeconds: 15 * 60,
  async run(context, params) {
    const batchId = context.job.id;
    const range = {
      from: params.from,
      to: params.to,
      systemTypeIds: params.systemTypeIds as SystemTypeId[],
      includeExported: params.includeExported,
    };
    const texts = accountingExportTexts[context.job.language];
    await context.progress(5, texts.reading);
    const chosen = await readExportInvoices(context.db, range);
    if (chosen.length === 0) throw new Error(texts.nothingLeft(params));
    const reasons = exportProblems(chosen).map((problem) => problem.reason);
    if (reasons.length > 0) throw new Error(problemsMessage(reasons, texts));
    await context.progress(60, texts.writing);
    const file = accountingFile({
      format: params.format,
      batchId,
      range,
      invoices: chosen,
      accounts: await readExportAccounts(context.db),
    });
    const invoiceIds = chosen.map((invoice) => invoice.id);
    const totalAmount = addMoney(...chosen.map((invoice) => invoice.total));
    const complete: AccountingExportComplete = {
      exportId: batchId,
      fileName: file.name,
      recordCount: file.recordCount,
    };
    return {
      message: texts.exported(countsOf(chosen), batchId),
      files: [
        {
          name: file.name,
          contentType: file.contentType,
          content: file.windows1252
            ? Buffer.from(windows1252Bytes(file.text))
            : Buffer.from(file.text, 'utf8'),
        },
      ],
      result: { ...complete, batchId, format: params.format, totalAmount },
      async commit(tx, job) {
        // R-ACCT-4: the invoices are locked, so two exports that overlap commit one after the
        // other, and the second finds the first's batch unless it was asked to export again.
        await tx
          .select({ id: invoices.id })
          .from(invoices)
          .where(inArray(invoices.id, invoiceIds))
          .for('update');
        if (!params.includeExported) {
          const taken = await alreadyExported(tx, invoiceIds);
          if (taken.length > 0) throw new Error(texts.exportedMeanwhile(taken));
        }
        const [batch] = await tx
          .insert(accountingExportBatches)
          .values({
            id: batchId,
            format: params.format,
            fromDate: params.from,
            toDate: params.to,
            recordCount: file.recordCount,
            totalAmount,
            fileName: file.name,
            includedExported: params.includeExported,
            createdAt: new Date(job.finishedAt ?? context.now().toISOString()),
            createdBy: context.job.requestedByUserId,
            createdByName: context.job.requestedBy,
          })
          .returning();
        await tx
          .insert(accountingExportInvoices)
          .values(invoiceIds.map((invoiceId) => ({ batchId, invoiceId })));
        await recordAudit(tx, {
          username: context.job.requestedBy,
          at: batch!.createdAt,
          resource: batchAuditResource,
          recordId: batchId,
          action: 'exported',
          before: null,
          after: { ...batch, invoiceNumbers: chosen.map((invoice) => invoice.number) },
        });
      },
      events: () => [{ name: 'accountingExportComplete_v1', data: complete, ids: [batchId] }],
    };
  },
  failedEvents(job) {
    const failed: AccountingExportFailed = {
      exportId: job.id,
      message: job.message ?? 'The accounting export failed.',
    };
    return [{ name: 'accountingExportFailed_v1', data: failed, ids: [job.id] }];
  },
};
