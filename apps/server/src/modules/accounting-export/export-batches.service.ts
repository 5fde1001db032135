/**
 * The history of accounting exports (R-ACCT-11, R-ACCT-12): every batch, newest first, with who
 * made it, when, in which format, for which range, how many invoices, and its file again; one
 * batch with its invoices; and the undo of a batch, which frees its invoices for another export and
 * is audited. A batch's file is its job's.
 */
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import {
  accountingExportFileUrl,
  type AccountingExportBatch,
  type AccountingExportBatchDetail,
  type AccountingExportFormat,
} from '@dispatch/domain/accounting/accounting-export-schemas';
import { recordAudit } from '../../audit/audit-trail';
import type { Db, Tx } from '../../db/client';
import {
  accountingExportBatches,
  accountingExportInvoices,
} from '../../db/schema/accounting-export';
import { backgroundJobFiles } from '../../db/schema/background-jobs';
import { invoices } from '../../db/schema/billing';
import { ApiError, notFound } from '../../http/api-error';
import { countAll } from '../../db/paging';
import { batchAuditResource } from './accounting-export-job';

type BatchRow = typeof accountingExportBatches.$inferSelect;

function toBatch(row: BatchRow): AccountingExportBatch {
  return {
    id: row.id,
    format: row.format as AccountingExportFormat,
    from: row.fromDate,
    to: row.toDate,
    recordCount: row.recordCount,
    totalAmount: row.totalAmount,
    fileName: row.fileName,
    fileUrl: accountingExportFileUrl(row.id, row.fileName),
    includedExported: row.includedExported,
    createdAt: row.createdAt.toISOString(),
    createdBy: row.createdByName,
    undoneAt: row.undoneAt?.toISOString() ?? null,
    undoneBy: row.undoneBy,
    undoReason: row.undoReason,
    version: row.version,
  };
}

export async function listBatches(
  db: Db,
  page: { limit: number; offset: number },
): Promise<{ rows: AccountingExportBatch[]; count: number }> {
  const rows = await db
    .select()
    .from(accountingExportBatches)
    .orderBy(desc(accountingExportBatches.id))
    .limit(page.limit)
    .offset(page.offset);
  const [counted] = await db.select({ n: countAll() }).from(accountingExportBatches);
  return { rows: rows.map(toBatch), count: Number(counted?.n ?? 0) };
}

export async function getBatch(
  db: Db | Tx,
  id: number,
): Promise<AccountingExportBatchDetail | undefined> {
  const [row] = await db
    .select()
    .from(accountingExportBatches)
    .where(eq(accountingExportBatches.id, id));
  if (!row) return undefined;
  const carried = await db
    .select({
      id: invoices.id,
      number: invoices.number,
      creditsInvoiceId: invoices.creditsInvoiceId,
      customerName: invoices.customerName,
      invoiceDate: invoices.invoiceDate,
      totalAmount: invoices.total,
    })
    .from(accountingExportInvoices)
    .innerJoin(invoices, eq(invoices.id, accountingExportInvoices.invoiceId))
    .where(eq(accountingExportInvoices.batchId, id))
    .orderBy(asc(invoices.number));
  return {
    ...toBatch(row),
    invoices: carried.map(({ creditsInvoiceId, ...invoice }) => ({
      ...invoice,
      kind: creditsInvoiceId === null ? 'invoice' : 'credit',
    })),
  };
}

/** The batch's file, as its job kept it. */
export async function readBatchFile(
  db: Db,
  id: number,
): Promise<{ name: string; contentType: string; content: Buffer } | undefined> {
  const [file] = await db
    .select({
      name: backgroundJobFiles.name,
      contentType: backgroundJobFiles.contentType,
      content: backgroundJobFiles.content,
    })
    .from(accountingExportBatches)
    .innerJoin(
      backgroundJobFiles,
      and(
        eq(backgroundJobFiles.jobId, accountingExportBatches.id),
        eq(backgroundJobFiles.name, accountingExportBatches.fileName),
      ),
    )
    .where(eq(accountingExportBatches.id, id));
  return file;
}

/**
 * R-ACCT-12: undo a batch: its invoices count as not exported again, so the next export of their
 * range carries them. The batch stays in the history, marked undone by whom, when and why; the
 * audit trail keeps the change. Undoing twice, or a batch changed meanwhile, is refused (409).
 */
export async function undoBatch(
  db: Db,
  request: { id: number; reason: string; version: number },
  by: { username: string; now: Date },
): Promise<AccountingExportBatch> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(accountingExportBatches)
      .where(eq(accountingExportBatches.id, request.id))
      .for('update');
    if (!current) throw notFound(`Export batch ${request.id}`);
    if (current.undoneAt !== null) {
      throw new ApiError(
        'conflict',
        `Batch ${current.id} was undone already by ${current.undoneBy ?? 'someone'}.`,
        { code: 'batch_undone' },
      );
    }
    if (current.version !== request.version) {
      throw new ApiError('conflict', `Batch ${current.id} was changed meanwhile. Reload it.`, {
        code: 'version_conflict',
      });
    }
    const [undone] = await tx
      .update(accountingExportBatches)
      .set({
        undoneAt: by.now,
        undoneBy: by.username,
        undoReason: request.reason,
        version: sql`${accountingExportBatches.version} + 1`,
      })
      .where(eq(accountingExportBatches.id, request.id))
      .returning();
    await recordAudit(tx, {
      username: by.username,
      at: by.now,
      resource: batchAuditResource,
      recordId: request.id,
      action: 'undone',
      before: toBatch(current),
      after: toBatch(undone!),
    });
    return toBatch(undone!);
  });
}
