/**
 * R-CREDIT-6..R-CREDIT-10 on Form Letter Maintenance, against a faked server: a template's merge
 * fields typed after `{{` or inserted from the list, the live preview for a chosen customer, an
 * unknown field shown at once and refused, a stale save answered with who saved it, and a new
 * template created.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { permissionLevels } from '@dispatch/domain/permissions';
import { accessRoutes, option, optionsRoute } from '../../test/app-server';
import { fakeFetch, json, type FetchRoute } from '../../test/render';
import { renderAppAt } from '../../test/render-app';
import { appTestLifecycle, logInAs } from '../../test/session';

const template = (overrides: Record<string, unknown> = {}) => ({
  id: 4,
  name: 'Friendly reminder',
  languageId: 1,
  subject: 'Account {{customerNumber}}',
  body: 'Dear {{contactName}},\n\nYou owe ',
  inactiveFlag: false,
  version: 3,
  modifiedAt: '2026-03-10T10:00:00.000Z',
  modifiedBy: 'maria',
  labels: {},
  ...overrides,
});

const values: Record<string, string> = {
  customerNumber: 'C100',
  contactName: 'Dana Ortiz',
  balance: '$11,000.00',
  customerName: 'Acme Builders',
};

type State = {
  previews: Record<string, unknown>[];
  saves: Record<string, unknown>[];
  stale: boolean;
};

function server(state: State): FetchRoute {
  return (url, init) => {
    const method = init?.method ?? 'GET';
    switch (`${method} ${url.pathname}`) {
      case 'GET /api/v1/letter-templates/4':
        return json(template());
      case 'PUT /api/v1/letter-templates/4': {
        state.saves.push(JSON.parse(init?.body as string) as Record<string, unknown>);
        if (state.stale) {
          return json(
            {
              message:
                'Letter template Friendly reminder was changed by maria at 2026-03-11 09:14 since you opened it. Reload it and try again.',
              code: 'stale_version',
              errorTypeId: 5,
              data: null,
            },
            409,
          );
        }
        return json(
          template({
            ...(JSON.parse(init?.body as string) as Record<string, unknown>),
            version: 4,
            modifiedBy: 'clerk',
          }),
        );
      }
      case 'POST /api/v1/letter-templates': {
        const body = JSON.parse(init?.body as string) as Record<string, unknown>;
        state.saves.push(body);
        return json(template({ ...body, id: 9, version: 1 }), 201);
      }
      case 'GET /api/v1/letter-templates/9':
        return json(template({ id: 9, name: 'Statement', version: 1 }));
      case 'POST /api/v1/credit-letters/preview': {
        const body = JSON.parse(init?.body as string) as { subject: string; body: string };
        state.previews.push(body);
        const unknown = /\{\{(\w+)\}\}/g;
        const wrong = [...body.body.matchAll(unknown)].find((match) => !(match[1]! in values));
        if (wrong) {
          return json(
            {
              message: 'body: unknown',
              data: [
                {
                  field: 'body',
                  reason: `has an unknown merge field {{${wrong[1]}}}: choose one from the list of merge fields`,
                },
              ],
            },
            400,
          );
        }
        const fill = (text: string) => text.replace(unknown, (_all, key: string) => values[key]!);
        return json({
          subject: fill(body.subject),
          body: fill(body.body),
          customerName: 'Acme Builders',
          customerNumber: 'C100',
          letterDate: 'March 11, 2026',
          address: ['Acme Builders', 'PO Box 12', 'Columbus, OH 43215'],
          letterhead: { name: 'Scioto Valley Materials', lines: ['3300 Refugee Rd'] },
          senderName: 'Maria Lopez',
          amountsHidden: false,
        });
      }
      default:
        return undefined;
    }
  };
}

describe('Form Letter Maintenance', () => {
  const state: State = { previews: [], saves: [], stale: false };
  appTestLifecycle(() => {
    Object.assign(state, { previews: [], saves: [], stale: false });
    return fakeFetch(
      server(state),
      optionsRoute((list) => (list === 'customers' ? [option(1, 'C100', 'Acme Builders')] : [])),
      accessRoutes({
        forms: () => [{ FormId: 50902, PermissionId: permissionLevels.FullWithPrices }],
      }),
    );
  });
  beforeEach(() => {
    logInAs('clerk');
    localStorage.setItem('creditLetters.previewCustomer', '1');
  });

  it('inserts merge fields by typing {{ or from the list, previews live, and saves', async () => {
    const user = userEvent.setup();
    await renderAppAt('/credit/form-letter-maintenance/4');
    const body = await screen.findByRole('textbox', { name: /^Letter/ }, { timeout: 20_000 });
    const preview = screen.getByRole('region', { name: 'Preview' });
    expect(await within(preview).findByText('Re: Account C100')).toBeInTheDocument();
    expect(within(preview).getByText('Dear Dana Ortiz,')).toBeInTheDocument();

    // Typed after {{: the list narrows; Enter inserts the field.
    await user.click(body);
    await user.keyboard('{Control>}{End}{/Control}');
    await user.type(body, '{{{{bal');
    const suggestions = await screen.findByRole('listbox', {
      name: 'Letter: Merge fields',
      hidden: true,
    });
    expect(within(suggestions).getAllByRole('option', { hidden: true })).toHaveLength(1);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(body).toHaveValue('Dear {{contactName}},\n\nYou owe {{balance}}'));
    // The list beside inserts at the caret.
    await user.type(body, ', ');
    await user.click(screen.getByRole('button', { name: 'Insert Customer name' }));
    await waitFor(() =>
      expect(body).toHaveValue('Dear {{contactName}},\n\nYou owe {{balance}}, {{customerName}}'),
    );
    expect(
      await within(preview).findByText('You owe $11,000.00, Acme Builders'),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(state.saves.at(-1)).toMatchObject({
        body: 'Dear {{contactName}},\n\nYou owe {{balance}}, {{customerName}}',
        version: 3,
      }),
    );
    expect(await screen.findByText('Friendly reminder saved.')).toBeInTheDocument();
  }, 60_000);

  it('shows an unknown merge field at once, and a stale save names who saved it', async () => {
    const user = userEvent.setup();
    await renderAppAt('/credit/form-letter-maintenance/4');
    const body = await screen.findByRole('textbox', { name: /^Letter/ }, { timeout: 20_000 });
    await user.click(body);
    await user.keyboard('{Control>}{End}{/Control}');
    await user.type(body, '{{{{owed}}');
    expect(
      await screen.findAllByText(
        'has an unknown merge field {{owed}}: choose one from the list of merge fields',
      ),
    ).not.toHaveLength(0);
    const preview = screen.getByRole('region', { name: 'Preview' });
    expect(
      await within(preview).findByText('Fix the template to see the preview.'),
    ).toBeInTheDocument();

    await user.clear(body);
    await user.type(body, 'Dear customer');
    state.stale = true;
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog', { name: 'Changed by someone else' });
    expect(within(dialog).getByText(/was changed by maria/)).toBeInTheDocument();
  }, 60_000);

  it('creates a new template in Spanish', async () => {
    const user = userEvent.setup();
    await renderAppAt('/credit/form-letter-maintenance/new');
    const name = await screen.findByRole('textbox', { name: /^Name/ }, { timeout: 20_000 });
    await user.type(name, 'Statement');
    await user.click(screen.getByRole('radio', { name: 'Spanish' }));
    await user.type(screen.getByRole('textbox', { name: /^Subject/ }), 'Cuenta ');
    await user.type(screen.getByRole('textbox', { name: /^Letter/ }), 'Estimado cliente');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() =>
      expect(state.saves).toEqual([
        {
          name: 'Statement',
          languageId: 2,
          subject: 'Cuenta',
          body: 'Estimado cliente',
          inactiveFlag: false,
        },
      ]),
    );
  }, 60_000);
});
