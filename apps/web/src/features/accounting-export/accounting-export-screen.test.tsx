/** R-ACCT-3..R-ACCT-13 on the Accounting Export screen. */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type {
  AccountingExportBatch,
  AccountingExportPreview,
  ExportInvoiceRow,
} from '@dispatch/domain/accounting/accounting-export-schemas';
import type { BackgroundJob } from '@dispatch/domain/jobs/background-jobs';
import { permissionLevels } from '@dispatch/domain/permissions';
import { emitHubEvent } from '../../realtime/hub-events';
import { accessRoutes, envelope } from '../../test/app-server';
import { fakeFetch, json, type FetchRoute } from '../../test/render';
import { renderAppAt } from '../../test/render-app';
import { appTestLifecycle, logInAs } from '../../test/session';

const form = 51301;
const fileName = 'quickbooks-desktop-batch-9-2026-03-09.iif';

const row = (overrides: Partial<ExportInvoiceRow>): ExportInvoiceRow => ({
  id: 1,
  number: 1042,
  kind: 'invoice',
  creditsInvoiceNumber: null,
  customerNumber: 'C1',
  customerName: 'Acme Builders',
  invoiceDate: '2026-03-09',
  lineCount: 3,
  ticketCount: 2,
  extendedPrice: 2520.75,
  taxAmount: 144.08,
  totalAmount: 2664.83,
  exportedInBatchId: 7,
  exportedAt: '2026-03-09T18:00:00.000Z',
  ...overrides,
});

function previewOf(includeExported: boolean, defaultFormat = 'QuickBooksDesktop') {
  const invoices = [
    row({}),
    row({
      id: 2,
      number: 1043,
      customerNumber: 'C2',
      customerName: 'Zephyr Paving',
      extendedPrice: 540,
      taxAmount: 0,
      totalAmount: 540,
      exportedInBatchId: null,
      exportedAt: null,
    }),
  ];
  return {
    from: '2026-03-09',
    to: '2026-03-09',
    defaultFormat,
    includeExported,
    invoices,
    truncated: false,
    inRangeCount: 2,
    alreadyExportedCount: 1,
    toExportCount: includeExported ? 2 : 1,
    creditCount: 0,
    extendedPrice: includeExported ? 3060.75 : 540,
    taxAmount: includeExported ? 144.08 : 0,
    totalAmount: includeExported ? 3204.83 : 540,
    problems: [],
  } as AccountingExportPreview;
}

const batch: AccountingExportBatch = {
  id: 7,
  format: 'QuickBooksDesktop',
  from: '2026-03-09',
  to: '2026-03-09',
  recordCount: 1,
  totalAmount: 2664.83,
  fileName: 'quickbooks-desktop-batch-7-2026-03-09.iif',
  fileUrl: '/api/v1/accounting-exports/7/files/quickbooks-desktop-batch-7-2026-03-09.iif',
  includedExported: false,
  createdAt: '2026-03-09T18:00:00.000Z',
  createdBy: 'clerk',
  undoneAt: null,
  undoneBy: null,
  undoReason: null,
  version: 1,
};

const job = (overrides: Partial<BackgroundJob>): BackgroundJob => ({
  id: 9,
  kind: 'accountingExport',
  title: 'QuickBooks Desktop export, 2026-03-09',
  state: 'queued',
  progress: 0,
  message: null,
  attempts: 0,
  requestedBy: 'clerk',
  scheduleId: null,
  createdAt: '2026-03-09T19:00:00.000Z',
  startedAt: null,
  finishedAt: null,
  files: [],
  result: null,
  ...overrides,
});

type State = {
  level: number;
  defaultFormat: string;
  exports: unknown[];
  undos: unknown[];
  downloads: string[];
  batches: AccountingExportBatch[];
};

function server(state: State): FetchRoute {
  return (url, init) => {
    const method = init?.method ?? 'GET';
    if (method === 'GET' && url.pathname.startsWith('/api/v1/accounting-exports/9/files/')) {
      state.downloads.push(decodeURIComponent(url.pathname.split('/').pop()!));
      return new Response('!TRNS\r\n', { status: 200 });
    }
    switch (`${method} ${url.pathname}`) {
      case 'GET /api/v1/accounting-exports/preview':
        return json(
          previewOf(url.searchParams.get('includeExported') === 'true', state.defaultFormat),
        );
      case 'POST /api/v1/accounting-exports':
        state.exports.push(JSON.parse(init?.body as string));
        return json(job({}), 202);
      case 'GET /api/v1/accounting-exports':
        return envelope(state.batches);
      case 'POST /api/v1/accounting-exports/7/undo': {
        state.undos.push(JSON.parse(init?.body as string));
        const undone = {
          ...batch,
          undoneAt: '2026-03-09T20:00:00.000Z',
          undoneBy: 'clerk',
          undoReason: 'Wrong company file',
          version: 2,
        };
        state.batches = [undone];
        return json(undone);
      }
      case 'GET /api/v1/background-jobs/9':
        return json(job({}));
      default:
        return undefined;
    }
  };
}

describe('Accounting Export', () => {
  const state: State = {
    level: 5,
    defaultFormat: 'QuickBooksDesktop',
    exports: [],
    undos: [],
    downloads: [],
    batches: [],
  };
  appTestLifecycle(() => {
    Object.assign(state, {
      level: permissionLevels.FullWithPrices,
      defaultFormat: 'QuickBooksDesktop',
      exports: [],
      undos: [],
      downloads: [],
      batches: [batch],
    });
    return fakeFetch(
      server(state),
      accessRoutes({ forms: () => [{ FormId: form, PermissionId: state.level }] }),
    );
  });
  beforeEach(() => {
    logInAs('clerk');
    URL.createObjectURL = vi.fn(() => 'blob:http://localhost/export');
    URL.revokeObjectURL = vi.fn();
    // jsdom cannot follow the download link; the request for the file is what the test checks.
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
  });

  it('previews the range, exports it again when asked, offers the file when it is ready and undoes a batch', async () => {
    const user = userEvent.setup();
    await renderAppAt('/accounting/export');
    await screen.findByRole(
      'heading',
      { name: 'Accounting Export', level: 2 },
      { timeout: 20_000 },
    );

    // The default format comes from System Parameters; what was exported is left out.
    const request = screen.getByRole('form', { name: 'Export' });
    expect(
      await within(request).findByDisplayValue('QuickBooks Desktop (IIF)'),
    ).toBeInTheDocument();
    expect(await screen.findByText('1 to export')).toBeInTheDocument();
    expect(screen.getByText('1 already exported, left out')).toBeInTheDocument();
    expect(screen.getByText('Subtotal 540.00 · Tax 0.00 · Total 540.00')).toBeInTheDocument();
    const previewTable = screen.getByRole('region', { name: 'Preview' });
    expect(within(previewTable).getByText('Batch 7')).toBeInTheDocument();
    expect(within(previewTable).getByText('Not yet')).toBeInTheDocument();

    // Asked to include them: a warning lists the invoices exported before.
    await user.click(screen.getByRole('checkbox', { name: /Include invoices already exported/ }));
    expect(await screen.findByText('2 to export')).toBeInTheDocument();
    expect(screen.getByText('Exported before')).toBeInTheDocument();
    expect(screen.getByText('1042 (batch 7)')).toBeInTheDocument();

    await user.click(within(request).getByRole('button', { name: 'Export' }));
    await waitFor(() =>
      expect(state.exports).toEqual([
        expect.objectContaining({ format: 'QuickBooksDesktop', includeExported: true }),
      ]),
    );
    expect(
      await screen.findByText(
        'Batch 9 is queued. Keep working: its file is offered here when it is ready.',
      ),
    ).toBeInTheDocument();

    act(() => {
      emitHubEvent(
        'jobProgress_v1',
        job({
          state: 'completed',
          progress: 100,
          message: '2 invoices and credit notes exported in batch 9.',
          result: { recordCount: 2 },
        }),
      );
      emitHubEvent('accountingExportComplete_v1', { exportId: 9, fileName, recordCount: 2 });
    });
    expect(await screen.findByText('Batch 9 is ready')).toBeInTheDocument();
    expect(screen.getByText(`2 exported in ${fileName}`)).toBeInTheDocument();
    const download = screen.getByRole('button', { name: `Download ${fileName}` });
    await waitFor(() => expect(download).toHaveFocus());
    await user.keyboard('{Enter}');
    await waitFor(() => expect(state.downloads).toEqual([fileName]));

    // The history: undo a batch, with a reason.
    const history = screen.getByRole('region', { name: 'Export history' });
    expect(within(history).getByText('QuickBooks Desktop (IIF)')).toBeInTheDocument();
    await user.click(within(history).getByRole('button', { name: 'Undo batch 7' }));
    const dialog = await screen.findByRole('dialog', { name: 'Undo batch 7' });
    await user.click(within(dialog).getByRole('button', { name: 'Undo batch' }));
    expect(within(dialog).getByText('Give the reason for undoing it.')).toBeInTheDocument();
    expect(state.undos).toEqual([]);
    await user.type(
      within(dialog).getByRole('textbox', { name: /Reason/ }),
      'Wrong company file{Enter}',
    );
    await waitFor(() =>
      expect(state.undos).toEqual([{ reason: 'Wrong company file', version: 1 }]),
    );
    expect(await within(history).findByText('by clerk: Wrong company file')).toBeInTheDocument();
    expect(within(history).queryByRole('button', { name: 'Undo batch 7' })).toBeNull();
  }, 60_000);

  it('shows a failed export’s reason, and says why a level may not export', async () => {
    const user = userEvent.setup();
    await renderAppAt('/accounting/export');
    await screen.findByRole(
      'heading',
      { name: 'Accounting Export', level: 2 },
      { timeout: 20_000 },
    );
    await screen.findByText('1 to export');
    await user.click(screen.getByRole('button', { name: 'Export' }));
    await screen.findByText(/Batch 9 is queued/);
    const reason =
      'Nothing was exported. Invoice 1043: product WASH (Washout) has no GL account: give its GL category one, or the product a GL category that has one.';
    act(() => {
      emitHubEvent('jobProgress_v1', job({ state: 'failed', message: reason }));
      emitHubEvent('accountingExportFailed_v1', { exportId: 9, message: reason });
    });
    const failed = await screen.findByText('Batch 9 failed: nothing was exported');
    expect(within(failed.closest('[role="alert"]')!).getByText(reason)).toBeInTheDocument();
  });

  it('hides amounts and the export from a level that hides prices, and says the export is off', async () => {
    state.level = permissionLevels.FullNoPrices;
    state.defaultFormat = '';
    await renderAppAt('/accounting/export');
    await screen.findByRole(
      'heading',
      { name: 'Accounting Export', level: 2 },
      { timeout: 20_000 },
    );
    expect(
      await screen.findByText(/The accounting export is off: no accounting package is chosen/),
    ).toBeInTheDocument();
    expect(
      screen.getByText(/Your level hides prices, and an export is made of amounts/),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Export' })).toBeNull();
    expect(screen.queryByText(/Subtotal/)).toBeNull();
    const history = screen.getByRole('region', { name: 'Export history' });
    expect(within(history).queryByRole('button', { name: /Download/ })).toBeNull();
    expect(within(history).queryByRole('button', { name: /Undo/ })).toBeNull();
  });
});
