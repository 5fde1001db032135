/**
 * Ticket edits (issue 13, item 6; R-TEDIT-5..8), in Debian's Chromium against the real server
 * with the demo producer's tickets of today: a batch edit of three tickets (typed in the grid,
 * previewed, then applied in one transaction, the three changed), a ticket time refused out of
 * order beside its row and then a valid one saved, and a ticket opened from its link with its
 * change history. Screenshots in English and Spanish.
 */
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { TicketEditDetail, TicketEditRow } from '@dispatch/domain/tickets/ticket-edits';
import { formatDate } from '@dispatch/domain/dates/date-format';
import { ticketEditsEn, ticketEditsEs } from '../../apps/web/src/lib/i18n/ticket-edits-text';
import { apiAs } from './support/api-calls';
import { connected, productSuite, screenshots } from './support/maintenance';

type Envelope<T> = { data: T[] };
type Texts = typeof ticketEditsEn;

const hhmm = (date: Date) => formatDate(date, 'HH:mm');
const plusMinutes = (iso: string, minutes: number) =>
  new Date(new Date(iso).getTime() + minutes * 60_000);

/** A cell of an AG Grid row, by the row's ticket id and the column. */
const cell = (page: Page, region: string, id: number, column: string) =>
  page
    .getByRole('region', { name: region, exact: true })
    .locator(`.ag-row[row-id="${id}"] .ag-cell[col-id="${column}"]`)
    .first();

/** Types a value into a grid cell as a spreadsheet user does: open, type, Enter. */
async function typeInCell(page: Page, region: string, id: number, column: string, value: string) {
  const target = cell(page, region, id, column);
  await target.dblclick();
  const input = target.locator('input');
  await input.waitFor();
  await input.fill(value);
  await input.press('Enter');
}

/** Finds each ticket by its number, selects it and adds it to the grid being edited. */
async function addTickets(page: Page, texts: Texts, tickets: TicketEditRow[]) {
  for (const ticket of tickets) {
    await page.getByRole('textbox', { name: texts.search.number }).fill(String(ticket.number));
    const row = cell(page, texts.search.gridLabel, ticket.id, 'number');
    await row.waitFor();
    // The search waits 200 ms after the last key: wait for it to hold just this ticket.
    const one = texts.search.results_one.replace('{{count}}', '1');
    await page.getByText(new RegExp(`^${one} ·`)).waitFor();
    await row.click();
    await page.getByRole('button', { name: texts.batch.addSelected }).click();
    await cell(page, texts.batch.gridLabel, ticket.id, 'price').waitFor();
  }
  await page.getByRole('textbox', { name: texts.search.number }).fill('');
}

/** Picks the plant named exactly so in the plant pick list. */
async function pickPlant(page: Page, label: string, name: string) {
  const input = page.getByRole('combobox', { name: label });
  // The screen may already show that plant (its default); a pick list then offers nothing new.
  if ((await input.inputValue()) === name) return;
  await input.click();
  await input.fill(name);
  const listbox = page.locator(`#${await input.getAttribute('aria-controls')}`);
  await listbox.getByRole('option', { name, exact: true }).click();
}

async function inLanguage(page: Page, language: 'en' | 'es') {
  await page.evaluate((chosen) => localStorage.setItem('language', chosen), language);
  await page.reload();
  if (language === 'en') await connected(page);
  else {
    await page.getByText('Despachador · Conectado').waitFor();
    await page.getByRole('dialog', { name: 'Conectando' }).waitFor({ state: 'hidden' });
  }
}

describe('ticket edits', () => {
  const { suite, newPage } = productSuite();

  it('batch edits three tickets: typed in the grid, previewed, applied together', async () => {
    const url = suite.product.url;
    const call = await apiAs(url, 'dispatcher');
    const today = formatDate(new Date(), 'YYYY-MM-DD');
    const found = await call<Envelope<TicketEditRow>>(
      'GET',
      `/api/v1/tickets/search?dateFrom=${today}&dateTo=${today}&includeVoided=false&limit=100`,
    );
    const three = found.data
      .filter((row) => !row.invoicedFlag && row.lineId !== null && typeof row.price === 'number')
      .slice(0, 3);
    expect(three).toHaveLength(3);
    const newPrices = three.map((row, index) => Math.round((row.price ?? 0) + 7 + index) + 0.5);

    const page = await newPage('dispatcher', { width: 1440, height: 1400 });
    await page.goto(`${url}/ticketing/batch-edit-tickets`);
    await page.getByRole('heading', { name: ticketEditsEn.titles.batch, level: 2 }).waitFor();
    await addTickets(page, ticketEditsEn, three);
    for (const [index, ticket] of three.entries()) {
      await typeInCell(
        page,
        ticketEditsEn.batch.gridLabel,
        ticket.id,
        'price',
        String(newPrices[index]),
      );
    }
    await typeInCell(
      page,
      ticketEditsEn.batch.gridLabel,
      three[0]!.id,
      'customerPoNumber',
      'PO-BATCH-E2E',
    );
    // Another job for the second ticket, picked from the job pick list in its cell.
    const jobs = await call<Envelope<{ id: number; number: string; name: string }>>(
      'GET',
      '/api/v1/jobs/options',
    );
    const otherJob = jobs.data.find((job) => job.id !== three[1]!.jobId)!;
    await cell(page, ticketEditsEn.batch.gridLabel, three[1]!.id, 'job').dblclick();
    const jobPick = page.getByRole('combobox', { name: ticketEditsEn.columns.job });
    await jobPick.fill(otherJob.number);
    await page
      .getByRole('option', { name: new RegExp(`^${otherJob.number}`) })
      .first()
      .click();
    await cell(page, ticketEditsEn.batch.gridLabel, three[1]!.id, 'job')
      .getByText(otherJob.number)
      .waitFor();

    // Preview: nothing written yet.
    await page.getByRole('textbox', { name: ticketEditsEn.form.reason }).fill('March price list');
    await page.getByRole('button', { name: ticketEditsEn.batch.preview }).click();
    const preview = page.getByRole('table', { name: 'Preview: 3 tickets change' });
    await preview.waitFor();
    for (const ticket of three) {
      await preview.getByRole('cell', { name: String(ticket.number), exact: true }).waitFor();
    }
    await preview.getByText('PO-BATCH-E2E').waitFor();
    const before = await call<TicketEditDetail>('GET', `/api/v1/tickets/${three[0]!.id}/detail`);
    expect(before.price).toBe(three[0]!.price);
    await page.screenshot({ path: path.join(screenshots, 'batch-edit-tickets-en.png') });

    // Apply: the three change in one transaction, each with its audit entry.
    await page.getByRole('button', { name: ticketEditsEn.batch.apply }).click();
    await page.getByRole('table', { name: 'Applied: 3 tickets changed' }).waitFor();
    for (const [index, ticket] of three.entries()) {
      const now = await call<TicketEditDetail>('GET', `/api/v1/tickets/${ticket.id}/detail`);
      expect(now.price).toBe(newPrices[index]);
      expect(now.version).toBe(ticket.version + 1);
      expect(now.history[0]).toMatchObject({
        action: 'batchEdited',
        username: 'dispatcher',
        reason: 'March price list',
      });
    }
    const first = await call<TicketEditDetail>('GET', `/api/v1/tickets/${three[0]!.id}/detail`);
    expect(first.customerPoNumber).toBe('PO-BATCH-E2E');
    const second = await call<TicketEditDetail>('GET', `/api/v1/tickets/${three[1]!.id}/detail`);
    expect(second.jobId).toBe(otherJob.id);

    // The same screen in Spanish, with a preview of a further change.
    await inLanguage(page, 'es');
    await page.getByRole('heading', { name: ticketEditsEs.titles.batch, level: 2 }).waitFor();
    await addTickets(page, ticketEditsEs, three);
    for (const [index, ticket] of three.entries()) {
      const quantity = (ticket.quantity ?? 0) + 1 + index;
      await typeInCell(
        page,
        ticketEditsEs.batch.gridLabel,
        ticket.id,
        'quantity',
        String(quantity),
      );
    }
    await page
      .getByRole('textbox', { name: ticketEditsEs.form.reason })
      .fill('Cantidades del parte');
    await page.getByRole('button', { name: ticketEditsEs.batch.preview }).click();
    await page.getByRole('table', { name: 'Revisión: cambian 3 boletas' }).waitFor();
    await page.screenshot({ path: path.join(screenshots, 'batch-edit-tickets-es.png') });
    await inLanguage(page, 'en');

    // The first ticket opened from its link, its batch edit in the history.
    await page.goto(`${url}/ticketing/edit-tickets?ticketId=${three[0]!.id}`);
    await connected(page);
    const form = page.getByRole('form', { name: `Ticket ${three[0]!.number}` });
    await form.waitFor();
    const history = page.getByRole('list', { name: ticketEditsEn.history.heading });
    await history.getByText('Reason: March price list').waitFor();
    await expect
      .poll(() => form.getByRole('textbox', { name: 'PO number' }).inputValue())
      .toBe('PO-BATCH-E2E');
    // A change saved with Enter, the reason required first.
    await form.getByRole('textbox', { name: 'Notes' }).fill('Gate code 4411');
    await form.getByRole('textbox', { name: /Reason for the change/ }).press('Enter');
    await form.getByText(ticketEditsEn.form.required).waitFor();
    await form.getByRole('textbox', { name: /Reason for the change/ }).fill('Site asked for it');
    await form.getByRole('textbox', { name: /Reason for the change/ }).press('Enter');
    await history.getByText('Reason: Site asked for it').waitFor();
    await page.screenshot({ path: path.join(screenshots, 'edit-tickets-en.png') });
    await inLanguage(page, 'es');
    await page
      .getByRole('list', { name: ticketEditsEs.history.heading })
      .getByText('Motivo: Site asked for it')
      .waitFor();
    await page.screenshot({ path: path.join(screenshots, 'edit-tickets-es.png') });
    await inLanguage(page, 'en');
  });

  it('refuses a ticket time out of order beside its row, then saves a valid one', async () => {
    const url = suite.product.url;
    const call = await apiAs(url, 'dispatcher');
    const today = formatDate(new Date(), 'YYYY-MM-DD');
    const some = await call<Envelope<TicketEditRow>>(
      'GET',
      `/api/v1/tickets/search?dateFrom=${today}&dateTo=${today}&limit=1`,
    );
    // The plant's first ticket of the day: the times grid lists it first.
    const found = await call<Envelope<TicketEditRow>>(
      'GET',
      `/api/v1/tickets/search?dateFrom=${today}&dateTo=${today}&plantId=${some.data[0]!.plantId}&limit=500`,
    );
    const ticket = found.data.at(-1)!;
    expect(ticket.voidedFlag || ticket.invoicedFlag).toBe(false);
    const start = ticket.ticketDateTime!;
    // A known loop so far: batched, loaded and on the road; the rest not yet stamped.
    const set = await call<TicketEditDetail>('PUT', `/api/v1/tickets/${ticket.id}/times`, {
      version: ticket.version,
      reason: 'Test scene',
      times: {
        batchDateTime: plusMinutes(start, 5).toISOString(),
        loadedDateTime: plusMinutes(start, 10).toISOString(),
        toJobDateTime: plusMinutes(start, 20).toISOString(),
        onJobDateTime: null,
        startUnloadDateTime: null,
        finishUnloadDateTime: null,
        toPlantDateTime: null,
        arrivePlantDateTime: null,
      },
    });

    const page = await newPage('dispatcher', { width: 1440, height: 900 });
    await page.goto(`${url}/operations/edit-ticket-times`);
    await connected(page);
    await page.getByRole('heading', { name: ticketEditsEn.titles.times, level: 2 }).waitFor();
    await pickPlant(page, 'Plant', ticket.plantName);
    const grid = ticketEditsEn.timesScreen.gridLabel;
    await cell(page, grid, ticket.id, 'toJobDateTime')
      .getByText(hhmm(plusMinutes(start, 20)))
      .waitFor();

    // On job before to job: refused, the message beside the row, nothing saved.
    const early = hhmm(plusMinutes(start, 15));
    await typeInCell(page, grid, ticket.id, 'onJobDateTime', early);
    const message = `On job ${early} is before To job ${hhmm(plusMinutes(start, 20))}`;
    await cell(page, grid, ticket.id, 'problem').getByText(message).waitFor();
    const unchanged = await call<TicketEditDetail>('GET', `/api/v1/tickets/${ticket.id}/detail`);
    expect(unchanged.onJobDateTime).toBeNull();
    expect(unchanged.version).toBe(set.version);
    await page.screenshot({ path: path.join(screenshots, 'edit-ticket-times-en.png') });

    // A time in order is saved.
    const onJob = plusMinutes(start, 35);
    await typeInCell(page, grid, ticket.id, 'onJobDateTime', hhmm(onJob));
    await cell(page, grid, ticket.id, 'problem').getByText('Saved').waitFor();
    const saved = await call<TicketEditDetail>('GET', `/api/v1/tickets/${ticket.id}/detail`);
    expect(saved.onJobDateTime).toBe(new Date(onJob.setSeconds(0, 0)).toISOString());
    expect(saved.history[0]).toMatchObject({ action: 'timesEdited', reason: 'Times corrected' });

    await inLanguage(page, 'es');
    await pickPlant(page, 'Planta', ticket.plantName);
    const gridEs = ticketEditsEs.timesScreen.gridLabel;
    await typeInCell(page, gridEs, ticket.id, 'startUnloadDateTime', hhmm(plusMinutes(start, 30)));
    await cell(page, gridEs, ticket.id, 'problem')
      .getByText(/es anterior a/)
      .waitFor();
    await page.screenshot({ path: path.join(screenshots, 'edit-ticket-times-es.png') });
    await inLanguage(page, 'en');
  });
});
