/**
 * Accounting Export (`/accounting/export`, form AccountingExport, R-ACCT-1..R-ACCT-14): the preview
 * of a range, the export queued as a job, the history of batches, a batch's file again and the
 * undo of a batch. Reading needs the form; exporting and undoing need a level that writes it. The
 * amounts are the export's substance: a level that hides prices sees the preview and the history
 * without them and may not export, undo or fetch a file (403 saying why).
 */
import type { FastifyRequest } from 'fastify';
import {
  accountingExportBatchDetailSchema,
  accountingExportBatchParamsSchema,
  accountingExportBatchSchema,
  accountingExportBodySchema,
  accountingExportHistoryQuerySchema,
  accountingExportPreviewQuerySchema,
  accountingExportPreviewSchema,
  undoAccountingExportBodySchema,
} from '@dispatch/domain/accounting/accounting-export-schemas';
import { backgroundJobSchema } from '@dispatch/domain/jobs/background-jobs';
import { menuEntryByEnumId } from '@dispatch/domain/menu/menu-catalogue';
import { allowedSystemTypes } from '@dispatch/domain/system-types';
import { z } from 'zod';
import { authorize, priced } from '../../auth/guard';
import { ApiError, notFound } from '../../http/api-error';
import { envelope, listOf } from '../../http/envelope';
import type { Server, ServerDeps } from '../../http/server';
import { jobLanguageOf } from '../../jobs/job-language';
import { readSystemParameter } from '../settings/system-parameters.service';
import { accountingExportJob, exportTitle } from './accounting-export-job';
import { getBatch, listBatches, readBatchFile, undoBatch } from './export-batches.service';
import { previewExport } from './export-selection.service';

const security = [{ bearer: [] }];
const tags = ['accounting export'];

/** The Accounting Export form, looked up by name (R-MENU-7). */
export const accountingExportForm = menuEntryByEnumId('AccountingExport')!.id;
const forms = [accountingExportForm];

/** R-ACCT-13: levels 2 and 4 hide prices, and an export file is nothing but amounts. */
function refuseHiddenPrices(request: FastifyRequest, action: string): void {
  if (request.permission.flags.hidePrice) {
    throw new ApiError(
      'permission',
      `Your level on Accounting Export hides prices, and ${action} needs the amounts: ask for a level that shows prices.`,
      { code: 'prices_hidden' },
    );
  }
}

function rangeOf(
  request: FastifyRequest,
  query: { from: string; to: string; includeExported: boolean },
) {
  return { ...query, systemTypeIds: allowedSystemTypes(request.auth!.groupIds) };
}

export function registerAccountingExportRoutes(app: Server, deps: ServerDeps): void {
  deps.jobs.register(accountingExportJob);
  const reader = authorize(deps, { forms });
  const writer = authorize(deps, { forms, write: true });

  app.get(
    '/api/v1/accounting-exports/preview',
    {
      preValidation: reader,
      schema: {
        tags,
        summary:
          'What an export of the date range carries: its invoices and credit notes, totals, those already exported and lines without an account',
        security,
        querystring: accountingExportPreviewQuerySchema,
        response: { 200: accountingExportPreviewSchema },
      },
    },
    async (request) => {
      const { db } = request.auth!.connection;
      const preview = await previewExport(
        db,
        rangeOf(request, request.query),
        await readSystemParameter(db, 'accountingInterface'),
      );
      return priced(request, preview);
    },
  );

  app.post(
    '/api/v1/accounting-exports',
    {
      preValidation: writer,
      schema: {
        tags,
        summary:
          'Queues the export of a date range in a format (202 with the job): accountingExportComplete_v1 offers its file, accountingExportFailed_v1 says why it failed',
        security,
        body: accountingExportBodySchema,
        response: { 202: backgroundJobSchema },
      },
    },
    async (request, reply) => {
      refuseHiddenPrices(request, 'exporting');
      const auth = request.auth!;
      const { db } = auth.connection;
      const defaultFormat = await readSystemParameter(db, 'accountingInterface');
      if (defaultFormat === '') {
        throw new ApiError(
          'conflict',
          'The accounting export is off: choose an accounting interface in System Parameters first.',
          { code: 'export_off' },
        );
      }
      const body = request.body;
      const range = rangeOf(request, body);
      const preview = await previewExport(db, range, defaultFormat);
      if (preview.toExportCount === 0) {
        throw new ApiError(
          'conflict',
          preview.alreadyExportedCount > 0
            ? `Every invoice of the range was exported already (${preview.alreadyExportedCount}). Tick "Include invoices already exported" to export them again.`
            : 'There is no invoice or credit note dated in this range to export.',
          { code: 'nothing_to_export' },
        );
      }
      const job = await deps.jobs.enqueue(auth.database, {
        kind: 'accountingExport',
        title: exportTitle(body, await jobLanguageOf(db, auth.userId)),
        params: { ...body, systemTypeIds: range.systemTypeIds },
        requestedByUserId: auth.userId,
        requestedBy: auth.username,
      });
      return reply.status(202).send(job);
    },
  );

  app.get(
    '/api/v1/accounting-exports',
    {
      preValidation: reader,
      schema: {
        tags,
        summary: 'The export batches, newest first: who, when, format, range, count, file, undo',
        security,
        querystring: accountingExportHistoryQuerySchema,
        response: { 200: listOf(accountingExportBatchSchema) },
      },
    },
    async (request) => {
      const { rows, count } = await listBatches(request.auth!.connection.db, request.query);
      return envelope(priced(request, rows), count);
    },
  );

  app.get(
    '/api/v1/accounting-exports/:id',
    {
      preValidation: reader,
      schema: {
        tags,
        summary: 'One export batch with the invoices and credit notes it carried',
        security,
        params: accountingExportBatchParamsSchema,
        response: { 200: accountingExportBatchDetailSchema },
      },
    },
    async (request) => {
      const batch = await getBatch(request.auth!.connection.db, request.params.id);
      if (!batch) throw notFound(`Export batch ${request.params.id}`);
      return priced(request, batch);
    },
  );

  app.get(
    '/api/v1/accounting-exports/:id/files/:name',
    {
      preValidation: reader,
      schema: {
        tags,
        summary: "A batch's file again, as it was written (the name ends the path)",
        security,
        params: accountingExportBatchParamsSchema.extend({ name: z.string().max(200) }),
      },
    },
    async (request, reply) => {
      refuseHiddenPrices(request, 'an export file');
      const file = await readBatchFile(request.auth!.connection.db, request.params.id);
      if (!file || file.name !== request.params.name) {
        throw notFound(`File ${request.params.name} of export batch ${request.params.id}`);
      }
      return reply
        .header('content-type', file.contentType)
        .header(
          'content-disposition',
          `attachment; filename*=UTF-8''${encodeURIComponent(file.name)}`,
        )
        .header('cache-control', 'private, no-store')
        .send(file.content);
    },
  );

  app.post(
    '/api/v1/accounting-exports/:id/undo',
    {
      preValidation: writer,
      schema: {
        tags,
        summary:
          'Undoes a batch: its invoices may be exported again; the batch stays in the history, marked undone (audited)',
        security,
        params: accountingExportBatchParamsSchema,
        body: undoAccountingExportBodySchema,
        response: { 200: accountingExportBatchSchema },
      },
    },
    async (request) => {
      refuseHiddenPrices(request, 'undoing an export');
      const auth = request.auth!;
      const batch = await undoBatch(
        auth.connection.db,
        { id: request.params.id, ...request.body },
        { username: auth.username, now: deps.now() },
      );
      return priced(request, batch);
    },
  );
}
