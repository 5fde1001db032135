/**
 * Flag invoice as an office clerk does it (issue 12, item 4; R-INV-1..R-INV-10), in Debian's
 * Chromium against the real server over the demo data: filter the last delivery day's tickets by a
 * customer picked as you type, select all of theirs, create the invoice and read its number, open
 * its PDF in the print window; the invoiced order then refuses a change of customer until the
 * invoice is credited from the Invoices tab.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { apiToken, openFromMenu, productSuite, screenshots } from './support/maintenance';
import { customerWithFewTickets, lastDeliveryDay, localDay } from './support/delivery-days';
import { savePdfFirstPage } from './support/pdf-shot';

describe('flag invoice', () => {
  const { suite, newPage } = productSuite();

  it('invoices a customer’s delivered tickets, opens the PDF, and refuses changing them', async () => {
    const url = suite.product.url;
    const token = await apiToken(url, 'dispatcher');
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    // A customer with a few delivered, priced tickets on the last delivery day: the demo
    // producer's usual day.
    const { day: deliveryDay, candidates } = await lastDeliveryDay(
      url,
      headers,
      (day) => customerWithFewTickets(day) !== undefined,
    );
    const customer = customerWithFewTickets(candidates);
    expect(customer, 'a demo customer with delivered tickets').toBeDefined();
    const ticketIds = customer!.orders.flatMap((order) => order.tickets.map((ticket) => ticket.id));

    const page = await newPage('dispatcher', { width: 1440, height: 1100 });
    await openFromMenu(page, 'FlagInvoice');
    await page.getByRole('heading', { name: 'Flag Invoice', level: 2 }).waitFor();
    const filters = page.getByRole('region', { name: 'Filters' });
    await filters.getByLabel('Delivered from').fill(deliveryDay);
    await filters.getByLabel('Delivered to').fill(deliveryDay);
    const customerBox = filters.getByRole('combobox', { name: 'Customer' });
    await customerBox.click();
    await customerBox.fill(customer!.customerName.slice(0, 8));
    const listbox = page.locator(`#${await customerBox.getAttribute('aria-controls')}`);
    await listbox
      .getByRole('option', { name: new RegExp(customer!.customerName) })
      .first()
      .click();

    const group = page.getByRole('region', { name: customer!.customerName, exact: true });
    await group.waitFor();
    await group
      .getByRole('checkbox', { name: `Select every ticket of ${customer!.customerName}` })
      .check();
    const bar = page.getByRole('region', { name: 'Create invoices' });
    await bar.getByText(`${ticketIds.length} tickets selected · one invoice`).waitFor();
    await bar.getByLabel('Invoice date').fill(localDay(0));
    await page.screenshot({ path: path.join(screenshots, 'flag-invoice-en.png'), fullPage: true });

    const creating = page.waitForResponse(
      (response) =>
        response.url().endsWith('/api/v1/invoices') && response.request().method() === 'POST',
    );
    await bar.getByRole('button', { name: 'Create invoices' }).click();
    const answer = await creating;
    expect(answer.status()).toBe(201);
    const [invoice] = ((await answer.json()) as { invoices: { id: number; number: number }[] })
      .invoices;
    await page.getByText(`Invoice ${invoice!.number}`, { exact: true }).waitFor();
    // The invoiced tickets leave the list.
    await group.waitFor({ state: 'detached' });

    // The PDF opens in the print window, and is a PDF.
    const popup = page.waitForEvent('popup');
    await page.getByRole('button', { name: `Open the PDF of invoice ${invoice!.number}` }).click();
    const printWindow = await popup;
    expect(printWindow.url()).toMatch(new RegExp(`^blob:.*#invoice-${invoice!.number}\\.pdf$`));
    await printWindow.close();
    const pdf = Buffer.from(
      await (
        await fetch(`${url}/api/v1/invoices/${invoice!.id}/invoice.pdf`, { headers })
      ).arrayBuffer(),
    );
    savePdfFirstPage(pdf, `invoice-${invoice!.number}.pdf`, 'invoice-pdf');

    // R-INV-3: the invoiced order may not move to another customer.
    const orderId = customer!.orders[0]!.orderId;
    const order = (await (await fetch(`${url}/api/v1/orders/${orderId}`, { headers })).json()) as {
      customerId: number;
    };
    const other = candidates.customers.find((entry) => entry.customerId !== customer!.customerId);
    const moved = await fetch(`${url}/api/v1/orders/${orderId}`, {
      method: 'PUT',
      headers,
      body: JSON.stringify({ ...order, customerId: other!.customerId, jobId: null }),
    });
    expect(moved.status).toBe(409);
    expect(((await moved.json()) as { message: string }).message).toMatch(
      new RegExp(`^Ticket \\d+ is on invoice ${invoice!.number}; issue a credit first\\.$`),
    );

    // The Invoices tab finds it; a credit needs a reason and releases the tickets.
    await page.getByRole('tab', { name: 'Invoices' }).click();
    const invoices = page.getByRole('region', { name: 'Invoices' });
    await page.getByLabel('Search').fill(String(invoice!.number));
    await invoices.getByRole('cell', { name: String(invoice!.number), exact: true }).waitFor();
    await invoices
      .getByRole('button', { name: `Issue a credit for invoice ${invoice!.number}` })
      .click();
    const dialog = page.getByRole('dialog', { name: `Credit invoice ${invoice!.number}` });
    await dialog.getByRole('button', { name: 'Issue credit note' }).click();
    await dialog.getByText('Give the reason for the credit.').waitFor();
    await dialog.getByLabel('Reason').fill('Priced at the wrong rate');
    await dialog.getByRole('button', { name: 'Issue credit note' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByLabel('Search').fill('');
    await invoices.getByText(`Credited by ${invoice!.number + 1}`).waitFor();
    await invoices.getByText(`Credits ${invoice!.number}`).waitFor();

    // The same screen in Spanish.
    await page.evaluate(() => localStorage.setItem('language', 'es'));
    await page.reload();
    await page.getByText('Despachador · Conectado').waitFor();
    await page.getByRole('dialog', { name: 'Conectando' }).waitFor({ state: 'hidden' });
    await page.getByRole('tab', { name: 'Boletas entregadas' }).waitFor();
    await page
      .getByRole('region', { name: 'Filtros' })
      .getByLabel('Entregadas desde')
      .fill(deliveryDay);
    await page
      .getByRole('region', { name: 'Filtros' })
      .getByLabel('Entregadas hasta')
      .fill(deliveryDay);
    // The credited invoice's tickets are back among the candidates.
    await page.getByRole('region', { name: customer!.customerName, exact: true }).waitFor();
    await page
      .getByRole('checkbox', {
        name: `Seleccionar la boleta ${customer!.orders[0]!.tickets[0]!.number}`,
      })
      .check();
    await page.screenshot({ path: path.join(screenshots, 'flag-invoice-es.png'), fullPage: false });
    await page.evaluate(() => localStorage.setItem('language', 'en'));
  });
});
