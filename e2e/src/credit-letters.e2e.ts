/**
 * Credit letters as a credit clerk does it (issue 14, item 6; R-CREDIT), in Debian's Chromium
 * against the real server over the demo data: a template's live preview for a customer in the
 * template editor, then customers past due by 30 days or more, one left out, letters produced in
 * the background and their PDF opened in the print window when the job completes; each customer
 * recorded as sent. The screens in English and Spanish, and a letter's first page as a PNG.
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  apiToken,
  connected,
  openFromMenu,
  productSuite,
  screenshots,
} from './support/maintenance';

type Candidates = {
  data: { customerId: number; customerName: string; customerNumber: string; daysPastDue: number }[];
};
type Job = { id: number; state: string; files: { name: string; url: string }[] };

/** A letter's first page as a PNG, at a resolution where the letter can be read. */
function letterPng(pdf: Buffer, shot: string): void {
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  const file = path.join(tmpdir(), `${shot}.pdf`);
  writeFileSync(file, pdf);
  execFileSync('pdftoppm', [
    '-png',
    '-r',
    '100',
    '-f',
    '1',
    '-l',
    '1',
    '-singlefile',
    file,
    path.join(screenshots, shot),
  ]);
}

async function inSpanish(page: Page): Promise<void> {
  await page.evaluate(() => localStorage.setItem('language', 'es'));
  await page.reload();
  await page.getByText('Despachador · Conectado').waitFor();
  await page.getByRole('dialog', { name: 'Conectando' }).waitFor({ state: 'hidden' });
}

async function inEnglish(page: Page): Promise<void> {
  await page.evaluate(() => localStorage.setItem('language', 'en'));
  await page.reload();
  await connected(page);
}

describe('credit letters', () => {
  const { suite, newPage } = productSuite();

  it('previews a template, produces letters for customers past due and opens their PDF', async () => {
    const url = suite.product.url;
    const token = await apiToken(url, 'dispatcher');
    const headers = { authorization: `Bearer ${token}` };
    const pastDue = (await (
      await fetch(`${url}/api/v1/credit-letters/candidates?minDaysPastDue=30`, { headers })
    ).json()) as Candidates;
    // The demo's customers who pay late: some are a month and more past due.
    expect(pastDue.data.length).toBeGreaterThanOrEqual(3);
    const first = pastDue.data[0]!;

    // The template editor: the letter as the most overdue customer would read it.
    const page = await newPage('dispatcher', { width: 1600, height: 1200 });
    await openFromMenu(page, 'FormLetterMaintenance');
    await page.getByRole('gridcell', { name: 'Past-due notice', exact: true }).dblclick();
    await page.waitForURL(/\/credit\/form-letter-maintenance\/\d+$/);
    const picker = page.getByRole('combobox', { name: 'Preview for' });
    await picker.click();
    await picker.fill(first.customerNumber);
    await page
      .locator(`#${await picker.getAttribute('aria-controls')}`)
      .getByRole('option', { name: new RegExp(first.customerNumber) })
      .first()
      .click();
    const preview = page.getByRole('region', { name: 'Preview' });
    await preview.getByText(`Re: Past-due notice: `).waitFor();
    await preview.getByText(/days:$/).waitFor();
    // Typing {{ offers the merge fields.
    const body = page.getByRole('textbox', { name: /^Letter/ });
    await body.click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type('\n\nCall us: {{cre');
    await page.getByRole('option', { name: /Credit limit/ }).waitFor();
    await page.getByRole('option', { name: /Credit status/ }).waitFor();
    await page.screenshot({ path: path.join(screenshots, 'credit-letter-maintenance-en.png') });
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Discard changes' }).click();

    // Form Letters: past due by 30 days or more, one customer left out.
    await openFromMenu(page, 'FormLetter');
    await page.getByLabel('Past due by at least').fill('30');
    const table = page.getByRole('table', { name: 'Customers' });
    await table.getByRole('row', { name: new RegExp(first.customerName) }).waitFor();
    await page.getByText(`${pastDue.data.length} customers`, { exact: true }).waitFor();
    const left = pastDue.data.at(-1)!;
    await table.getByRole('checkbox', { name: `Send a letter to ${left.customerName}` }).uncheck();
    const produce = page.getByRole('region', { name: 'Produce letters' });
    await produce.getByText(`${pastDue.data.length - 1} customers selected`).waitFor();
    await produce.getByLabel('Letter template').click();
    await page.getByRole('option', { name: 'Past-due notice', exact: true }).click();
    await page.screenshot({ path: path.join(screenshots, 'form-letters-en.png') });

    const popup = page.waitForEvent('popup', { timeout: 60_000 });
    const queued = page.waitForResponse(
      (response) =>
        response.url().endsWith('/api/v1/credit-letters/runs') &&
        response.request().method() === 'POST',
    );
    await produce.getByRole('button', { name: 'Produce letters' }).click();
    const job = (await (await queued).json()) as Job;
    // The run's card follows it; its PDF opens in the print window once it is done.
    const printWindow = await popup;
    expect(printWindow.url()).toMatch(/^blob:.*#credit-letters-\d{4}-\d{2}-\d{2}\.pdf$/);
    await printWindow.close();
    await produce
      .getByText(/letters: Past-due notice/)
      .first()
      .waitFor();

    const done = (await (
      await fetch(`${url}/api/v1/background-jobs/${job.id}`, { headers })
    ).json()) as Job;
    expect(done.state).toBe('completed');
    const pdf = Buffer.from(
      await (await fetch(`${url}${done.files[0]!.url}`, { headers })).arrayBuffer(),
    );
    letterPng(pdf, 'credit-letter');

    // Each customer written to is recorded, and the one left out is not.
    const history = (await (
      await fetch(`${url}/api/v1/credit-letters/history?jobId=${job.id}`, { headers })
    ).json()) as { data: { customerId: number }[] };
    expect(history.data.map((letter) => letter.customerId).sort()).toEqual(
      pastDue.data
        .slice(0, -1)
        .map((customer) => customer.customerId)
        .sort(),
    );
    await table
      .getByRole('row', { name: new RegExp(first.customerName) })
      .getByText(/^Past-due notice, /)
      .waitFor();

    // The customer's account beside the list.
    await table.getByRole('button', { name: `Open the account of ${first.customerName}` }).click();
    const drawer = page.getByRole('dialog', { name: `Account of ${first.customerName}` });
    await drawer.getByRole('table', { name: 'Open invoices' }).waitFor();
    await page.screenshot({ path: path.join(screenshots, 'form-letters-account-en.png') });
    await page.keyboard.press('Escape');

    // The letter on the customer's own record, in Customer Maintenance (R-CREDIT-15).
    await page.goto(`${url}/customers/maintenance/${first.customerId}`);
    await page.getByRole('heading', { name: new RegExp(first.customerName) }).waitFor();
    await page.getByRole('tab', { name: 'Letters' }).click();
    const sent = page.getByRole('table', { name: 'Letters sent' });
    await sent.getByRole('cell', { name: 'Past-due notice', exact: true }).first().waitFor();
    await page.screenshot({ path: path.join(screenshots, 'customer-letters-en.png') });
    await page.goto(`${url}/credit/form-letter`);
    await page.getByLabel('Past due by at least').waitFor();

    // Both screens in Spanish.
    await inSpanish(page);
    await page.getByLabel('Vencido al menos').fill('30');
    await page.getByText(`${pastDue.data.length} clientes`, { exact: true }).waitFor();
    await page.screenshot({ path: path.join(screenshots, 'form-letters-es.png') });
    await page.goto(`${url}/credit/form-letter-maintenance`);
    await page.getByRole('gridcell', { name: 'Recordatorio de pago', exact: true }).dblclick();
    await page
      .getByRole('region', { name: 'Vista previa' })
      .getByText(/^Asunto: Recordatorio/)
      .waitFor();
    await page.screenshot({ path: path.join(screenshots, 'credit-letter-maintenance-es.png') });
    await inEnglish(page);
  });
});
