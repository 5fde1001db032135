/**
 * R-LINK-4, R-LINK-6 (issue 13, item 8), in Debian's Chromium against the real server and the
 * demo producer: an edit-tickets link, as an e-mail or another system writes it, opens Edit
 * Tickets at the ticket it names, a truck maintenance link opens the truck, and a link naming no
 * ticket says "Invalid hyperlink cannot navigate to item". R-LINK-5: Ctrl+click on a menu entry
 * opens its form in a new tab that signs in with the session's token.
 */
import { describe, expect, it } from 'vitest';
import type { TicketEditRow } from '@dispatch/domain/tickets/ticket-edits';
import { formatDate } from '@dispatch/domain/dates/date-format';
import { apiAs } from './support/api-calls';
import { connected, productSuite } from './support/maintenance';
import { menuEntryByEnumId } from '@dispatch/domain/menu/menu-catalogue';

type Envelope<T> = { data: T[] };

describe('links to edit tickets and truck maintenance', () => {
  const { suite, newPage } = productSuite();

  it('open Edit Tickets at the ticket and Truck Maintenance at the truck they name', async () => {
    const url = suite.product.url;
    const call = await apiAs(url, 'dispatcher');
    const today = formatDate(new Date(), 'YYYY-MM-DD');
    const [ticket] = (
      await call<Envelope<TicketEditRow>>(
        'GET',
        `/api/v1/tickets/search?dateFrom=${today}&dateTo=${today}&limit=1`,
      )
    ).data;
    const [truck] = (
      await call<Envelope<{ id: number; identificationNumber: string }>>(
        'GET',
        '/api/v1/trucks?limit=1',
      )
    ).data;
    expect(ticket).toBeDefined();
    expect(truck).toBeDefined();
    const page = await newPage('dispatcher', { width: 1440, height: 1000 });

    // A link as another system writes it: not a route of the app, followed in place.
    await page.goto(`${url}/mail/ticketing/edit-tickets?ticketId=${ticket!.id}`);
    await page.waitForURL(`${url}/ticketing/edit-tickets?ticketId=${ticket!.id}`);
    await connected(page);
    await page.getByRole('form', { name: `Ticket ${ticket!.number}` }).waitFor();

    await page.goto(`${url}/mail/trucks/maintenance?truckId=${truck!.id}`);
    await page.waitForURL(`${url}/trucks/maintenance/${truck!.id}`);
    await connected(page);
    await expect
      .poll(() => page.getByRole('textbox', { name: /^Number/ }).inputValue())
      .toBe(truck!.identificationNumber);

    await page.goto(`${url}/mail/ticketing/edit-tickets?ticketId=first`);
    await page.getByRole('dialog').getByText('Invalid hyperlink cannot navigate to item').waitFor();
  });

  it('R-LINK-5: Ctrl+click on a menu entry opens the form in a new tab, signed in', async () => {
    const jobs = menuEntryByEnumId('JobMaintenance')!;
    const page = await newPage('dispatcher', { width: 1440, height: 1000 });
    await connected(page);
    await page.getByLabel('Filter the menu').fill(jobs.longName);
    const link = page
      .getByRole('navigation', { name: 'Main menu' })
      .getByRole('link', { name: jobs.name, exact: true });
    const opening = page.context().waitForEvent('page');
    await link.click({ modifiers: ['Control'] });
    const tab = await opening;
    try {
      // The new tab signs in with the link's token, opens the form, and drops the token from
      // its address (R-ENTRY-1).
      await tab
        .getByRole('heading', { level: 2, name: 'Jobs', exact: true })
        .waitFor({ timeout: 30_000 });
      await tab.getByRole('button', { name: 'Log out' }).waitFor();
      const landed = new URL(tab.url());
      expect(landed.pathname).toBe(jobs.path);
      expect(landed.searchParams.has('token')).toBe(false);
      // This tab stays where it was.
      expect(new URL(page.url()).pathname).toBe('/home');
    } finally {
      await tab.close();
    }
  });
});
