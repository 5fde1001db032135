import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { permissionLevels } from '@dispatch/domain/permissions';
import { customerResource } from '@dispatch/domain/resources/customers';
import { isTextKind, type Field } from '@dispatch/domain/resources/field';
import { jobResource } from '@dispatch/domain/resources/jobs';
import { renderAppAt } from '../../test/render-app';
import { fakeFetch, json, type FetchRoute } from '../../test/render';
import { appTestLifecycle, logInAs } from '../../test/session';

const envelope = (data: unknown[]) => json({ error: false, count: data.length, data });

/** A field as the server answers it when empty. */
function empty(fields: Readonly<Record<string, Field>>, prices: boolean): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(fields)
      .filter(([, field]) => prices || !field.price)
      .map(([name, field]) => [
        name,
        isTextKind(field.kind) ? '' : field.kind === 'flag' ? false : null,
      ]),
  );
}

const concreteRow = {
  id: 41,
  ...empty(customerResource.children.concrete!.fields, false),
  startDate: '2026-01-01',
};

/** Customer 12 as the server answers a concrete clerk who may not see prices (level 4). */
const customer = {
  id: 12,
  ...empty(customerResource.fields, false),
  number: 'C100',
  name: 'Acme Builders',
  // Never empty: English until someone sets another (issue 25).
  language: 'en',
  version: 3,
  modifiedAt: '2026-03-01T10:00:00.000Z',
  modifiedBy: 'office',
  labels: {},
  concrete: [concreteRow],
  aggregate: [],
  block: [],
};

const job = {
  id: 7,
  ...empty(jobResource.fields, true),
  customerId: 12,
  jobTypeId: 0,
  version: 1,
  modifiedAt: '2026-03-01T10:00:00.000Z',
  modifiedBy: 'office',
  number: '2026-0007',
  address1: '12 Harbour Road',
  address3: 'Columbus',
  customerJobNumber: 'Tower',
  labels: { customerId: 'C100 Acme Builders' },
};

/** A concrete clerk: customers without prices (level 4), jobs in full. */
function server(saved: unknown[]): FetchRoute {
  return (url, init) => {
    const method = init?.method ?? 'GET';
    if (url.pathname.endsWith('/options')) return envelope([]);
    switch (`${method} ${url.pathname}`) {
      case 'GET /api/v1/user/groups':
        return envelope([{ id: 1001, userProfileId: 1, groupName: 'Concrete' }]);
      case 'GET /api/formauthorization':
        return envelope([
          { FormId: 50101, PermissionId: permissionLevels.FullNoPrices },
          { FormId: 50201, PermissionId: permissionLevels.FullWithPrices },
        ]);
      case 'GET /api/v1/sysadmin':
        return json({ value: false, message: '' });
      case 'GET /api/servers':
        return envelope([{ databaseName: 'DEMO', serverName: 'db1' }]);
      case 'GET /api/v1/customers/12':
        return json(customer);
      case 'GET /api/v1/jobs':
        return url.searchParams.get('customerId') === '12' ? envelope([job]) : envelope([]);
      // As the server answers a level that hides prices: no amounts (R-PERM-6).
      case 'GET /api/v1/customers/12/credit-letters':
        return envelope([
          {
            id: 3,
            customerId: 12,
            customerNumber: 'C100',
            customerName: 'Acme Builders',
            templateId: 1,
            templateName: 'Past due, 30 days',
            subject: 'Your account is past due',
            letterDate: '2026-11-20',
            sentAt: '2026-11-20T14:00:00.000Z',
            sentBy: 'clerk',
            jobId: null,
            daysPastDue: 34,
          },
        ]);
      case 'PUT /api/v1/customers/12': {
        const body = JSON.parse(init?.body as string) as Record<string, unknown>;
        saved.push(body);
        return json({ ...customer, ...body, version: 4 });
      }
      default:
        return undefined;
    }
  };
}

const logIn = () => logInAs('clerk');

/** R-MAINT-8: the customer form with its pricing tabs by system type, its jobs and its letters. */
describe('Customer Maintenance', () => {
  const saved: unknown[] = [];
  appTestLifecycle(() => {
    saved.length = 0;
    return fakeFetch(server(saved));
  });
  beforeEach(logIn);

  it('shows the pricing tab of the clerk’s system type only, without prices, and saves without them', async () => {
    const user = userEvent.setup();
    await renderAppAt('/customers/maintenance/12');

    expect(
      await screen.findByRole('heading', { name: 'C100 Acme Builders' }, { timeout: 20_000 }),
    ).toBeInTheDocument();
    const tabs = screen.getAllByRole('tab').map((tab) => tab.textContent);
    expect(tabs).toEqual([
      'General',
      'Billing',
      'Contacts',
      'Credit, terms and tax',
      'Concrete pricing',
      'Jobs',
      'Letters',
    ]);

    await user.click(screen.getByRole('tab', { name: 'Concrete pricing' }));
    const pricing = screen.getByRole('group', { name: 'Concrete pricing defaults' });
    expect(within(pricing).getByLabelText('Starts')).toHaveValue('2026-01-01');
    expect(within(pricing).queryByLabelText('Standby price')).not.toBeInTheDocument();
    expect(within(pricing).queryByLabelText('Cartage rate')).not.toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Jobs' }));
    const jobs = await screen.findByRole('group', { name: 'Jobs' });
    expect(
      await within(jobs).findByRole('link', { name: '2026-0007 12 Harbour Road' }),
    ).toHaveAttribute('href', '/jobs/maintenance/7');
    expect(within(jobs).getByRole('link', { name: 'New' })).toHaveAttribute(
      'href',
      '/jobs/maintenance/new?customerId=12',
    );

    // R-CREDIT-15: the letters the customer was sent, without the amounts this level hides.
    await user.click(screen.getByRole('tab', { name: 'Letters' }));
    const letters = await screen.findByRole('table', { name: 'Letters sent' });
    expect(within(letters).getByRole('cell', { name: 'Past due, 30 days' })).toBeInTheDocument();
    expect(within(letters).getByRole('cell', { name: 'clerk' })).toBeInTheDocument();
    expect(within(letters).queryByRole('columnheader', { name: 'Customer' })).toBeNull();
    expect(within(letters).queryByRole('columnheader', { name: /Past due/ })).toBeNull();

    await user.click(screen.getByRole('tab', { name: 'General' }));
    const name = screen.getByLabelText(/^Name/);
    await user.clear(name);
    await user.type(name, 'Acme Builders Inc');
    // Issue 25: the customer's tickets and invoices print in the language picked here.
    const language = screen.getByRole('combobox', { name: 'Language' });
    expect(language).toHaveValue('English');
    expect(language).toHaveAccessibleDescription(
      'Its delivery tickets and invoices are printed in this language',
    );
    await user.click(language);
    await user.click(await screen.findByRole('option', { name: 'Español', hidden: true }));
    expect(language).toHaveValue('Español');
    // R-INV-13: the customer is invoiced by the nightly run from now on.
    await user.click(screen.getByRole('tab', { name: 'Billing' }));
    const nightly = screen.getByLabelText('Invoice automatically each night');
    expect(nightly).not.toBeChecked();
    await user.click(nightly);
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(saved).toHaveLength(1));
    const body = saved[0] as Record<string, unknown>;
    expect(body).toMatchObject({
      name: 'Acme Builders Inc',
      language: 'es',
      autoInvoiceFlag: true,
      version: 3,
    });
    expect(body).not.toHaveProperty('aggregate');
    expect(body).not.toHaveProperty('block');
    expect(body.concrete).toEqual([expect.objectContaining({ id: 41, startDate: '2026-01-01' })]);
    expect(body.concrete).toEqual([
      expect.not.objectContaining({ standbyPrice: expect.anything() }),
    ]);
  }, 40_000);
});
