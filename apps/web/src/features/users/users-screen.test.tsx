/**
 * User maintenance (R-USER-1..2): a new user with a temporary password, groups ticked and levels
 * set in the permission grid, sent as one record the server takes as it is. The groups are a
 * selection list (R-SELECT-1, R-CONST-13).
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { menuEntryByEnumId } from '@dispatch/domain/menu/menu-catalogue';
import { permissionLevels } from '@dispatch/domain/permissions';
import { renderAppAt } from '../../test/render-app';
import { fakeFetch, json, type FetchRoute } from '../../test/render';
import { appTestLifecycle, logInAs } from '../../test/session';

const envelope = (data: unknown[]) => json({ error: false, count: data.length, data });
const jobs = menuEntryByEnumId('JobMaintenance')!;

function server(saved: Record<string, unknown>[]): FetchRoute {
  return (url, init) => {
    const method = init?.method ?? 'GET';
    if (url.pathname === '/api/v1/groups/options') {
      return envelope([
        { id: 1001, number: '', name: 'Concrete', inactive: false },
        { id: 1002, number: '', name: 'Aggregate', inactive: false },
        { id: 2001, number: '', name: 'Truck office', inactive: false },
        { id: 2002, number: '', name: 'Night shift', inactive: true },
      ]);
    }
    if (url.pathname.endsWith('/options')) return envelope([]);
    switch (`${method} ${url.pathname}`) {
      case 'GET /api/v1/user/groups':
        return envelope([]);
      case 'GET /api/formauthorization':
        return envelope([]);
      case 'GET /api/v1/sysadmin':
        return json({ value: true, message: '' });
      case 'GET /api/servers':
        return envelope([{ databaseName: 'DEMO', serverName: 'db1' }]);
      case 'POST /api/v1/users': {
        const body = JSON.parse(init?.body as string) as Record<string, unknown>;
        saved.push(body);
        return json(
          {
            id: 31,
            username: body.username,
            employeeId: null,
            isSysadmin: false,
            adminOnly: false,
            mustChangePassword: true,
            inactiveFlag: false,
            profile: body.profile,
            groups: body.groups,
            permissions: body.permissions,
            version: 1,
            modifiedAt: '2026-11-24T10:00:00.000Z',
            modifiedBy: 'admin',
            labels: {},
          },
          201,
        );
      }
      default:
        return undefined;
    }
  };
}

describe('User Maintenance', () => {
  const saved: Record<string, unknown>[] = [];
  appTestLifecycle(() => {
    saved.length = 0;
    return fakeFetch(server(saved));
  });
  beforeEach(() => logInAs('admin'));

  it('creates a user with a temporary password, two groups and a level from the grid', async () => {
    const user = userEvent.setup();
    await renderAppAt('/administration/user-maintenance/new');
    const username = await screen.findByRole('textbox', { name: /^Username/ }, { timeout: 20_000 });
    await user.type(username, 'dana');
    await user.type(screen.getByRole('textbox', { name: 'Full name' }), 'Dana Ortiz');
    await user.type(screen.getByLabelText(/^Temporary password/), 'gravel trucks at dawn');

    await user.click(screen.getByRole('tab', { name: 'Groups' }));
    await user.click(await screen.findByRole('checkbox', { name: /Concrete/ }));
    await user.click(screen.getByRole('checkbox', { name: /Aggregate/ }));

    await user.click(screen.getByRole('tab', { name: 'Form permissions' }));
    await user.type(screen.getByRole('searchbox', { name: 'Find a form' }), jobs.name);
    await user.selectOptions(
      await screen.findByRole('combobox', { name: `Level on ${jobs.name}` }),
      String(permissionLevels.FullWithPrices),
    );
    expect(screen.getByText('1 form above None')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatchObject({
      username: 'dana',
      temporaryPassword: 'gravel trucks at dawn',
      profile: [{ fullName: 'Dana Ortiz' }],
      groups: [{ groupId: 1001 }, { groupId: 1002 }],
      permissions: [{ formId: jobs.id, permissionId: permissionLevels.FullWithPrices }],
    });
  }, 40_000);

  it('R-SELECT-1, R-CONST-13: groups toggle, an inactive one cannot, and Ctrl+A ticks every active one', async () => {
    const user = userEvent.setup();
    await renderAppAt('/administration/user-maintenance/new');
    const username = await screen.findByRole('textbox', { name: /^Username/ }, { timeout: 20_000 });
    await user.type(username, 'eli');
    await user.type(screen.getByLabelText(/^Temporary password/), 'gravel trucks at dawn');
    await user.click(screen.getByRole('tab', { name: 'Groups' }));
    const groups = await screen.findByRole('group', { name: 'Groups' });
    const concrete = within(groups).getByRole('checkbox', { name: /Concrete/ });
    const aggregate = within(groups).getByRole('checkbox', { name: /Aggregate/ });
    const office = within(groups).getByRole('checkbox', { name: /Truck office/ });
    const night = within(groups).getByRole('checkbox', { name: /Night shift/ });

    // Each item toggles between ticked and not.
    await user.click(concrete);
    expect(concrete).toBeChecked();
    await user.click(concrete);
    expect(concrete).not.toBeChecked();

    // A disabled item cannot be toggled.
    expect(night).toBeDisabled();
    expect(within(groups).getByText('Inactive: cannot be given or taken away')).toBeInTheDocument();
    await user.click(night);
    expect(night).not.toBeChecked();

    // Ctrl+A in the list ticks every enabled item; again, it clears them.
    await user.click(aggregate);
    await user.keyboard('{Control>}a{/Control}');
    for (const each of [concrete, aggregate, office]) expect(each).toBeChecked();
    expect(night).not.toBeChecked();
    await user.keyboard('{Control>}a{/Control}');
    for (const each of [concrete, aggregate, office, night]) expect(each).not.toBeChecked();
    await user.keyboard('{Control>}a{/Control}');

    await user.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatchObject({
      username: 'eli',
      groups: [{ groupId: 1001 }, { groupId: 1002 }, { groupId: 2001 }],
    });
  }, 40_000);
});
