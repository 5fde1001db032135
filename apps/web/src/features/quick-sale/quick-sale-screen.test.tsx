import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { permissionLevels } from '@dispatch/domain/permissions';
import { updateServerConfig } from '../../lib/app-config';
import { accessRoutes, option, optionsRoute, type PickOption } from '../../test/app-server';
import { fakeFetch, json, type FetchRoute } from '../../test/render';
import { pick } from '../../test/pick-list';
import { renderAppAt } from '../../test/render-app';
import { appTestLifecycle, logInAs } from '../../test/session';

const options: Record<string, PickOption[]> = {
  customers: [option(12, 'C100', 'Ace Builders')],
  plants: [option(4, '', 'Delaware Pit')],
  'aggregate-products': [option(57, '57', '#57 Stone')],
};

type Body = Record<string, unknown> & { payments: Record<string, unknown>[] };
type State = { posted: Body[]; level: number };

function server(state: State): FetchRoute {
  return (url, init) => {
    const method = init?.method ?? 'GET';
    switch (`${method} ${url.pathname}`) {
      case 'GET /api/v1/quick-sales/price':
        return json({ price: 24, taxable: true, unitOfMeasureId: 6, taxRate: 7.25 });
      case 'POST /api/v1/quick-sales': {
        const body = JSON.parse(init?.body as string) as Body;
        state.posted.push(body);
        const payment = body.payments[0]!;
        if (payment.cardNumber === '4000 0000 0000 0002') {
          return json(
            {
              message: 'The card was declined: Your card was declined.',
              code: 'card_declined',
              data: [{ field: 'payments.0.cardNumber', reason: 'Your card was declined.' }],
            },
            409,
          );
        }
        return json(
          {
            orderId: 900,
            orderNumber: 5001,
            ticketId: 70,
            ticketNumber: 9000,
            customerName: 'Ace Builders',
            plantName: 'Delaware Pit',
            totalAmount: payment.amount,
            payments: [
              {
                method: payment.method,
                amount: payment.amount,
                changeDue: null,
                cardBrand: 'visa',
                cardLast4: '4242',
                approvalCode: 'A1B2C3',
                checkNumber: null,
              },
            ],
          },
          201,
        );
      }
      case 'GET /api/v1/quick-sales/900/receipt.pdf':
        return new Response(new Blob(['%PDF-1.7'], { type: 'application/pdf' }), { status: 200 });
      default:
        return undefined;
    }
  };
}

async function openTill() {
  await renderAppAt('/orders/aggregate-quick-sale');
  await screen.findByRole(
    'heading',
    { name: 'Aggregate quick sale', level: 2 },
    { timeout: 20_000 },
  );
}

/** Ace Builders at the pit, 10 t of #57 stone at 24.00: 240.00 + 7.25% = 257.40. */
async function ringUp(user: UserEvent) {
  const customer = screen.getByRole('region', { name: 'Customer' });
  await pick(
    user,
    within(customer).getByRole('combobox', { name: 'Customer' }),
    'Ace',
    'C100 · Ace Builders',
  );
  await pick(
    user,
    within(customer).getByRole('combobox', { name: 'Plant' }),
    'Del',
    'Delaware Pit',
  );
  const lines = screen.getByRole('region', { name: 'Products' });
  await pick(
    user,
    within(lines).getByRole('combobox', { name: 'Product 1' }),
    '57',
    '57 · #57 Stone',
  );
  await waitFor(() =>
    expect(within(lines).getByRole('textbox', { name: 'Product 1 price' })).toHaveValue('$24.00'),
  );
  const quantity = within(lines).getByRole('textbox', { name: 'Product 1 quantity' });
  await user.clear(quantity);
  await user.type(quantity, '10');
  const totals = screen.getByRole('region', { name: 'Totals' });
  await waitFor(() => expect(within(totals).getByLabelText('Total')).toHaveTextContent('$257.40'));
  expect(within(totals).getByText('Tax (7.25%)')).toBeInTheDocument();
}

describe('Aggregate quick sale', () => {
  const state: State = { posted: [], level: permissionLevels.FullWithPrices };
  appTestLifecycle(() => {
    state.posted = [];
    state.level = permissionLevels.FullWithPrices;
    return fakeFetch(
      server(state),
      optionsRoute((list) => options[list]),
      accessRoutes({
        groups: [{ id: 1002, userProfileId: 1, groupName: 'Aggregate' }],
        forms: () => [{ FormId: 21000, PermissionId: state.level }],
      }),
    );
  });
  beforeEach(() => {
    logInAs('clerk');
    updateServerConfig({ paymentsAvailable: true });
  });

  it('sells by card: a decline beside the card, then the approval and the receipt', async () => {
    const user = userEvent.setup();
    await openTill();
    await ringUp(user);

    const payment = screen.getByRole('region', { name: 'Payment' });
    await user.click(within(payment).getByRole('radio', { name: 'Card' }));
    const cardNumber = within(payment).getByRole('textbox', { name: 'Card number' });
    expect(cardNumber).toHaveAttribute('autocomplete', 'off');
    await user.type(cardNumber, '4000 0000 0000 0002');
    expect(within(payment).getByText('Visa')).toBeInTheDocument();
    await user.type(within(payment).getByRole('textbox', { name: 'Expiry' }), '12/30');
    const security = within(payment).getByLabelText('Security code');
    expect(security).toHaveAttribute('type', 'password');
    expect(security).toHaveAttribute('autocomplete', 'off');
    await user.type(security, '737');
    await user.type(within(payment).getByRole('textbox', { name: 'Billing ZIP' }), '43065');
    // Ctrl+Enter completes the sale from the keyboard.
    await user.keyboard('{Control>}{Enter}{/Control}');
    expect(await within(payment).findByText('Your card was declined.')).toBeInTheDocument();
    expect(state.posted[0]).toMatchObject({
      systemTypeId: 2,
      customerId: 12,
      plantId: 4,
      lines: [{ productId: 57, quantity: 10, price: 24, taxableFlag: true }],
      payments: [{ method: 'card', amount: 257.4, expiry: '12/30', securityValue: '737' }],
    });

    await user.clear(cardNumber);
    await user.type(cardNumber, '4242 4242 4242 4242');
    await user.click(screen.getByRole('button', { name: 'Complete sale' }));
    const done = await screen.findByRole('status');
    expect(done).toHaveTextContent('Sale complete: order 5001, ticket 9000');
    expect(done).toHaveTextContent('Visa •••• 4242 approved for $257.40, approval code A1B2C3.');
    // The card's digits do not stay on the page.
    expect(cardNumber).toHaveValue('');

    const open = vi.fn(() => null);
    vi.stubGlobal('open', open);
    URL.createObjectURL = vi.fn(() => 'blob:http://localhost/receipt');
    URL.revokeObjectURL = vi.fn();
    await user.click(within(done).getByRole('button', { name: 'Print receipt' }));
    await waitFor(() => expect(open).toHaveBeenCalled());
    expect(open).toHaveBeenCalledWith(
      'blob:http://localhost/receipt#receipt-9000.pdf',
      '_blank',
      expect.stringContaining('popup=yes'),
    );
  }, 60_000);

  it('takes cash from a walk-in with the change due, and checks before sending', async () => {
    const user = userEvent.setup();
    await openTill();
    const customer = screen.getByRole('region', { name: 'Customer' });
    await user.click(within(customer).getByRole('radio', { name: 'Walk-in' }));
    await user.click(screen.getByRole('button', { name: 'Complete sale' }));
    expect(await screen.findByText('Walk-in name is required.')).toBeInTheDocument();
    expect(state.posted).toEqual([]);

    await user.type(within(customer).getByRole('textbox', { name: /Walk-in name/ }), 'Pat');
    await pick(
      user,
      within(customer).getByRole('combobox', { name: 'Plant' }),
      'Del',
      'Delaware Pit',
    );
    const lines = screen.getByRole('region', { name: 'Products' });
    await pick(
      user,
      within(lines).getByRole('combobox', { name: 'Product 1' }),
      '57',
      '57 · #57 Stone',
    );
    await waitFor(() =>
      expect(within(lines).getByRole('textbox', { name: 'Product 1 quantity' })).toHaveValue('1'),
    );
    const totals = screen.getByRole('region', { name: 'Totals' });
    await waitFor(() => expect(within(totals).getByLabelText('Total')).toHaveTextContent('$25.74'));
    const payment = screen.getByRole('region', { name: 'Payment' });
    await user.type(within(payment).getByRole('textbox', { name: 'Amount tendered' }), '30');
    // 24.00 + 7.25% = 25.74; 30.00 tendered.
    await waitFor(() =>
      expect(within(payment).getByLabelText('Change due')).toHaveTextContent('$4.26'),
    );
    // R-INPUT-1: a letter in the amount stays beside its reason, and nothing is sold.
    const tendered = () => within(payment).getByRole('textbox', { name: 'Amount tendered' });
    await user.type(tendered(), 'x');
    expect(tendered()).toHaveAccessibleDescription(/Type digits only/);
    await user.keyboard('{Control>}{Enter}{/Control}');
    expect(tendered()).toHaveFocus();
    expect(state.posted).toEqual([]);
    await user.keyboard('{Backspace}');
    expect(tendered()).toHaveValue('$30.00');
    await user.keyboard('{Control>}{Enter}{/Control}');
    await screen.findByRole('status');
    expect(state.posted[0]).toMatchObject({
      walkIn: true,
      customerId: null,
      walkInName: 'Pat',
      payments: [{ method: 'cash', amount: 25.74, amountTendered: 30 }],
    });
  }, 60_000);

  it('refuses to sell at a level that hides prices', async () => {
    state.level = permissionLevels.FullNoPrices;
    await openTill();
    expect(
      screen.getByText(
        'Quick sale takes payment, so it needs a permission level that shows prices.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Complete sale' })).toBeDisabled();
  });
});
