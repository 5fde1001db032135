import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { menuEntryByEnumId } from '@dispatch/domain/menu/menu-catalogue';
import { permissionLevels } from '@dispatch/domain/permissions';
import {
  serverSettingsOf,
  systemParameterCatalogue,
  systemParameterKeys,
  type SystemParameterRow,
} from '@dispatch/domain/settings/system-parameters';
import { renderAppAt } from '../../test/render-app';
import { appConfig } from '../../lib/app-config';
import { emitHubEvent } from '../../realtime/hub-events';
import { fakeFetch, json, type FetchRoute } from '../../test/render';
import { appTestLifecycle, logInAs } from '../../test/session';

const envelope = (data: unknown[]) => json({ error: false, count: data.length, data });
const trucks = menuEntryByEnumId('TruckMaintenance')!.id;

function initialRows(): SystemParameterRow[] {
  return systemParameterKeys.map((key) => {
    const spec = systemParameterCatalogue[key];
    return {
      key,
      group: spec.group,
      kind: spec.kind,
      label: spec.label,
      description: spec.description,
      value: spec.default,
      default: spec.default,
      set: false,
      version: 0,
      modifiedAt: null,
      modifiedBy: '',
    };
  });
}

type Server = {
  rows: SystemParameterRow[];
  saved: { key: string; body: unknown }[];
  configDatabases: (string | null)[];
};

/** An administrator's server: the parameters, and a PUT that refuses what the test arranges. */
function server(state: Server): FetchRoute {
  return (url, init) => {
    const method = init?.method ?? 'GET';
    const put = /^\/api\/v1\/admin\/system-parameters\/(\w+)$/.exec(url.pathname);
    if (method === 'PUT' && put) {
      const key = put[1]!;
      const body = JSON.parse(init?.body as string) as { value: unknown; version: number };
      state.saved.push({ key, body });
      if (key === 'accountingInterface') {
        return json(
          {
            message: 'value: is not licensed for this database',
            data: [{ field: 'value', reason: 'is not licensed for this database' }],
            responseError: true,
          },
          400,
        );
      }
      if (key === 'requireJobAddresses357') {
        return json(
          {
            message:
              'Require job city, state and ZIP code was changed by dana at 2026-11-20T10:00:00.000Z since you read it. Reload to see their change, then make yours again.',
            code: 'stale_version',
            responseError: true,
          },
          409,
        );
      }
      const row = state.rows.find((candidate) => candidate.key === key)!;
      Object.assign(row, {
        value: body.value,
        set: true,
        version: row.version + 1,
        modifiedAt: '2026-11-20T10:00:00.000Z',
        modifiedBy: 'admin',
      });
      return json(row);
    }
    switch (`${method} ${url.pathname}`) {
      case 'GET /api/v1/admin/system-parameters':
        return json({ data: state.rows });
      case 'GET /api/v1/settings/config': {
        const headers = new Headers(init?.headers);
        state.configDatabases.push(headers.get('database'));
        const stored = Object.fromEntries(
          state.rows.filter((row) => row.set).map((row) => [row.key, row.value]),
        );
        return json(serverSettingsOf(stored));
      }
      case 'GET /api/v1/user/groups':
        return envelope([{ id: 1001, userProfileId: 1, groupName: 'Concrete' }]);
      case 'GET /api/formauthorization':
        return envelope([{ FormId: trucks, PermissionId: permissionLevels.FullWithPrices }]);
      case 'GET /api/v1/sysadmin':
        return json({ value: true, message: '' });
      case 'GET /api/servers':
        return envelope([{ databaseName: 'DEMO', serverName: 'db1' }]);
      default:
        return undefined;
    }
  };
}

async function renderScreen() {
  await renderAppAt('/administration/system-parameters');
  await screen.findByRole('heading', { name: 'System Parameters', level: 2 }, { timeout: 20_000 });
  await screen.findByRole('switch', { name: 'Natural-language queries' });
}

const mainMenu = () => screen.getAllByRole('navigation', { name: 'Main menu' })[0]!;

/** R-PARAM-2..6: the administration screen of the system parameters. */
describe('System Parameters', () => {
  const state: Server = { rows: [], saved: [], configDatabases: [] };
  appTestLifecycle(() => {
    state.rows = initialRows();
    state.saved = [];
    state.configDatabases = [];
    return fakeFetch(server(state));
  });
  beforeEach(() => logInAs('admin'));

  it('shows every parameter by group with its description and default, and saves one', async () => {
    const user = userEvent.setup();
    await renderScreen();

    const groups = screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(groups).toEqual(['Orders', 'Features', 'Integrations', 'Diagnostics']);
    const features = screen.getByRole('region', { name: 'Features' });
    expect(within(features).getByText('Natural-language queries')).toBeInTheDocument();
    expect(
      within(features).getByText(/ask questions of the data in plain words/),
    ).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Natural-language queries' })).not.toBeChecked();
    // After login the configuration is read again, for this database.
    await waitFor(() => expect(state.configDatabases).toContain('DEMO'));

    // Nothing to save until something changes.
    expect(screen.queryByRole('button', { name: /^Save / })).toBeNull();
    await user.click(screen.getByRole('switch', { name: 'Natural-language queries' }));
    await user.click(screen.getByRole('button', { name: 'Save Natural-language queries' }));
    await waitFor(() =>
      expect(state.saved).toEqual([{ key: 'nlqEnabled', body: { value: true, version: 0 } }]),
    );
    expect(
      await screen.findByText('Natural-language queries saved. Every user has the change now.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(appConfig().server.nlqEnabled).toBe(true));
    expect(screen.getByRole('switch', { name: 'Natural-language queries' })).toBeChecked();
    expect(screen.queryByRole('button', { name: 'Save Natural-language queries' })).toBeNull();
  }, 40_000);

  it('shows a bad value beside its field, from the catalogue and from the server, and a conflict with a reload', async () => {
    const user = userEvent.setup();
    await renderScreen();

    const threshold = screen.getByRole('textbox', { name: 'Slow-request log threshold' });
    await user.clear(threshold);
    await user.type(threshold, '700000');
    await user.click(screen.getByRole('button', { name: 'Save Slow-request log threshold' }));
    expect(await screen.findByText('must be at most 600000 (ten minutes)')).toBeInTheDocument();
    expect(state.saved).toEqual([]);

    await user.click(screen.getByRole('combobox', { name: 'Accounting interface' }));
    await user.click(await screen.findByRole('option', { name: 'Sage 50', hidden: true }));
    await user.click(screen.getByRole('button', { name: 'Save Accounting interface' }));
    expect(await screen.findByText('is not licensed for this database')).toBeInTheDocument();
    expect(state.saved).toEqual([
      { key: 'accountingInterface', body: { value: 'Sage50', version: 0 } },
    ]);

    await user.click(screen.getByRole('switch', { name: 'Require job city, state and ZIP code' }));
    await user.click(
      screen.getByRole('button', { name: 'Save Require job city, state and ZIP code' }),
    );
    expect(await screen.findByText('Changed by someone else')).toBeInTheDocument();
    expect(screen.getByText(/was changed by dana at/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(screen.queryByText('Changed by someone else')).toBeNull());
    expect(
      screen.getByRole('switch', { name: 'Require job city, state and ZIP code' }),
    ).not.toBeChecked();
  }, 40_000);

  it("applies someone else's change live: the screen and the menu follow without a reload", async () => {
    await renderScreen();
    await waitFor(() => expect(state.configDatabases).toContain('DEMO'));
    expect(within(mainMenu()).getByRole('button', { name: 'Trucks' })).toBeInTheDocument();

    // Another administrator disables Trucks; the hub brings serverConfigUpdate_v1.
    const row = state.rows.find((candidate) => candidate.key === 'disabledForms')!;
    Object.assign(row, { value: [trucks], set: true, version: 1, modifiedBy: 'dana' });
    act(() =>
      emitHubEvent('serverConfigUpdate_v1', {
        key: 'disabledForms',
        version: 1,
        by: 'dana',
        config: serverSettingsOf({ disabledForms: [trucks] }),
      }),
    );

    await waitFor(() =>
      expect(within(mainMenu()).queryByRole('button', { name: 'Trucks' })).toBeNull(),
    );
    const disabled = screen.getByTestId('parameter-disabledForms');
    await waitFor(() => expect(within(disabled).getByText('Set')).toBeInTheDocument());
    expect(within(disabled).getByText('Trucks')).toBeInTheDocument();
  }, 40_000);
});
