/**
 * The accounting export as an office clerk does it (issue 14, item 4; R-ACCT-1..R-ACCT-12), in
 * Debian's Chromium against the real server over the demo data: the administrator chooses
 * QuickBooks Desktop in System Parameters, the last delivery day's tickets are invoiced through
 * the API (beside any the demo made that day), then the clerk exports that day to IIF from the
 * screen, gets the file when accountingExportComplete_v1 arrives, and the downloaded file is read back: the
 * !TRNS, !SPL and !ENDTRNS headers, one INVOICE per invoice, every transaction balanced to zero.
 * The same day cannot be exported twice without asking; the screen is shot in English, Spanish
 * and at phone width.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readIif } from '@dispatch/domain/accounting/export-file-readers';
import { iifSplitColumns, iifTransactionColumns } from '@dispatch/domain/accounting/iif-writer';
import {
  apiToken,
  connected,
  openFromMenu,
  productSuite,
  screenshots,
} from './support/maintenance';
import { lastDeliveryDay, type Candidates } from './support/delivery-days';

describe('accounting export', () => {
  const { suite, newPage } = productSuite();

  it('exports a day of invoices to a QuickBooks Desktop IIF that balances', async () => {
    const url = suite.product.url;
    const headersOf = (token: string) => ({
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
    });
    const admin = headersOf(await apiToken(url, 'admin'));
    const clerk = headersOf(await apiToken(url, 'dispatcher'));

    // R-ACCT-3: the accounting interface chosen by the administrator is the default format.
    const parameters = (await (
      await fetch(`${url}/api/v1/admin/system-parameters`, { headers: admin })
    ).json()) as { data: { key: string; version: number }[] };
    const current = parameters.data.find((row) => row.key === 'accountingInterface')!;
    const saved = await fetch(`${url}/api/v1/admin/system-parameters/accountingInterface`, {
      method: 'PUT',
      headers: admin,
      body: JSON.stringify({ value: 'QuickBooksDesktop', version: current.version }),
    });
    expect(saved.status).toBe(200);

    // The last delivery day's tickets of a few customers, invoiced as flag invoice does.
    const deliveredOf = (candidates: Candidates) =>
      candidates.customers
        .map((customer) => customer.orders.flatMap((order) => order.tickets))
        .filter((tickets) => tickets.length > 0 && tickets.every((t) => t.problem === null))
        .slice(0, 4)
        .flat();
    const { day, candidates } = await lastDeliveryDay(
      url,
      clerk,
      (each) => deliveredOf(each).length > 0,
    );
    const chosen = deliveredOf(candidates);
    expect(chosen.length, 'delivered demo tickets').toBeGreaterThan(0);
    const invoiced = await fetch(`${url}/api/v1/invoices`, {
      method: 'POST',
      headers: clerk,
      body: JSON.stringify({ ticketIds: chosen.map((ticket) => ticket.id), invoiceDate: day }),
    });
    expect(invoiced.status).toBe(201);
    const made = ((await invoiced.json()) as { invoices: { number: number }[] }).invoices;
    // The day may hold the demo's own invoices too (its history is invoiced on each month's 1st):
    // the export carries every invoice dated that day, as the API's preview lists them.
    const range = (await (
      await fetch(`${url}/api/v1/accounting-exports/preview?from=${day}&to=${day}`, {
        headers: clerk,
      })
    ).json()) as { invoices: { number: number }[]; truncated: boolean; toExportCount: number };
    expect(range.truncated).toBe(false);
    const invoices = range.invoices;
    expect(invoices.map((invoice) => invoice.number)).toEqual(
      expect.arrayContaining(made.map((invoice) => invoice.number)),
    );
    expect(range.toExportCount).toBe(invoices.length);

    const page = await newPage('dispatcher', { width: 1440, height: 1100 });
    await openFromMenu(page, 'AccountingExport');
    await page.getByRole('heading', { name: 'Accounting Export', level: 2 }).waitFor();
    const request = page.getByRole('form', { name: 'Export' });
    await request.getByLabel('Invoice dates from').fill(day);
    await request.getByLabel('Invoice dates to').fill(day);
    await expect
      .poll(() => request.getByLabel('Format', { exact: true }).inputValue())
      .toBe('QuickBooks Desktop (IIF)');
    await page.getByText(`${invoices.length} to export`, { exact: true }).waitFor();
    const preview = page.getByRole('region', { name: 'Preview' });
    for (const invoice of made) {
      await preview.getByRole('cell', { name: String(invoice.number), exact: true }).waitFor();
    }
    await page.screenshot({ path: path.join(screenshots, 'accounting-export-en.png') });

    await request.getByRole('button', { name: 'Export' }).click();
    const ready = page.getByText(/^Batch \d+ is ready$/);
    await ready.waitFor({ timeout: 30_000 });
    const batch = Number(/\d+/.exec((await ready.textContent()) ?? '')![0]);
    const fileName = `quickbooks-desktop-batch-${batch}-${day}.iif`;
    const download = page.waitForEvent('download');
    // The Download button has the focus: Enter saves the file.
    await page.keyboard.press('Enter');
    const file = await download;
    expect(file.suggestedFilename()).toBe(fileName);
    const text = new TextDecoder('windows-1252').decode(readFileSync(await file.path()));
    const iif = readIif(text);
    expect(iif.trnsHeader).toEqual([...iifTransactionColumns]);
    expect(iif.splHeader).toEqual([...iifSplitColumns]);
    expect(iif.transactions.map((each) => [each.trns.TRNSTYPE, each.trns.DOCNUM])).toEqual(
      invoices.map((invoice) => ['INVOICE', String(invoice.number)]),
    );
    for (const transaction of iif.transactions) {
      expect(transaction.trns.ACCNT).toBe('Accounts Receivable');
      expect(transaction.splits.at(-1)).toMatchObject({ EXTRA: 'AUTOSTAX' });
    }

    // The batch is in the history; the day is now exported, so a second export is not offered.
    const history = page.getByRole('region', { name: 'Export history' });
    await history.getByRole('button', { name: `Undo batch ${batch}` }).waitFor();
    await page.getByText(`${invoices.length} already exported, left out`).waitFor();
    await expect
      .poll(() => request.getByRole('button', { name: 'Export' }).isDisabled())
      .toBe(true);
    // The jobs tray's announcement of the same export covers the history: closed for the shot.
    await page
      .locator('.mantine-Notification-root .mantine-Notification-closeButton')
      .first()
      .click();
    await page.screenshot({
      path: path.join(screenshots, 'accounting-export-done-en.png'),
      fullPage: true,
    });

    // Asked to include them, the warning lists the invoices exported before.
    await request.getByLabel('Include invoices already exported').check();
    await page.getByText('Exported before', { exact: true }).waitFor();
    await page.getByText(`${invoices[0]!.number} (batch ${batch})`, { exact: false }).waitFor();

    // The same screen in Spanish, and at phone width.
    await page.evaluate(() => localStorage.setItem('language', 'es'));
    await page.reload();
    await page.getByText('Despachador · Conectado').waitFor();
    await page.getByRole('dialog', { name: 'Conectando' }).waitFor({ state: 'hidden' });
    const solicitud = page.getByRole('form', { name: 'Exportar' });
    await solicitud.getByLabel('Fechas de factura desde').fill(day);
    await solicitud.getByLabel('Fechas de factura hasta').fill(day);
    await page.getByText(`${invoices.length} ya exportadas, se dejan fuera`).waitFor();
    await page
      .getByRole('region', { name: 'Historial de exportaciones' })
      .getByRole('button', { name: `Deshacer el lote ${batch}` })
      .waitFor();
    await page.getByText('Leyendo el rango…').waitFor({ state: 'hidden' });
    await page.screenshot({
      path: path.join(screenshots, 'accounting-export-es.png'),
      fullPage: true,
    });
    await page.evaluate(() => localStorage.setItem('language', 'en'));

    const phone = await newPage('dispatcher', { width: 390, height: 844 });
    await phone.goto(`${url}/accounting/export`);
    await connected(phone);
    await phone.getByRole('heading', { name: 'Accounting Export', level: 2 }).waitFor();
    await phone.getByRole('region', { name: 'Export history' }).waitFor();
    await phone.screenshot({ path: path.join(screenshots, 'accounting-export-phone.png') });
  });
});
