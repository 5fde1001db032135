/** The accounting export's reads and writes (R-ACCT-1..R-ACCT-12), with one key factory. */
import { queryOptions } from '@tanstack/react-query';
import {
  accountingExportBatchDetailSchema,
  accountingExportBatchListSchema,
  accountingExportBatchSchema,
  accountingExportFileUrl,
  accountingExportPreviewSchema,
  type AccountingExportBatch,
  type AccountingExportBody,
} from '@dispatch/domain/accounting/accounting-export-schemas';
import { backgroundJobSchema, type BackgroundJob } from '@dispatch/domain/jobs/background-jobs';
import { apiGet, apiRequest } from '../../lib/api-client';
import { downloadFile } from '../../lib/download-file';

const path = '/api/v1/accounting-exports';

export type PreviewRange = { from: string; to: string; includeExported: boolean };

export const exportKeys = {
  all: ['accountingExports'] as const,
  preview: (range: PreviewRange) => [...exportKeys.all, 'preview', range] as const,
  history: () => [...exportKeys.all, 'history'] as const,
  batch: (id: number) => [...exportKeys.all, 'batch', id] as const,
};

export const exportPreviewQuery = (range: PreviewRange) =>
  queryOptions({
    queryKey: exportKeys.preview(range),
    queryFn: async ({ signal }) =>
      await apiGet(
        `${path}/preview?${new URLSearchParams({
          from: range.from,
          to: range.to,
          includeExported: String(range.includeExported),
        }).toString()}`,
        accountingExportPreviewSchema,
        { signal },
      ),
  });

export const exportHistoryQuery = () =>
  queryOptions({
    queryKey: exportKeys.history(),
    queryFn: async ({ signal }) =>
      await apiGet(`${path}?limit=50`, accountingExportBatchListSchema, { signal }),
  });

export const exportBatchQuery = (id: number) =>
  queryOptions({
    queryKey: exportKeys.batch(id),
    queryFn: async ({ signal }) =>
      await apiGet(`${path}/${id}`, accountingExportBatchDetailSchema, { signal }),
  });

/** R-ACCT-6: queues the export; the job as its owner follows it. */
export async function startExport(body: AccountingExportBody): Promise<BackgroundJob> {
  return await apiRequest('POST', path, body, backgroundJobSchema);
}

export async function undoExport(
  batch: Pick<AccountingExportBatch, 'id' | 'version'>,
  reason: string,
): Promise<AccountingExportBatch> {
  return await apiRequest(
    'POST',
    `${path}/${batch.id}/undo`,
    {
      reason,
      version: batch.version,
    },
    accountingExportBatchSchema,
  );
}

/** R-ACCT-7, R-ACCT-11: a batch's file, saved under its own name. */
export async function downloadBatchFile(batchId: number, fileName: string): Promise<void> {
  await downloadFile(accountingExportFileUrl(batchId, fileName), fileName);
}
