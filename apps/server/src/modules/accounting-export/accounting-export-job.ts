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
import { accountingInterfaceLabels } from '@dispatch/domain/settings/system-parameters';
import type { SystemTypeId } from '@dispatch/domain/system-types';
import { recordAudit } from '../../audit/audit-trail';
import type { Db, Tx } from '../../db/client';
import {
  accountingExportBatches,
  accountingExportInvoices,
} from '../../db/schema/accounting-export';
import { invoices } from '../../db/schema/billing';
import type { JobHandler } from '../../jobs/job-handler';
import { readSystemParameter } from '../settings/system-parameters.service';
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

/** "QuickBooks Desktop export, 2026-03-09" or "..., 2026-03-01 to 2026-03-31". */
export function exportTitle(params: Pick<AccountingExportJobParams, 'format' | 'from' | 'to'>) {
  const days = params.from === params.to ? params.from : `${params.from} to ${params.to}`;
  return `${accountingInterfaceLabels[params.format]} export, ${days}`;
}

/** The reasons an export stopped, the first few in full. */
function problemsMessage(reasons: readonly string[]): string {
  const shown = reasons.slice(0, 5).join(' ');
  const more = reasons.length > 5 ? ` (and ${reasons.length - 5} more)` : '';
  return `Nothing was exported. ${shown}${more}`;
}

/** "4 invoices", "3 invoices and 1 credit note". */
function countText(chosen: readonly { kind: 'invoice' | 'credit' }[]): string {
  const credits = chosen.filter((invoice) => invoice.kind === 'credit').length;
  const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;
  const parts = [
    chosen.length - credits > 0 ? plural(chosen.length - credits, 'invoice') : '',
    credits > 0 ? plural(credits, 'credit note') : '',
  ];
  return parts.filter(Boolean).join(' and ');
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
    await context.progress(5, 'Reading the invoices');
    const chosen = await readExportInvoices(context.db, range);
    if (chosen.length === 0) {
      throw new Error(
        `Nothing was exported: no invoice dated ${params.from === params.to ? params.from : `${params.from} to ${params.to}`} is left to export.`,
      );
    }
    const problems = exportProblems(chosen);
    if (problems.length > 0) throw new Error(problemsMessage(problems.map((p) => p.reason)));
    await context.progress(60, 'Writing the file');
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
      message: `${countText(chosen)} exported in batch ${batchId}.`,
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
          if (taken.length > 0) {
            throw new Error(
              `Invoices ${taken.map((row) => `${row.number} (batch ${row.batchId})`).join(', ')} were exported meanwhile.`,
            );
          }
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
