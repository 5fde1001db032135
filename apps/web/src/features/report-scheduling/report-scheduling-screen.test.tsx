/**
 * R-RSCHED-1..R-RSCHED-7, R-RSCHED-11 on the Report Scheduling screen, against a faked server:
 * the schedules with their timing, next run on the server's clock and last run's delivery; a new
 * weekly schedule filled in and saved with the body the server takes; the server's field problem
 * shown beside its field; a change refused with 409 reloaded; Run now.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { BackgroundJob } from '@dispatch/domain/jobs/background-jobs';
import type { ReportSchedule } from '@dispatch/domain/report-schedules/report-schedule-schemas';
import { envelope, option, optionsRoute } from '../../test/app-server';
import { pick } from '../../test/pick-list';
import { fakeFetch, json, type FetchRoute } from '../../test/render';
import { renderAppAt } from '../../test/render-app';
import { appTestLifecycle, logInAs } from '../../test/session';

const stored = (overrides: Partial<ReportSchedule> = {}): ReportSchedule => ({
  id: 3,
  name: 'Weekly tickets',
  reportKey: 'ticketRegister',
  period: 'lastWeek',
  params: { plantIds: [], customerIds: [], productIds: [], systemTypeId: 1 },
  formats: ['pdf', 'csv'],
  frequency: 'weekly',
  weekday: 1,
  monthDay: null,
  timeOfDay: '06:00',
  recipientUserIds: [5],
  recipientUsers: { '5': 'dana' },
  recipientEmails: ['office@example.com'],
  active: true,
  owner: 'admin',
  nextRunAt: '2026-11-30T06:00:00.000Z',
  lastRun: {
    jobId: 30,
    state: 'completed',
    message: '214 tickets',
    at: '2026-11-23T06:01:00.000Z',
    inboxCount: 1,
    emailCount: 1,
    email: 'skipped',
    emailMessage: 'E-mail is turned off (system parameter emailAvailable).',
  },
  timeZone: 'UTC',
  version: 2,
  modifiedAt: '2026-11-20T10:00:00.000Z',
  modifiedBy: 'admin',
  ...overrides,
});

type State = { schedules: ReportSchedule[]; saved: unknown[]; runs: number[]; refuseName: boolean };

function server(state: State): FetchRoute {
  return (url, init) => {
    const method = init?.method ?? 'GET';
    const one = /^\/api\/v1\/report-schedules\/(\d+)(\/run)?$/.exec(url.pathname);
    if (method === 'POST' && one?.[2]) {
      state.runs.push(Number(one[1]));
      return json(
        {
          id: 50,
          kind: 'report',
          title: 'Ticket register, 23–29 Nov 2026 (Weekly tickets)',
          state: 'queued',
          progress: 0,
          message: null,
          attempts: 0,
          requestedBy: 'admin',
          scheduleId: 3,
          createdAt: '2026-11-28T09:00:00.000Z',
          startedAt: null,
          finishedAt: null,
          files: [],
          result: null,
        } satisfies BackgroundJob,
        202,
      );
    }
    if (method === 'PUT' && one) {
      state.saved.push(JSON.parse(init?.body as string));
      return json(
        {
          message:
            'Report schedule Weekly tickets was changed by dana at 2026-11-28T08:00:00.000Z since you opened it. Reload it to see their change, then make yours again.',
          code: 'stale_version',
          responseError: true,
        },
        409,
      );
    }
    switch (`${method} ${url.pathname}`) {
      case 'GET /api/v1/report-schedules':
        return envelope(state.schedules);
      case 'POST /api/v1/report-schedules': {
        const body = JSON.parse(init?.body as string) as Record<string, unknown>;
        state.saved.push(body);
        if (state.refuseName) {
          state.refuseName = false;
          return json(
            {
              message: 'name: is already used by another schedule',
              data: [{ field: 'name', reason: 'is already used by another schedule' }],
              responseError: true,
            },
            400,
          );
        }
        const made = stored({
          ...(body as Partial<ReportSchedule>),
          id: 4,
          version: 1,
          lastRun: null,
        });
        state.schedules = [...state.schedules, made];
        return json(made, 201);
      }
      case 'GET /api/v1/user/groups':
        return envelope([{ id: 1001, userProfileId: 1, groupName: 'Concrete' }]);
      case 'GET /api/formauthorization':
        return envelope([]);
      case 'GET /api/v1/sysadmin':
        return json({ value: true, message: '' });
      case 'GET /api/servers':
        return envelope([{ databaseName: 'DEMO', serverName: 'db1' }]);
      case 'GET /api/v1/background-jobs':
        return envelope([]);
      default:
        return undefined;
    }
  };
}

describe('Report Scheduling', () => {
  const state: State = { schedules: [], saved: [], runs: [], refuseName: false };
  appTestLifecycle(() => {
    Object.assign(state, { schedules: [stored()], saved: [], runs: [], refuseName: true });
    return fakeFetch(
      server(state),
      optionsRoute(
        (list) => (list === 'users' ? [option(5, '', 'dana'), option(6, '', 'eli')] : []),
        {
          bySearch: true,
        },
      ),
    );
  });
  beforeEach(() => logInAs('admin'));

  const openScreen = async () => {
    await renderAppAt('/administration/report-scheduling');
    await screen.findByRole(
      'heading',
      { name: 'Report Scheduling', level: 2 },
      { timeout: 20_000 },
    );
    return screen.findByRole('table', { name: 'Report schedules' });
  };

  it('lists schedules with when they run, their next run and how the last one was delivered', async () => {
    const table = await openScreen();
    const row = within(table).getByRole('row', { name: /Weekly tickets/ });
    expect(within(row).getByText('Ticket register · Last week · PDF, CSV')).toBeInTheDocument();
    expect(within(row).getByText('Every Monday at 06:00')).toBeInTheDocument();
    expect(within(row).getByText('Inbox: dana')).toBeInTheDocument();
    expect(within(row).getByText('E-mail: office@example.com')).toBeInTheDocument();
    expect(within(row).getByText('2026-11-30 06:00')).toBeInTheDocument();
    expect(within(row).getByText('Done')).toBeInTheDocument();
    expect(within(row).getByText('214 tickets')).toBeInTheDocument();
    expect(within(row).getByText('1 inbox · e-mail skipped')).toBeInTheDocument();
    expect(
      within(row).getByText('E-mail is turned off (system parameter emailAvailable).'),
    ).toBeInTheDocument();
    expect(screen.getByText(/Times are on the server’s clock \(UTC\)/)).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(within(row).getByRole('button', { name: 'Run Weekly tickets now' }));
    await waitFor(() => expect(state.runs).toEqual([3]));
    expect(await screen.findByText('Report queued')).toBeInTheDocument();
  }, 60_000);

  it('makes a weekly schedule, showing the server’s problem beside its field', async () => {
    const user = userEvent.setup();
    await openScreen();
    await user.click(screen.getByRole('button', { name: 'New schedule' }));
    const form = await screen.findByRole('form', { name: 'Report schedule' });
    await user.type(within(form).getByRole('textbox', { name: /^Name/ }), 'Monday sales');
    await user.click(within(form).getByLabelText(/^Report/, { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Sales quantity', hidden: true }));
    await user.click(within(form).getByLabelText(/^Period/, { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Last week', hidden: true }));
    await user.click(within(form).getByRole('radio', { name: 'Customer' }));
    await user.click(within(form).getByRole('checkbox', { name: 'Excel' }));
    await user.click(within(form).getByRole('radio', { name: 'Weekly' }));
    await user.click(within(form).getByLabelText(/^On/, { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Tuesday', hidden: true }));
    const time = within(form).getByLabelText(/^At/);
    await user.clear(time);
    await user.type(time, '07:30');
    await pick(user, within(form).getByLabelText(/^Users/, { selector: 'input' }), 'eli', 'eli');
    await user.type(within(form).getByLabelText(/^E-mail addresses/), 'sales@example.com{Enter}');

    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(
      await within(form).findByText('is already used by another schedule'),
    ).toBeInTheDocument();
    await user.keyboard('{Control>}s{/Control}');
    await waitFor(() => expect(state.saved).toHaveLength(2));
    expect(state.saved[1]).toEqual({
      name: 'Monday sales',
      reportKey: 'salesQuantity',
      period: 'lastWeek',
      params: { plantIds: [], customerIds: [], productIds: [], groupBy: 'customer' },
      formats: ['pdf', 'csv'],
      frequency: 'weekly',
      weekday: 2,
      monthDay: null,
      timeOfDay: '07:30',
      recipientUserIds: [6],
      recipientEmails: ['sales@example.com'],
      active: true,
    });
    expect(await screen.findByText('Schedule Monday sales saved')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Report schedules' });
    expect(await within(table).findByRole('row', { name: /Monday sales/ })).toBeInTheDocument();
  }, 60_000);

  it('refuses a schedule sent to no one before sending, and reloads after a 409', async () => {
    const user = userEvent.setup();
    const table = await openScreen();
    await user.click(screen.getByRole('button', { name: 'New schedule' }));
    let form = await screen.findByRole('form', { name: 'Report schedule' });
    await user.type(within(form).getByRole('textbox', { name: /^Name/ }), 'Nobody');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(
      await within(form).findByText('name at least one recipient: a user or an email address'),
    ).toBeInTheDocument();
    expect(state.saved).toEqual([]);
    await user.click(within(form).getByRole('button', { name: 'Cancel' }));

    await user.click(within(table).getByRole('button', { name: 'Weekly tickets' }));
    form = await screen.findByRole('form', { name: 'Report schedule' });
    // The stored recipient is named, not numbered.
    expect(await within(form).findByText('dana')).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(state.saved).toHaveLength(1));
    expect(state.saved[0]).toMatchObject({ name: 'Weekly tickets', version: 2, weekday: 1 });
    expect(await within(form).findByText('Changed by someone else')).toBeInTheDocument();
    expect(within(form).getByText(/was changed by dana at/)).toBeInTheDocument();
    state.schedules = [stored({ name: 'Weekly tickets (Dana)', version: 3 })];
    await user.click(within(form).getByRole('button', { name: 'Reload the schedule' }));
    await waitFor(() =>
      expect(
        within(screen.getByRole('form', { name: 'Report schedule' })).getByRole('textbox', {
          name: /^Name/,
        }),
      ).toHaveValue('Weekly tickets (Dana)'),
    );
  }, 60_000);
});
