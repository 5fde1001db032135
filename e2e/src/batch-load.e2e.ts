/**
 * The batch load screen (issue 13, item 2; R-BATCH-1..9), in Debian's Chromium against the real
 * server and its batch panel simulator: two loads are dispatched through the API at a plant with a
 * batch panel; the batchman sends the first from the keyboard and sees the simulator's weights
 * against their targets, which GET /api/v1/tickets/{id}/batch-weights also shows on the ticket;
 * the simulator is told to fail, the second load's failure is shown and a retry batches it.
 */
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { TicketBatch } from '@dispatch/domain/batching/batch-queue';
import { apiAs } from './support/api-calls';
import { northYardOrderToday } from './support/demo-orders';
import { openFromMenu, productSuite, screenshots } from './support/maintenance';
import { pickFirst } from './support/pick-list';

type Envelope<T> = { data: T[] };

const weightFormat = new Intl.NumberFormat('en', { maximumFractionDigits: 1 });
type Dispatched = { ticket: { id: number; number: number } };

const queueTable = (page: Page) => page.getByRole('table', { name: 'Batch load screen' });
const ticketRow = (page: Page, number: number) =>
  queueTable(page)
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: String(number), exact: true }) });

describe('batch load screen', () => {
  const { suite, newPage } = productSuite();

  it('sends a load to the simulated panel, shows its weights on the ticket, and retries a failure', async () => {
    const url = suite.product.url;
    const admin = await apiAs(url, 'admin');
    const dispatcher = await apiAs(url, 'dispatcher');

    // North Yard batches through its panel (demo seed); an order there uploads its mix.
    const { plant, loadIds } = await northYardOrderToday(
      { admin, dispatcher },
      { customerPoNumber: 'BATCH-E2E', uploadMixToBatchPanel: true },
    );
    // Two trucks of the plant free of any ticket, put in the yard as a dispatcher would.
    const trucks = await admin<
      Envelope<{ id: number; statusId: number | null; currentTicketId: number | null }>
    >('GET', `/api/v1/trucks?plantId=${plant.id}&limit=100`);
    const free = trucks.data.filter((truck) => truck.currentTicketId === null).slice(0, 2);
    for (const truck of free.filter((each) => each.statusId !== 1)) {
      await dispatcher('PUT', `/api/v1/trucks/${truck.id}/status`, { statusId: 1 });
    }
    const dispatch = (loadId: number, truckId: number) =>
      dispatcher<Dispatched>('POST', `/api/v1/loads/${loadId}/dispatch`, { truckId });
    const first = await dispatch(loadIds[0]!, free[0]!.id);
    const second = await dispatch(loadIds[1]!, free[1]!.id);

    const page = await newPage('dispatcher', { width: 1440, height: 960 });
    await page.evaluate(() => localStorage.removeItem('batchLoadScreen.alley'));
    await openFromMenu(page, 'BatchLoadScreen');
    await page.getByRole('heading', { name: 'Batch load screen', level: 2 }).waitFor();
    await pickFirst(page, page.getByRole('combobox', { name: 'Plant' }), 'North Yard');
    await page.getByText('North Yard sends mixes to its batch panel.').waitFor();

    // Select the first load and send it with S: batching, then batched with the panel's weights.
    const row = ticketRow(page, first.ticket.number);
    await row.click();
    const panel = page.getByRole('region', { name: `Ticket ${first.ticket.number}` });
    await panel.getByRole('table').getByText('CEM', { exact: true }).waitFor();
    await page.keyboard.press('s');
    await page.getByText(`Ticket ${first.ticket.number} sent to the batch panel.`).waitFor();
    await row.getByText('Batched', { exact: true }).waitFor({ timeout: 10_000 });
    const weightsShown = panel.getByRole('table');
    await expect.poll(async () => (await weightsShown.textContent()) ?? '').toMatch(/%/);

    const onTicket = await dispatcher<TicketBatch>(
      'GET',
      `/api/v1/tickets/${first.ticket.id}/batch-weights`,
    );
    expect(onTicket.state).toBe('batched');
    expect(onTicket.batchDateTime).not.toBeNull();
    expect(onTicket.weights.length).toBeGreaterThan(3);
    for (const line of onTicket.weights) {
      expect(line.batched, line.code).not.toBeNull();
      expect(Math.abs(line.batched! - line.target)).toBeLessThanOrEqual(line.target * 0.02 + 0.1);
      // Each weight is on the screen as the ticket has it.
      const shown = panel.getByRole('row', { name: new RegExp(`^${line.code} `) });
      expect(await shown.textContent()).toContain(
        `${weightFormat.format(line.batched!)} ${line.unit}`,
      );
    }

    // The panel is told to fail: the second load's send fails with the reason shown.
    await admin('POST', '/api/v1/batch-panel/simulator', { plantId: plant.id, failNext: true });
    const failing = ticketRow(page, second.ticket.number);
    await failing.click();
    await page.keyboard.press('Enter');
    await failing.getByText('Failed', { exact: true }).waitFor({ timeout: 10_000 });
    const failedPanel = page.getByRole('region', { name: `Ticket ${second.ticket.number}` });
    await failedPanel.getByText('cement scale did not reach its target').waitFor();
    await page
      .getByText(`Ticket ${second.ticket.number} sent to the batch panel.`)
      .waitFor({ state: 'hidden', timeout: 10_000 });
    await page.mouse.move(0, 0);
    await page.screenshot({ path: path.join(screenshots, 'batch-load-en.png') });

    // R retries it: this time the panel batches.
    await page.keyboard.press('r');
    await failing.getByText('Batched', { exact: true }).waitFor({ timeout: 10_000 });
    await failedPanel
      .getByText('cement scale did not reach its target')
      .waitFor({ state: 'hidden' });
    const retried = await dispatcher<TicketBatch>(
      'GET',
      `/api/v1/tickets/${second.ticket.id}/batch-weights`,
    );
    expect(retried.state).toBe('batched');
    expect(retried.weights.every((line) => line.batched !== null)).toBe(true);

    // The same screen in Spanish, plant and alley remembered.
    await page.evaluate(() => localStorage.setItem('language', 'es'));
    await page.goto(`${url}/batch-load-screen`);
    await page.getByText('Despachador · Conectado').waitFor();
    await page.getByRole('dialog', { name: 'Conectando' }).waitFor({ state: 'hidden' });
    await page.getByRole('heading', { name: 'Pantalla de dosificación', level: 2 }).waitFor();
    await page.getByText('North Yard envía las mezclas a su panel de dosificación.').waitFor();
    await page.getByRole('table', { name: 'Pantalla de dosificación' }).waitFor();
    await page
      .getByRole('region', { name: /^Boleta \d+$/ })
      .getByRole('table')
      .waitFor();
    await page.mouse.move(0, 0);
    await page.screenshot({ path: path.join(screenshots, 'batch-load-es.png') });
    await page.evaluate(() => localStorage.setItem('language', 'en'));
  });
});
