/**
 * The accounting export's API contract (R-ACCT-1..R-ACCT-14): the formats, the preview, the export
 * request, the batches of the history and an undo. Money fields carry R-PERM-6's price field names
 * (extendedPrice, taxAmount, totalAmount), so answers to levels that hide prices lose them, and are
 * optional here for that reason.
 */
import { z } from 'zod';
import { int4Max } from '../api/fields';
import { calendarDaySchema } from '../dates/calendar-day';
import { accountingInterfaces, type AccountingInterface } from '../settings/system-parameters';

/** R-ACCT-2: the files the export writes, one per accounting package of `accountingInterface`. */
export const accountingExportFormats = accountingInterfaces.filter(
  (choice): choice is Exclude<AccountingInterface, ''> => choice !== '',
);
export type AccountingExportFormat = (typeof accountingExportFormats)[number];

export const accountingExportFormatSchema = z.enum(
  accountingExportFormats as [AccountingExportFormat, ...AccountingExportFormat[]],
  { error: `must be one of ${accountingExportFormats.join(', ')}` },
);

/** R-ACCT-1: one export covers at most a year of invoice dates. */
export const maxExportDays = 366;

/** The most invoices a preview lists (its counts and totals cover every one). */
export const previewInvoiceLimit = 500;

const id = z.coerce
  .number({ error: 'must be a number' })
  .int('must be a whole number')
  .min(1, 'must be an id')
  .max(int4Max, 'must be an id');

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** R-ACCT-1: `to` on or after `from`, and no more than a year after it. */
function checkRange(range: { from: string; to: string }, context: z.RefinementCtx): void {
  if (range.from > range.to) {
    context.addIssue({ code: 'custom', path: ['to'], message: 'must not be before from' });
  } else if (daysBetween(range.from, range.to) >= maxExportDays) {
    context.addIssue({
      code: 'custom',
      path: ['to'],
      message: `must be within ${maxExportDays} days of from`,
    });
  }
}

const flagQuery = z
  .enum(['true', 'false'], { error: 'must be true or false' })
  .transform((value) => value === 'true');

/** `GET /api/v1/accounting-exports/preview` (R-ACCT-5). */
export const accountingExportPreviewQuerySchema = z
  .object({
    from: calendarDaySchema,
    to: calendarDaySchema,
    includeExported: flagQuery.default(false),
  })
  .superRefine(checkRange);
export type AccountingExportPreviewQuery = z.input<typeof accountingExportPreviewQuerySchema>;

/** `POST /api/v1/accounting-exports` (R-ACCT-6): queues the export job. */
export const accountingExportBodySchema = z
  .object({
    from: calendarDaySchema,
    to: calendarDaySchema,
    format: accountingExportFormatSchema,
    /** R-ACCT-4: export again invoices a live batch already carried. */
    includeExported: z.boolean({ error: 'must be true or false' }).default(false),
  })
  .superRefine(checkRange);
export type AccountingExportBody = z.input<typeof accountingExportBodySchema>;
export type AccountingExportRequest = z.output<typeof accountingExportBodySchema>;

const money = z.number().optional();

export const invoiceKinds = ['invoice', 'credit'] as const;

/** One invoice or credit note of the range, as the preview lists it. */
export const exportInvoiceRowSchema = z.object({
  id: z.number().int(),
  number: z.number().int(),
  kind: z.enum(invoiceKinds),
  /** A credit note's credited invoice. */
  creditsInvoiceNumber: z.number().int().nullable(),
  customerNumber: z.string(),
  customerName: z.string(),
  invoiceDate: z.string(),
  lineCount: z.number().int(),
  ticketCount: z.number().int(),
  extendedPrice: money,
  taxAmount: money,
  totalAmount: money,
  /** The live batch that last carried it (R-ACCT-4), null while never exported or undone. */
  exportedInBatchId: z.number().int().nullable(),
  exportedAt: z.string().nullable(),
});
export type ExportInvoiceRow = z.infer<typeof exportInvoiceRowSchema>;

/** R-ACCT-9: why an export of the range would fail, found before it runs. */
export const exportProblemSchema = z.object({
  invoiceNumber: z.number().int(),
  productNumber: z.string().nullable(),
  reason: z.string(),
});
export type ExportProblem = z.infer<typeof exportProblemSchema>;

/** R-ACCT-5: what an export of the range carries, before it is queued. */
export const accountingExportPreviewSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** `accountingInterface`: the default format, '' while the export is off (R-ACCT-3). */
  defaultFormat: z.enum(accountingInterfaces),
  includeExported: z.boolean(),
  /** The range's invoices and credit notes, up to previewInvoiceLimit, numbers ascending. */
  invoices: z.array(exportInvoiceRowSchema),
  truncated: z.boolean(),
  /** Every invoice and credit note dated in the range. */
  inRangeCount: z.number().int(),
  alreadyExportedCount: z.number().int(),
  /** What the export carries: the range less those exported, unless they are included. */
  toExportCount: z.number().int(),
  creditCount: z.number().int(),
  extendedPrice: money,
  taxAmount: money,
  totalAmount: money,
  problems: z.array(exportProblemSchema),
});
export type AccountingExportPreview = z.infer<typeof accountingExportPreviewSchema>;

/** One export batch of the history (R-ACCT-11). */
export const accountingExportBatchSchema = z.object({
  /** The batch id, which is its job's id: the one `exportId` of its hub messages. */
  id: z.number().int(),
  format: accountingExportFormatSchema,
  from: z.string(),
  to: z.string(),
  /** Invoices and credit notes in the file. */
  recordCount: z.number().int(),
  totalAmount: money,
  fileName: z.string(),
  /** `GET` it with the session's token for the file again (R-ACCT-11). */
  fileUrl: z.string(),
  includedExported: z.boolean(),
  createdAt: z.string(),
  createdBy: z.string(),
  undoneAt: z.string().nullable(),
  undoneBy: z.string().nullable(),
  undoReason: z.string().nullable(),
  version: z.number().int(),
});
export type AccountingExportBatch = z.infer<typeof accountingExportBatchSchema>;

/** R-ACCT-11: where a batch's file is fetched again (with the session's token); its name ends it. */
export function accountingExportFileUrl(batchId: number, fileName: string): string {
  return `/api/v1/accounting-exports/${batchId}/files/${encodeURIComponent(fileName)}`;
}

export const accountingExportBatchListSchema = z.object({
  data: z.array(accountingExportBatchSchema),
  count: z.number().int(),
});

/** A batch with the invoices it carried. */
export const accountingExportBatchDetailSchema = accountingExportBatchSchema.extend({
  invoices: z.array(
    z.object({
      id: z.number().int(),
      number: z.number().int(),
      kind: z.enum(invoiceKinds),
      customerName: z.string(),
      invoiceDate: z.string(),
      totalAmount: money,
    }),
  ),
});
export type AccountingExportBatchDetail = z.infer<typeof accountingExportBatchDetailSchema>;

/** `GET /api/v1/accounting-exports`: the batches, newest first. */
export const accountingExportHistoryQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).default(0),
});

export const accountingExportBatchParamsSchema = z.object({ id });

/** `POST /api/v1/accounting-exports/{id}/undo` (R-ACCT-12). */
export const undoAccountingExportBodySchema = z.object({
  reason: z
    .string({ error: 'is required' })
    .trim()
    .min(1, 'is required')
    .max(500, 'must be at most 500 characters'),
  /** The batch's version as read: an undo of a batch changed meanwhile is refused. */
  version: z.number({ error: 'is required' }).int().min(1),
});
export type UndoAccountingExportBody = z.input<typeof undoAccountingExportBodySchema>;

/** The job's parameters (R-ACCT-6): the request, and the system types the requester may see. */
export const accountingExportJobParamsSchema = z.object({
  from: calendarDaySchema,
  to: calendarDaySchema,
  format: accountingExportFormatSchema,
  includeExported: z.boolean(),
  systemTypeIds: z.array(z.number().int().min(1).max(3)),
});
export type AccountingExportJobParams = z.infer<typeof accountingExportJobParamsSchema>;

/** `accountingExportComplete_v1`, to the user who asked (R-ACCT-7). */
export type AccountingExportComplete = { exportId: number; fileName: string; recordCount: number };
/** `accountingExportFailed_v1`, to the user who asked (R-ACCT-8). */
export type AccountingExportFailed = { exportId: number; message: string };
