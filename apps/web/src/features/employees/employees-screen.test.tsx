import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { permissionLevels } from '@dispatch/domain/permissions';
import { employeeResource } from '@dispatch/domain/resources/employees';
import { isTextKind, type Field } from '@dispatch/domain/resources/field';
import { renderAppAt } from '../../test/render-app';
import { fakeFetch, json, type FetchRoute } from '../../test/render';
import { localToday } from './licence-expiry';
import { appTestLifecycle, logInAs } from '../../test/session';

const envelope = (data: unknown[]) => json({ error: false, count: data.length, data });

function empty(fields: Readonly<Record<string, Field>>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(fields).map(([name, field]) => [
      name,
      isTextKind(field.kind) ? '' : field.kind === 'flag' ? false : null,
    ]),
  );
}

/** Ten days from today, on the user's calendar. */
function inTenDays(): string {
  const [y, m, d] = localToday().split('-').map(Number) as [number, number, number];
  return localToday(new Date(y, m - 1, d + 10));
}

const expiry = inTenDays();

const employee = {
  id: 12,
  ...empty(employeeResource.fields),
  employeeNumber: '1007',
  completeName: 'Dee Driver',
  nationalIdentifierLast4: '6789',
  version: 3,
  modifiedAt: '2026-03-01T10:00:00.000Z',
  modifiedBy: 'office',
  labels: {},
  driver: [
    {
      id: 5,
      ...empty(employeeResource.children.driver!.fields),
      driversLicenseNumber: 'CDL-1',
      driversLicenseExpireDate: expiry,
    },
  ],
};

function server(saved: Record<string, unknown>[]): FetchRoute {
  let current: Record<string, unknown> = employee;
  return (url, init) => {
    const method = init?.method ?? 'GET';
    if (url.pathname.endsWith('/options')) return envelope([]);
    switch (`${method} ${url.pathname}`) {
      case 'GET /api/v1/user/groups':
        return envelope([{ id: 1001, userProfileId: 1, groupName: 'Concrete' }]);
      case 'GET /api/formauthorization':
        return envelope([{ FormId: 50501, PermissionId: permissionLevels.FullWithPrices }]);
      case 'GET /api/v1/sysadmin':
        return json({ value: false, message: '' });
      case 'GET /api/servers':
        return envelope([{ databaseName: 'DEMO', serverName: 'db1' }]);
      case 'GET /api/v1/employees/12':
        return json(current);
      case 'PUT /api/v1/employees/12': {
        const body = JSON.parse(init?.body as string) as Record<string, unknown>;
        saved.push(body);
        // Answered as the server does: the driver row as stored (with its read-only call-in).
        const { nationalIdentifier, ...rest } = body;
        delete rest.driver;
        current = {
          ...current,
          ...rest,
          nationalIdentifierLast4:
            typeof nationalIdentifier === 'string'
              ? nationalIdentifier.slice(-4)
              : current.nationalIdentifierLast4,
          version: 4,
        };
        return json(current);
      }
      default:
        return undefined;
    }
  };
}

const logIn = () => logInAs('office');

/** R-MAINT-12: the employee form, its masked national identifier and its driver tab. */
describe('Employee Maintenance', () => {
  const saved: Record<string, unknown>[] = [];
  appTestLifecycle(() => {
    saved.length = 0;
    return fakeFetch(server(saved));
  });
  beforeEach(logIn);

  it('masks the identifier, sends a new one write-only, and warns of a licence expiring', async () => {
    const user = userEvent.setup();
    await renderAppAt('/employees/maintenance/12');

    expect(
      await screen.findByRole('heading', { name: '1007 Dee Driver' }, { timeout: 20_000 }),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'General',
      'Contact',
      'Ticketing',
      'Driver',
    ]);
    expect(screen.getByTestId('national-identifier')).toHaveTextContent('•••• 6789');
    expect(screen.getByRole('button', { name: 'Reveal' })).toBeInTheDocument();

    await user.type(screen.getByLabelText(/New national identifier/), '987-65-4321');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatchObject({ nationalIdentifier: '987-65-4321', version: 3 });
    await waitFor(() =>
      expect(screen.getByTestId('national-identifier')).toHaveTextContent('•••• 4321'),
    );
    expect(screen.getByLabelText(/New national identifier/)).toHaveValue('');

    await user.click(screen.getByRole('tab', { name: 'Driver' }));
    expect(await screen.findByText(/expires on .*, in 10 days/)).toBeInTheDocument();
  }, 40_000);

  it('leaves the identifier out of a save that does not change it', async () => {
    const user = userEvent.setup();
    await renderAppAt('/employees/maintenance/12');
    await screen.findByRole('heading', { name: '1007 Dee Driver' }, { timeout: 20_000 });
    await user.type(screen.getByLabelText(/^Middle name/), 'B.');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatchObject({ middleName: 'B.', version: 3 });
    expect(saved[0]).not.toHaveProperty('nationalIdentifier');
    expect(saved[0]).not.toHaveProperty('nationalIdentifierLast4');
  }, 40_000);
});
