/**
 * R-JOB-4, R-JOB-9: the jobs tray against a faked server, with jobProgress_v1 arriving on the
 * hub-events bus as the hub client puts it there: the running count, progress moving without a
 * fetch, the finish announced with its file, and a failed job run again.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Notifications } from '@mantine/notifications';
import type { BackgroundJob } from '@dispatch/domain/jobs/background-jobs';
import { QueryProvider } from '../../app/query-provider';
import { emitHubEvent } from '../../realtime/hub-events';
import { envelope } from '../../test/app-server';
import { fakeFetch, json, renderWithProviders, type FetchRoute } from '../../test/render';
import { appTestLifecycle, logInAs } from '../../test/session';
import { JobsTray } from './jobs-tray';

const job = (overrides: Partial<BackgroundJob>): BackgroundJob => ({
  id: 1,
  kind: 'report',
  title: 'Shipped orders, 1–30 Nov 2026',
  state: 'running',
  progress: 10,
  message: 'Reading tickets',
  attempts: 1,
  requestedBy: 'ann',
  scheduleId: null,
  createdAt: '2026-11-28T09:00:00.000Z',
  startedAt: '2026-11-28T09:00:01.000Z',
  finishedAt: null,
  files: [],
  result: null,
  ...overrides,
});

let routes: FetchRoute = () => undefined;
let server = fakeFetch();
appTestLifecycle(() => (server = fakeFetch((url, init) => routes(url, init))));
const fetchMock = () => server;

const render = async () => {
  logInAs('ann');
  await renderWithProviders(
    <QueryProvider>
      <Notifications />
      <JobsTray />
    </QueryProvider>,
  );
};

describe('JobsTray', () => {
  it('counts running jobs, moves their progress live and announces the finish with its file', async () => {
    routes = (url) =>
      url.pathname === '/api/v1/background-jobs'
        ? envelope([
            job({}),
            job({
              id: 2,
              title: 'Ticket register',
              state: 'completed',
              progress: 100,
              message: '214 tickets',
              finishedAt: '2026-11-28T08:40:00.000Z',
            }),
          ])
        : undefined;
    const user = userEvent.setup();
    await render();
    const tray = await screen.findByRole('button', { name: '1 job running' });
    await user.click(tray);
    const card = await screen.findByLabelText('Shipped orders, 1–30 Nov 2026: Running');
    expect(within(card).getByText('Reading tickets')).toBeInTheDocument();
    expect(screen.getByLabelText('Ticket register: Done')).toBeInTheDocument();

    act(() => emitHubEvent('jobProgress_v1', job({ progress: 60, message: 'Writing the PDF' })));
    expect(await within(card).findByText('Writing the PDF')).toBeInTheDocument();
    expect(await within(card).findByRole('progressbar')).toHaveAttribute('aria-valuenow', '60');

    const calls = fetchMock().calls.length;
    act(() =>
      emitHubEvent(
        'jobProgress_v1',
        job({
          state: 'completed',
          progress: 100,
          message: '1,204 tickets',
          finishedAt: '2026-11-28T09:00:09.000Z',
          files: [
            {
              id: 7,
              name: 'shipped-orders.pdf',
              contentType: 'application/pdf',
              size: 1000,
              url: '/api/v1/background-jobs/1/files/7/shipped-orders.pdf',
            },
          ],
        }),
      ),
    );
    // Announced, with its PDF to open; no fetch was needed to learn it.
    expect(await screen.findByText('Shipped orders, 1–30 Nov 2026 is ready')).toBeInTheDocument();
    expect(
      screen.getAllByRole('button', { name: 'Open shipped-orders.pdf' }).length,
    ).toBeGreaterThan(0);
    expect(fetchMock().calls.length).toBe(calls);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Background jobs' })).toBeInTheDocument(),
    );
  });

  it('runs a failed job again', async () => {
    const failed = job({
      id: 3,
      kind: 'accountingExport',
      title: 'Export to IIF, 27 Nov',
      state: 'failed',
      message: 'No GL account for product 1001.',
      finishedAt: '2026-11-28T09:01:00.000Z',
    });
    routes = (url, init) => {
      if (url.pathname === '/api/v1/background-jobs') return envelope([failed]);
      if (url.pathname === '/api/v1/background-jobs/3/retry' && init?.method === 'POST') {
        return json(
          job({
            id: 4,
            kind: 'accountingExport',
            title: failed.title,
            state: 'queued',
            progress: 0,
            message: null,
          }),
          201,
        );
      }
      return undefined;
    };
    const user = userEvent.setup();
    await render();
    await user.click(await screen.findByRole('button', { name: 'Background jobs' }));
    const card = await screen.findByLabelText('Export to IIF, 27 Nov: Failed');
    expect(within(card).getByText('No GL account for product 1001.')).toBeInTheDocument();
    await user.click(await within(card).findByRole('button', { name: 'Run again' }));
    expect(await screen.findByLabelText('Export to IIF, 27 Nov: Waiting')).toBeInTheDocument();
    expect(await screen.findByText('Export to IIF, 27 Nov is running again.')).toBeInTheDocument();
    expect(fetchMock().calls).toContain('POST /api/v1/background-jobs/3/retry');
  });
});
