/**
 * R-RPT-50..R-RPT-57 on the Reports screen, against a faked server with hub messages arriving on
 * the hub-events bus: find a report from the keyboard, fill its parameters (quick picks, a plant
 * picked as you type, a system type of the user's own), run it with Enter, follow it live, open
 * its PDF in the print window when reportComplete_v1 arrives; a bad range stays in the browser;
 * the Inbox lists delivered reports and marks them read.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BackgroundJob } from '@dispatch/domain/jobs/background-jobs';
import type { ReportInboxItem } from '@dispatch/domain/report-schedules/report-schedule-schemas';
import { periodRange } from '@dispatch/domain/report-schedules/report-periods';
import { formatDate } from '@dispatch/domain/dates/date-format';
import { emitHubEvent } from '../../realtime/hub-events';
import { accessRoutes, concreteGroup, envelope, option, optionsRoute } from '../../test/app-server';
import { pick } from '../../test/pick-list';
import { fakeFetch, json, type FetchRoute } from '../../test/render';
import { renderAppAt } from '../../test/render-app';
import { appTestLifecycle, logInAs } from '../../test/session';

const today = () => formatDate(new Date(), 'YYYY-MM-DD');

const job = (overrides: Partial<BackgroundJob> = {}): BackgroundJob => ({
  id: 41,
  kind: 'report',
  title: 'Shipped orders, 9–15 Nov 2026',
  state: 'queued',
  progress: 0,
  message: null,
  attempts: 0,
  requestedBy: 'clerk',
  scheduleId: null,
  createdAt: '2026-11-28T09:00:00.000Z',
  startedAt: null,
  finishedAt: null,
  files: [],
  result: null,
  ...overrides,
});

const file = (id: number, name: string, contentType: string) => ({
  id,
  name,
  contentType,
  size: 1000,
  url: `/api/v1/background-jobs/41/files/${id}/${name}`,
});

const inboxItem = (overrides: Partial<ReportInboxItem> = {}): ReportInboxItem => ({
  id: 7,
  jobId: 30,
  scheduleId: 3,
  scheduleName: 'Morning tickets',
  reportKey: 'ticketRegister',
  title: 'Ticket register, 27 Nov 2026 (Morning tickets)',
  deliveredAt: '2026-11-28T06:01:00.000Z',
  readAt: null,
  files: [
    {
      id: 90,
      name: 'ticket-register.pdf',
      contentType: 'application/pdf',
      size: 900,
      url: '/api/v1/report-inbox/7/files/90/ticket-register.pdf',
    },
  ],
  ...overrides,
});

type State = { runs: unknown[]; marked: unknown[]; inbox: ReportInboxItem[]; job: BackgroundJob };

function server(state: State): FetchRoute {
  return (url, init) => {
    const method = init?.method ?? 'GET';
    if (url.pathname.endsWith('.pdf')) {
      return new Response(new Blob(['%PDF-1.7']), {
        headers: { 'content-type': 'application/pdf' },
      });
    }
    const read = /^\/api\/v1\/report-inbox\/(\d+)\/read$/.exec(url.pathname);
    if (method === 'POST' && read) {
      const body = JSON.parse(init?.body as string) as { read: boolean };
      state.marked.push({ id: Number(read[1]), ...body });
      state.inbox = state.inbox.map((item) =>
        item.id === Number(read[1])
          ? { ...item, readAt: body.read ? '2026-11-28T10:00:00.000Z' : null }
          : item,
      );
      return json(state.inbox.find((item) => item.id === Number(read[1])));
    }
    switch (`${method} ${url.pathname}`) {
      case 'POST /api/v1/reports/runs':
        state.runs.push(JSON.parse(init?.body as string));
        return json(job(), 202);
      case 'GET /api/v1/background-jobs/41':
        return json(state.job);
      case 'GET /api/v1/report-inbox':
        return envelope(state.inbox);
      default:
        return undefined;
    }
  };
}

describe('Reports', () => {
  const state: State = { runs: [], marked: [], inbox: [], job: job() };
  appTestLifecycle(() => {
    Object.assign(state, { runs: [], marked: [], inbox: [inboxItem()], job: job() });
    return fakeFetch(
      server(state),
      optionsRoute((list) => (list === 'plants' ? [option(4, 'P4', 'North Yard')] : []), {
        bySearch: true,
      }),
      accessRoutes({
        forms: () => [],
        groups: [concreteGroup, { id: 1002, userProfileId: 1, groupName: 'Aggregate' }],
      }),
    );
  });
  beforeEach(() => logInAs('clerk'));
  afterEach(() => vi.restoreAllMocks());

  it('finds a report from the keyboard, runs it with Enter and opens its PDF when it is ready', async () => {
    const user = userEvent.setup();
    await renderAppAt('/reports');
    await screen.findByRole('heading', { name: 'Reports', level: 2 }, { timeout: 20_000 });
    const catalogue = screen.getByRole('listbox', { name: 'Reports' });
    expect(within(catalogue).getAllByRole('option')).toHaveLength(10);

    // Type to filter, Enter to choose: the parameters take the focus.
    const search = screen.getByRole('combobox', { name: 'Find a report' });
    await user.type(search, 'truck demand');
    expect(
      within(catalogue)
        .getAllByRole('option')
        .map((each) => each.textContent),
    ).toEqual([expect.stringMatching(/^Truck demand/)]);
    await user.keyboard('{Enter}');
    const truckForm = await screen.findByRole('form', { name: 'Parameters of Truck demand' });
    expect(within(truckForm).getByLabelText(/^From/)).toHaveFocus();
    // Looking ahead: the next seven days, and the quick picks that look ahead.
    const ahead = periodRange('next7Days', today());
    expect(within(truckForm).getByLabelText(/^From/)).toHaveValue(ahead.from);
    expect(within(truckForm).getByRole('button', { name: 'Next 7 days' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(within(truckForm).queryByRole('button', { name: 'Last week' })).toBeNull();

    await user.clear(search);
    await user.click(within(catalogue).getByRole('option', { name: /^Shipped orders/ }));
    const form = await screen.findByRole('form', { name: 'Parameters of Shipped orders' });
    await user.click(within(form).getByRole('button', { name: 'Last week' }));
    const lastWeek = periodRange('lastWeek', today());
    expect(within(form).getByLabelText(/^From/)).toHaveValue(lastWeek.from);
    await pick(
      user,
      within(form).getByLabelText(/^Plants/, { selector: 'input' }),
      'Nor',
      'P4 · North Yard',
    );
    await user.click(within(form).getByLabelText(/^System type/, { selector: 'input' }));
    // Only the system types of the user's groups.
    expect(screen.queryByRole('option', { name: 'Block', hidden: true })).toBeNull();
    await user.click(await screen.findByRole('option', { name: 'Aggregate', hidden: true }));
    await user.click(within(form).getByRole('checkbox', { name: 'Excel' }));

    await user.click(within(form).getByLabelText(/^To/));
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(state.runs).toEqual([
        {
          reportKey: 'shippedOrders',
          params: {
            ...lastWeek,
            plantIds: [4],
            customerIds: [],
            productIds: [],
            systemTypeId: 2,
          },
          formats: ['pdf', 'csv'],
          // The screen's language: the job's title and files are made in it.
          language: 'en',
        },
      ]),
    );

    // Its progress arrives live, then reportComplete_v1 offers the files.
    const card = await screen.findByLabelText('Shipped orders, 9–15 Nov 2026: Waiting');
    act(() =>
      emitHubEvent(
        'jobProgress_v1',
        job({ state: 'running', progress: 45, message: 'Writing the PDF' }),
      ),
    );
    expect(await within(card.parentElement!).findByText('Writing the PDF')).toBeInTheDocument();
    state.job = job({
      state: 'completed',
      progress: 100,
      message: '12 orders, 3 plants',
      files: [
        file(1, 'shipped.pdf', 'application/pdf'),
        file(2, 'shipped.csv', 'text/csv; charset=utf-8'),
      ],
    });
    act(() =>
      emitHubEvent('reportComplete_v1', {
        reportId: 41,
        name: 'Shipped orders, 9–15 Nov 2026',
        url: '/api/v1/background-jobs/41/files/1/shipped.pdf',
      }),
    );
    const ready = await screen.findByRole('alert', {
      name: /Shipped orders, 9–15 Nov 2026 is ready/,
    });
    const openPdf = within(ready).getByRole('button', { name: 'Open PDF' });
    await waitFor(() => expect(openPdf).toHaveFocus());
    expect(await within(ready).findByRole('button', { name: 'Download CSV' })).toBeInTheDocument();

    const open = vi.fn(() => null);
    vi.stubGlobal('open', open);
    URL.createObjectURL = vi.fn(() => 'blob:http://localhost/report');
    URL.revokeObjectURL = vi.fn();
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(open).toHaveBeenCalledWith(
        'blob:http://localhost/report#shipped.pdf',
        '_blank',
        expect.stringContaining('popup=yes'),
      ),
    );
  }, 60_000);

  it('keeps a backwards range in the browser, told next to the field', async () => {
    const user = userEvent.setup();
    await renderAppAt('/reports?report=driverHours');
    const form = await screen.findByRole(
      'form',
      { name: 'Parameters of Driver hours' },
      { timeout: 20_000 },
    );
    // Driver hours takes plants only.
    expect(within(form).queryByLabelText(/^Customers/)).toBeNull();
    const from = within(form).getByLabelText(/^From/);
    await user.clear(from);
    await user.type(from, '2026-11-20');
    const to = within(form).getByLabelText(/^To/);
    await user.clear(to);
    await user.type(to, '2026-11-02');
    await user.click(within(form).getByRole('button', { name: 'Run' }));
    expect(await within(form).findByText('must not be before from')).toBeInTheDocument();
    expect(state.runs).toEqual([]);
  }, 60_000);

  it('lists the reports delivered to me in the Inbox and marks them read', async () => {
    const user = userEvent.setup();
    await renderAppAt('/reports');
    const tab = await screen.findByRole('tab', { name: /Inbox/ }, { timeout: 20_000 });
    expect(await within(tab).findByLabelText('1 unread report')).toBeInTheDocument();
    await user.click(tab);
    const item = await screen.findByRole('article', {
      name: 'Ticket register, 27 Nov 2026 (Morning tickets)',
    });
    expect(within(item).getByText('New')).toBeInTheDocument();
    expect(within(item).getByText(/^Morning tickets · delivered 2026-11-28/)).toBeInTheDocument();
    await user.click(
      within(item).getByRole('button', {
        name: 'Mark Ticket register, 27 Nov 2026 (Morning tickets) read',
      }),
    );
    await waitFor(() => expect(state.marked).toEqual([{ id: 7, read: true }]));
    expect(await within(item).findByRole('button', { name: /unread$/ })).toBeInTheDocument();
    expect(within(item).queryByText('New')).toBeNull();

    // A new delivery appears at once.
    state.inbox = [
      inboxItem({ id: 8, jobId: 31, title: 'Driver hours, 27 Nov 2026 (Hours)' }),
      ...state.inbox,
    ];
    act(() =>
      emitHubEvent('resourceChanged_v1', {
        resource: 'reportInbox',
        id: 31,
        action: 'created',
        version: null,
        by: 'admin',
      }),
    );
    expect(
      await screen.findByRole('article', { name: 'Driver hours, 27 Nov 2026 (Hours)' }),
    ).toBeInTheDocument();
  }, 60_000);

  it('R-ENTITY-41: stamps reportRefresh when an item is marked, and reads the inbox again when another tab does', async () => {
    const user = userEvent.setup();
    await renderAppAt('/reports');
    const tab = await screen.findByRole('tab', { name: /Inbox/ }, { timeout: 20_000 });
    await user.click(tab);
    const item = await screen.findByRole('article', {
      name: 'Ticket register, 27 Nov 2026 (Morning tickets)',
    });
    const before = localStorage.getItem('reportRefresh');
    await user.click(within(item).getByRole('button', { name: /read$/ }));
    await waitFor(() => expect(localStorage.getItem('reportRefresh')).not.toBe(before));

    // Another tab marked the item unread: this one hears it through the storage key.
    state.inbox = state.inbox.map((each) => ({ ...each, readAt: null }));
    act(() => {
      window.dispatchEvent(
        new StorageEvent('storage', { key: 'reportRefresh', newValue: String(Date.now()) }),
      );
    });
    expect(await within(tab).findByLabelText('1 unread report')).toBeInTheDocument();
    expect(await within(item).findByText('New')).toBeInTheDocument();
  }, 60_000);
});
