/**
 * Reports and their scheduling as the office uses them (issue 14, items 2 and 3; R-RPT-50..57,
 * R-RSCHED-1..12), in Debian's Chromium against the real server over the demo data, with a local
 * SMTP server beside it: a clerk finds Shipped orders from the keyboard, runs it for yesterday
 * with Enter and opens its PDF in the print window when reportComplete_v1 arrives; an
 * administrator schedules the ticket register for the coming minute, and the server's own minute
 * tick runs it: the dispatcher finds it in the Inbox and the office gets it by e-mail with the
 * files attached. Screens in English and Spanish.
 */
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setSystemParameter } from './support/api-calls';
import { launchBrowser } from './support/browser';
import {
  apiToken,
  connected,
  openFromMenu,
  screenshots,
  signedInPages,
} from './support/maintenance';
import { startProduct, type Product } from './support/processes';

type Mail = { to: string[]; raw: string };

/** The office's mail server, as far as the product can tell: it takes every message. */
async function startMailSink(): Promise<{ port: number; mails: Mail[]; close(): Promise<void> }> {
  const mails: Mail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        mails.push({
          to: session.envelope.rcptTo.map((address) => address.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.server.address() as AddressInfo).port,
    mails,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The connect flow's modal opens on a load and closes itself: a screenshot waits it out. */
async function settled(page: Page, title: string): Promise<void> {
  const modal = page.getByRole('dialog', { name: title });
  await modal.waitFor({ state: 'visible', timeout: 5_000 }).catch(() => {});
  await modal.waitFor({ state: 'hidden' });
  // Its fade, and a drawer's slide, end before the picture is taken.
  await page.waitForTimeout(600);
}

async function inSpanish(page: Page): Promise<void> {
  await page.evaluate(() => localStorage.setItem('language', 'es'));
  await page.reload();
  await page.getByText(/· Conectado/).waitFor();
  await settled(page, 'Conectando');
}

async function inEnglish(page: Page): Promise<void> {
  await page.evaluate(() => localStorage.setItem('language', 'en'));
  await page.reload();
  await connected(page);
}

/**
 * HH:mm of the first whole minute of the local clock at least `leadSeconds` away (the server runs
 * in this zone too): the form is saved before it comes, and the test waits as little as it can
 * for the server's own minute tick.
 */
function nextLocalMinute(leadSeconds: number): string {
  const at = new Date(Math.ceil((Date.now() + leadSeconds * 1000) / 60_000) * 60_000);
  return `${String(at.getHours()).padStart(2, '0')}:${String(at.getMinutes()).padStart(2, '0')}`;
}

describe('reports', () => {
  const suite = {} as {
    product: Product;
    browser: Browser;
    sink: Awaited<ReturnType<typeof startMailSink>>;
  };
  beforeAll(async () => {
    suite.sink = await startMailSink();
    [suite.product, suite.browser] = await Promise.all([
      startProduct({
        env: {
          SMTP_URL: `smtp://127.0.0.1:${suite.sink.port}`,
          SMTP_FROM: 'Dispatch reports <reports@demo.test>',
        },
      }),
      launchBrowser(),
    ]);
  });
  afterAll(async () => {
    await suite.browser?.close();
    await suite.product?.stop();
    await suite.sink?.close();
  });
  const { newPage } = signedInPages(
    () => suite.browser,
    () => suite.product.url,
  );

  it('runs Shipped orders for yesterday and opens its PDF when reportComplete_v1 arrives', async () => {
    const page = await newPage('dispatcher', { width: 1440, height: 1000 });
    await openFromMenu(page, 'Reports');
    // From the keyboard: type to find the report, Enter to its parameters, Enter to run.
    const search = page.getByRole('combobox', { name: 'Find a report' });
    await search.fill('shipped');
    await search.press('Enter');
    const form = page.getByRole('form', { name: 'Parameters of Shipped orders' });
    await expect
      .poll(() => form.getByLabel(/^From/).evaluate((input) => input === document.activeElement))
      .toBe(true);
    await form.getByRole('button', { name: 'Yesterday' }).click();
    const running = page.waitForResponse(
      (response) =>
        response.url().endsWith('/api/v1/reports/runs') && response.request().method() === 'POST',
    );
    await form.getByLabel(/^To/).press('Enter');
    expect((await running).status()).toBe(202);

    const ready = page
      .getByRole('alert')
      .filter({ has: page.getByRole('button', { name: 'Open PDF', exact: true }) });
    await ready.waitFor({ timeout: 90_000 });
    await page.screenshot({ path: path.join(screenshots, 'reports-en.png') });

    const popup = page.waitForEvent('popup');
    await ready.getByRole('button', { name: 'Open PDF' }).click();
    const printWindow = await popup;
    expect(printWindow.url()).toMatch(/^blob:.*#shipped-orders-.+\.pdf$/);
    await printWindow.close();

    // The file behind it is a PDF.
    const token = await apiToken(suite.product.url, 'dispatcher');
    const headers = { authorization: `Bearer ${token}` };
    const jobs = (await (
      await fetch(`${suite.product.url}/api/v1/background-jobs?kind=report&limit=1`, { headers })
    ).json()) as { data: { files: { name: string; url: string; contentType: string }[] }[] };
    const pdf = jobs.data[0]!.files.find((file) => file.contentType === 'application/pdf')!;
    const bytes = Buffer.from(
      await (await fetch(`${suite.product.url}${pdf.url}`, { headers })).arrayBuffer(),
    );
    // The report engine's own suite turns every report's PDF into a picture; here it is one.
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');

    // On a phone the catalogue, the parameters and the runs stack.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('form', { name: 'Parameters of Shipped orders' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(screenshots, 'reports-phone.png') });
    await page.setViewportSize({ width: 1440, height: 1000 });

    await inSpanish(page);
    await page.getByRole('heading', { name: 'Reportes', level: 2 }).waitFor();
    await page.getByRole('form', { name: /^Parámetros de / }).waitFor();
    await page.getByRole('heading', { name: 'Mis ejecuciones recientes' }).waitFor();
    await page.screenshot({ path: path.join(screenshots, 'reports-es.png') });
    await inEnglish(page);
  });

  it('schedules the ticket register, and the minute tick delivers it to the inbox and by e-mail', async () => {
    await setSystemParameter(suite.product.url, 'emailAvailable', true);
    const admin = await newPage('admin', { width: 1440, height: 1000 });
    await openFromMenu(admin, 'ReportScheduling');
    await admin.getByRole('button', { name: 'New schedule' }).click();
    const form = admin.getByRole('form', { name: 'Report schedule' });
    await form.getByLabel(/^Name/).fill('Morning ticket register');
    await form.getByLabel(/^Report/).click();
    await admin.getByRole('option', { name: 'Ticket register' }).click();
    const users = form.getByLabel(/^Users/);
    await users.click();
    await users.fill('dispat');
    await admin.getByRole('option', { name: 'dispatcher' }).click();
    await admin.keyboard.press('Escape');
    await form.getByLabel('E-mail addresses').fill('office@example.com');
    await form.getByLabel('E-mail addresses').press('Enter');
    // Due at the next minute that leaves time to save, on the server's clock: the server's own
    // minute tick runs it. The time is typed last, just before saving, so the wait is short.
    await form.getByLabel(/^At( \*)?$/).fill(nextLocalMinute(15));
    await admin.waitForTimeout(300);
    await admin.screenshot({ path: path.join(screenshots, 'report-scheduling-form-en.png') });
    const saving = admin.waitForResponse(
      (response) =>
        response.url().endsWith('/api/v1/report-schedules') &&
        response.request().method() === 'POST',
    );
    await admin.keyboard.press('Control+s');
    expect((await saving).status()).toBe(201);
    const row = admin.getByRole('row').filter({ hasText: 'Morning ticket register' });
    await row.waitFor();

    // The dispatcher has the Inbox open while the minute comes: the delivery appears there live.
    const dispatcher = await newPage('dispatcher', { width: 1440, height: 900 });
    await openFromMenu(dispatcher, 'Reports');
    await dispatcher.getByRole('tab', { name: /Inbox/ }).click();

    // The e-mail arrives with the report's files attached.
    const deadline = Date.now() + 240_000;
    while (suite.sink.mails.length === 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    const [mail] = suite.sink.mails;
    expect(mail, 'the scheduled report by e-mail').toBeDefined();
    expect(mail!.to).toEqual(['office@example.com']);
    expect(mail!.raw).toMatch(/^Subject: Morning ticket register: Ticket register, /m);
    // Headers folded onto continuation lines read as one.
    const unfolded = mail!.raw.replace(/\r?\n[ \t]+/g, ' ');
    for (const type of ['application/pdf', 'text/csv', 'application/vnd.openxmlformats']) {
      expect(unfolded).toContain(`Content-Type: ${type}`);
    }
    expect(unfolded.match(/Content-Disposition: attachment/g)).toHaveLength(3);
    // The list follows the e-mail live: well within its 30-second look again.
    await row.getByText('1 inbox · e-mail sent').waitFor({ timeout: 10_000 });
    await admin.screenshot({ path: path.join(screenshots, 'report-scheduling-en.png') });

    // The dispatcher finds it in the Inbox, unread, and opens its PDF.
    const item = dispatcher.getByRole('article').filter({ hasText: 'Morning ticket register' });
    await item.getByText('New').waitFor();
    await dispatcher.screenshot({ path: path.join(screenshots, 'reports-inbox-en.png') });
    const popup = dispatcher.waitForEvent('popup');
    await item.getByRole('button', { name: /^Open .+\.pdf$/ }).click();
    const printWindow = await popup;
    expect(printWindow.url()).toMatch(/^blob:.*#ticket-register-.+\.pdf$/);
    await printWindow.close();
    // Opening it marked it read.
    await item.getByRole('button', { name: /^Mark .+ unread$/ }).waitFor();

    await inSpanish(dispatcher);
    await dispatcher.getByRole('tab', { name: /Bandeja/ }).waitFor();
    await dispatcher.getByRole('article').first().waitFor();
    await dispatcher.screenshot({ path: path.join(screenshots, 'reports-inbox-es.png') });
    await inEnglish(dispatcher);

    await inSpanish(admin);
    await admin.getByRole('row').filter({ hasText: 'correo enviado' }).waitFor();
    await admin.screenshot({ path: path.join(screenshots, 'report-scheduling-es.png') });
    await admin.getByRole('button', { name: 'Nueva programación' }).click();
    await admin.getByRole('form', { name: 'Programación de reporte' }).waitFor();
    await admin.waitForTimeout(600);
    await admin.screenshot({ path: path.join(screenshots, 'report-scheduling-form-es.png') });
    await inEnglish(admin);
  }, 420_000);
});
