/**
 * R-ORD-3: the projected loads order entry's schedule card shows as the dispatcher types are the
 * domain's projection of the schedule (`projectLoads`, the plan the server stores and the board
 * answers): spaced by the load interval typed, else by the interval the order is saved with.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { projectLoads, type LoadProjectionInput } from '@dispatch/domain/orders/load-projection';
import { permissionLevels } from '@dispatch/domain/permissions';
import { formatDate } from '@dispatch/domain/dates/date-format';
import { accessRoutes, optionsRoute } from '../../test/app-server';
import { fakeFetch } from '../../test/render';
import { renderAppAt } from '../../test/render-app';
import { appTestLifecycle, logInAs } from '../../test/session';

const clock = (iso: string) => formatDate(new Date(iso), 'HH:mm');

describe('Order entry: the schedule card shows the load plan', () => {
  appTestLifecycle(() =>
    fakeFetch(
      optionsRoute(() => []),
      accessRoutes({
        forms: () => [{ FormId: 15000, PermissionId: permissionLevels.FullWithPrices }],
      }),
    ),
  );
  beforeEach(() => logInAs('dispatcher'));

  /** Types a schedule's times: 40 yd from 07:00, 20 out, 20 back, 15 unloading, 10 washing. */
  async function typeSchedule(rate: string, loadSize: string, interval: string | null) {
    const user = userEvent.setup();
    await renderAppAt('/orders/concrete');
    await screen.findByRole(
      'heading',
      { name: 'New concrete order', level: 2 },
      { timeout: 20_000 },
    );
    const schedule = screen.getByRole('region', { name: 'Schedule 1' });
    const field = (name: RegExp) => within(schedule).getByRole('textbox', { name });
    await user.type(within(schedule).getByLabelText(/First load on job/), '07:00');
    await user.type(field(/Quantity per hour/), rate);
    await user.type(field(/Load size/), loadSize);
    if (interval !== null) await user.type(field(/Load interval/), interval);
    await user.type(field(/Travel to job/), '20');
    await user.type(field(/Travel back/), '20');
    await user.type(field(/Wait on job/), '15');
    await user.type(field(/Wash on job/), '10');
    await user.type(field(/^Quantity$/), '40');
    return schedule;
  }

  /** The card's rows: load, quantity, ticket, on the job, back. */
  function rowsOf(schedule: HTMLElement) {
    const table = within(schedule).getByRole('table', { name: 'Projected loads of schedule 1' });
    return within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      );
  }

  /** The same schedule as the domain projects it (no plant chosen: no batch or yard wash). */
  function domainRows(
    input: Pick<LoadProjectionInput, 'quantityPerHour' | 'loadSize'> & {
      loadIntervalTime: number;
    },
  ) {
    const today = formatDate(new Date(), 'YYYY-MM-DD');
    return projectLoads({
      ...input,
      firstLoadOnJobTime: new Date(`${today}T07:00:00`).toISOString(),
      totalQuantity: 40,
      travelTimeToJob: 20,
      travelTimeToPlant: 20,
      onJobWaitMinutes: 15,
      onJobWashMinutes: 10,
    }).loads.map((load) => [
      String(load.loadNumber),
      String(load.quantity),
      clock(load.ticketTime),
      clock(load.onJobTime),
      clock(load.returnTime),
    ]);
  }

  it('spaces the loads by the 15 minutes typed, not the 20 the rate gives', async () => {
    const schedule = await typeSchedule('30', '10', '15');
    await waitFor(() =>
      expect(rowsOf(schedule)).toEqual([
        ['1', '10', '06:40', '07:00', '07:45'],
        ['2', '10', '06:55', '07:15', '08:00'],
        ['3', '10', '07:10', '07:30', '08:15'],
        ['4', '10', '07:25', '07:45', '08:30'],
      ]),
    );
    expect(rowsOf(schedule)).toEqual(
      domainRows({ quantityPerHour: 30, loadSize: 10, loadIntervalTime: 15 }),
    );
    // An 85-minute round trip every 15 minutes: 6 trucks, at most the 4 loads.
    expect(within(schedule).getByText('4 trucks needed')).toBeInTheDocument();
    expect(within(schedule).getByText(/every 15 min/)).toBeInTheDocument();
  }, 60_000);

  it('spaces the loads by the interval the order is saved with when none is typed', async () => {
    // 10 yd at 45 yd/h: every 13 min 20 s by the rate, saved as 13 minutes (the card says so).
    const schedule = await typeSchedule('45', '10', null);
    await waitFor(() =>
      expect(rowsOf(schedule).map((row) => row[3])).toEqual(['07:00', '07:13', '07:26', '07:39']),
    );
    expect(rowsOf(schedule)).toEqual(
      domainRows({ quantityPerHour: 45, loadSize: 10, loadIntervalTime: 13 }),
    );
    expect(within(schedule).getByRole('textbox', { name: /Load interval/ })).toHaveAttribute(
      'placeholder',
      '13 min',
    );
  }, 60_000);
});
