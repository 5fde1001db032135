/**
 * Ticket and invoice inquiry as an office clerk works them (issue 14, item 5; R-INQ-1..R-INQ-11),
 * in Debian's Chromium against the real server over the demo data: the last delivery day's
 * tickets of one customer are invoiced first (through flag invoice's API). The clerk types a
 * ticket number and Enter, reads the ticket and opens its PDF in the print window; then finds the
 * invoice by its number in invoice inquiry, opens it and its PDF, and follows a ticket on it back
 * to ticket inquiry. Screenshots in English and Spanish, and the ticket list at phone width.
 */
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiToken, openFromMenu, productSuite, screenshots } from './support/maintenance';
import { customerWithFewTickets, lastDeliveryDay, localDay } from './support/delivery-days';
import { savePdfFirstPage } from './support/pdf-shot';

/** The print window opens on the PDF fetched with the token, named as the file it holds. */
async function opensInPrintWindow(page: Page, button: string, fileName: string) {
  const popup = page.waitForEvent('popup');
  await page.getByRole('button', { name: button }).click();
  const printWindow = await popup;
  expect(printWindow.url()).toMatch(new RegExp(`^blob:.*#${fileName.replace('.', '\\.')}$`));
  await printWindow.close();
}

async function shot(page: Page, name: string, fullPage = false) {
  await page.screenshot({ path: path.join(screenshots, `${name}.png`), fullPage });
}

describe('ticket and invoice inquiry', () => {
  const { suite, newPage } = productSuite();

  it('finds a ticket by number and opens its PDF, and opens an invoice from invoice inquiry', async () => {
    const url = suite.product.url;
    const token = await apiToken(url, 'dispatcher');
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const { candidates } = await lastDeliveryDay(
      url,
      headers,
      (day) => customerWithFewTickets(day) !== undefined,
    );
    const customer = customerWithFewTickets(candidates);
    expect(customer, 'a demo customer with delivered tickets').toBeDefined();
    const tickets = customer!.orders.flatMap((order) => order.tickets);
    const made = await fetch(`${url}/api/v1/invoices`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        ticketIds: tickets.map((ticket) => ticket.id),
        invoiceDate: localDay(0),
      }),
    });
    expect(made.status).toBe(201);
    const [invoice] = ((await made.json()) as { invoices: { id: number; number: number }[] })
      .invoices;
    const ticket = tickets[0]!;

    const page = await newPage('dispatcher', { width: 1440, height: 1000 });
    await openFromMenu(page, 'TicketInquiry');
    await page.getByRole('heading', { name: 'Ticket Inquiry', level: 2 }).waitFor();
    const grid = page.getByRole('grid', { name: 'Ticket Inquiry' });
    await grid.getByRole('gridcell', { name: /^\d+$/ }).first().waitFor();
    await shot(page, 'inquiry-tickets-en');

    // Ticket numbers count per plant: when another plant wrote the same number, pick the plant.
    const sameNumber = (await (
      await fetch(`${url}/api/v1/inquiry/tickets?number=${ticket.number}`, { headers })
    ).json()) as { count: number };
    const search = page.getByRole('region', { name: 'Search' });
    if (sameNumber.count > 1) {
      const plant = search.getByRole('combobox', { name: 'Plant' });
      await plant.click();
      await plant.fill(ticket.plantName);
      await page
        .locator(`#${await plant.getAttribute('aria-controls')}`)
        .getByRole('option', { name: ticket.plantName })
        .click();
    }
    const number = search.getByRole('textbox', { name: 'Ticket number' });
    await number.fill(String(ticket.number));
    await number.press('Enter');
    await page.waitForURL((address) => address.pathname === `/inquiry/ticket/${ticket.id}`);
    await page.getByRole('heading', { name: `Ticket ${ticket.number}`, level: 2 }).waitFor();
    await page.getByRole('region', { name: 'Products' }).getByRole('table').waitFor();
    await page
      .getByRole('region', { name: 'Invoice' })
      .getByRole('link', { name: `Invoice ${invoice!.number}` })
      .waitFor();
    await shot(page, 'inquiry-ticket-en', true);
    await opensInPrintWindow(
      page,
      `Open the PDF of ticket ${ticket.number}`,
      `ticket-${ticket.number}.pdf`,
    );
    const ticketPdf = Buffer.from(
      await (
        await fetch(`${url}/api/v1/tickets/${ticket.id}/ticket.pdf`, { headers })
      ).arrayBuffer(),
    );
    savePdfFirstPage(ticketPdf, `ticket-${ticket.number}.pdf`, 'inquiry-ticket-pdf');

    // Escape goes back to the search as it was left.
    await page.keyboard.press('Escape');
    await page.waitForURL((address) => address.pathname === '/inquiry/ticket');
    await expect
      .poll(() => page.getByRole('textbox', { name: 'Ticket number' }).inputValue())
      .toBe(String(ticket.number));

    await openFromMenu(page, 'InvoiceInquiry');
    await page.getByRole('heading', { name: 'Invoice Inquiry', level: 2 }).waitFor();
    await page
      .getByRole('grid', { name: 'Invoice Inquiry' })
      .getByRole('gridcell', { name: /^\d+$/ })
      .first()
      .waitFor();
    await shot(page, 'inquiry-invoices-en');
    const invoiceNumber = page.getByRole('textbox', { name: 'Invoice number' });
    await invoiceNumber.fill(String(invoice!.number));
    await invoiceNumber.press('Enter');
    await page.waitForURL((address) => address.pathname === `/inquiry/invoice/${invoice!.id}`);
    await page.getByRole('heading', { name: `Invoice ${invoice!.number}`, level: 2 }).waitFor();
    const onIt = page.getByRole('region', { name: 'Tickets on it' });
    await onIt.getByRole('link', { name: `Open ticket ${ticket.number}` }).waitFor();
    expect(await onIt.getByRole('row').count()).toBe(tickets.length + 1);
    await shot(page, 'inquiry-invoice-en', true);
    await opensInPrintWindow(
      page,
      `Open the PDF of invoice ${invoice!.number}`,
      `invoice-${invoice!.number}.pdf`,
    );
    await onIt.getByRole('link', { name: `Open ticket ${ticket.number}` }).click();
    await page.getByRole('heading', { name: `Ticket ${ticket.number}`, level: 2 }).waitFor();

    // The same screens in Spanish.
    await page.evaluate(() => localStorage.setItem('language', 'es'));
    await page.reload();
    await page.getByRole('heading', { name: `Boleta ${ticket.number}`, level: 2 }).waitFor();
    await page.getByRole('region', { name: 'Productos' }).getByRole('table').waitFor();
    await shot(page, 'inquiry-ticket-es', true);
    await page.goto(`${url}/inquiry/ticket`);
    await page.getByRole('gridcell', { name: /^\d+$/ }).first().waitFor();
    await page.getByRole('textbox', { name: 'Número de boleta' }).waitFor();
    await shot(page, 'inquiry-tickets-es');
    await page.goto(`${url}/inquiry/invoice/${invoice!.id}`);
    await page.getByRole('heading', { name: `Factura ${invoice!.number}`, level: 2 }).waitFor();
    await page.getByRole('region', { name: 'Boletas facturadas' }).getByRole('table').waitFor();
    await shot(page, 'inquiry-invoice-es', true);
    await page.goto(`${url}/inquiry/invoice`);
    await page.getByRole('gridcell', { name: /^\d+$/ }).first().waitFor();
    await shot(page, 'inquiry-invoices-es');
    await page.evaluate(() => localStorage.setItem('language', 'en'));

    // On a phone the search folds to the number and a Filters button.
    const phone = await newPage('dispatcher', { width: 390, height: 844 });
    await phone.goto(`${url}/inquiry/ticket`);
    await phone.getByRole('textbox', { name: 'Ticket number' }).waitFor();
    // A ticket number in the first column: the rows have arrived.
    await phone.getByRole('gridcell', { name: /^\d+$/ }).first().waitFor();
    await shot(phone, 'inquiry-tickets-phone');
    await phone.getByRole('button', { name: 'Filters' }).click();
    await phone.getByRole('combobox', { name: 'Customer' }).waitFor();
    await shot(phone, 'inquiry-tickets-phone-filters');
  });
});
