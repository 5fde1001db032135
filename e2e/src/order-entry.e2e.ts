/**
 * Order entry as a dispatcher does it (issue 12, item 1), in Debian's Chromium against the real
 * server: a concrete order with two schedules and an extra product, typed field by field with Tab,
 * the projected loads shown as it is typed, saved with Ctrl+S and given its number; a second
 * dispatcher's dashboard counts it within a second (orderUpdate_v1).
 */
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiToken, openFromMenu, productSuite, screenshots } from './support/maintenance';
import { pickFirst } from './support/pick-list';

/** The concrete total of the dashboard's Orders by status card ("12 orders"). */
async function concreteOrders(page: Page): Promise<number> {
  const text = await page
    .getByRole('region', { name: 'Orders by status' })
    .getByRole('group', { name: 'Concrete' })
    .getByText(/^\d+ orders?$/)
    .textContent();
  return Number(/^(\d+)/.exec(text ?? '')?.[1] ?? Number.NaN);
}

describe('order entry', () => {
  const { suite, newPage } = productSuite();

  it('enters a concrete order with two schedules by keyboard, and another dispatcher sees it', async () => {
    const token = await apiToken(suite.product.url, 'dispatcher');
    const headers = { authorization: `Bearer ${token}` };
    const jobs = (await (
      await fetch(`${suite.product.url}/api/v1/jobs?limit=1`, { headers })
    ).json()) as { data: { customerId: number; number: string }[] };
    const job = jobs.data[0]!;
    const customer = (await (
      await fetch(`${suite.product.url}/api/v1/customers/${job.customerId}`, { headers })
    ).json()) as { name: string };

    const watcher = await newPage('dispatcher');
    await watcher.getByRole('region', { name: 'Orders by status' }).waitFor();
    const before = await concreteOrders(watcher);

    const page = await newPage('dispatcher', { width: 1440, height: 1500 });
    await openFromMenu(page, 'ConcreteOrderEntry');
    await page.getByRole('heading', { name: 'New concrete order', level: 2 }).waitFor();
    const header = page.getByRole('region', { name: 'Order', exact: true });
    await pickFirst(page, header.getByRole('combobox', { name: 'Customer' }), customer.name);
    await pickFirst(page, header.getByRole('combobox', { name: 'Job' }), job.number);
    await header.getByRole('textbox', { name: 'PO number' }).fill(`PO-${Date.now() % 100_000}`);
    await page.keyboard.press('Tab');
    await page.keyboard.type('Site foreman');
    if ((await header.getByRole('combobox', { name: 'Plant' }).inputValue()) === '') {
      await pickFirst(page, header.getByRole('combobox', { name: 'Plant' }), '');
    }
    if ((await header.getByRole('combobox', { name: 'Short load charge' }).inputValue()) === '') {
      await pickFirst(page, header.getByRole('combobox', { name: 'Short load charge' }), '');
    }
    await header.getByRole('textbox', { name: 'Dispatch notes' }).fill('Pump truck on site');

    const first = page.getByRole('region', { name: 'Schedule 1' });
    if ((await first.getByRole('combobox', { name: 'Plant' }).inputValue()) === '') {
      await pickFirst(page, first.getByRole('combobox', { name: 'Plant' }), '');
    }
    await first.getByLabel('First load on job').fill('0900');
    // Tab through the schedule: rate, load size, trucks and interval (left to the projection),
    // travel there and back, wait and wash.
    for (const value of ['40', '10', '', '', '20', '20', '15', '10']) {
      await page.keyboard.press('Tab');
      if (value) await page.keyboard.type(value);
    }
    await pickFirst(page, first.getByRole('combobox', { name: 'Primary product' }), '');
    await first.getByRole('textbox', { name: 'Quantity', exact: true }).click();
    await page.keyboard.type('36');
    await first.getByRole('button', { name: 'Add extra product' }).click();
    await pickFirst(page, first.getByRole('combobox', { name: 'Extra product 1' }), '');
    await first.getByRole('textbox', { name: 'Extra product 1 quantity' }).fill('1');
    await expect
      .poll(() =>
        first
          .getByRole('table', { name: 'Projected loads of schedule 1' })
          .getByRole('row')
          .count(),
      )
      .toBe(5);

    await page.getByRole('button', { name: 'Add schedule' }).click();
    const second = page.getByRole('region', { name: 'Schedule 2' });
    await second.getByLabel('First load on job').fill('13:30');
    await page.keyboard.press('Tab');
    await second.getByRole('textbox', { name: 'Load size' }).fill('8');
    await pickFirst(page, second.getByRole('combobox', { name: 'Primary product' }), '');
    await second.getByRole('textbox', { name: 'Quantity', exact: true }).fill('20');
    await second.getByRole('table', { name: 'Projected loads of schedule 2' }).waitFor();
    await page.keyboard.press('Tab');
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({
      path: path.join(screenshots, 'order-entry-concrete.png'),
      fullPage: true,
    });

    await first.getByRole('textbox', { name: 'Extra product 1 quantity' }).focus();
    const saving = page.waitForResponse(
      (response) =>
        response.url().endsWith('/api/v1/orders') && response.request().method() === 'POST',
    );
    await page.keyboard.press('Control+s');
    const answer = await saving;
    const saved = Date.now();
    expect(answer.status(), await answer.text()).toBe(201);
    const order = (await answer.json()) as { id: number; number: number };
    // The other dispatcher's dashboard counts it, live: timed from the save's answer, before this
    // page's own waits, which are not the other screen's latency.
    await expect
      .poll(() => concreteOrders(watcher), { timeout: 5_000, interval: 50 })
      .toBe(before + 1);
    expect(Date.now() - saved).toBeLessThan(1_000);
    await page.getByRole('heading', { name: `Concrete order ${order.number}`, level: 2 }).waitFor();
    await page.getByText(`Order ${order.number} saved`).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/orders/concrete/${order.id}`);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({
      path: path.join(screenshots, 'order-entry-saved.png'),
      fullPage: true,
    });

    // History lists the creation.
    await page.getByRole('button', { name: 'History' }).click();
    await page.getByRole('dialog', { name: `History of order ${order.number}` }).waitFor();
    await page.keyboard.press('Escape');

    // The same order in Spanish.
    await page.evaluate(() => localStorage.setItem('language', 'es'));
    await page.reload();
    await page.getByText('Despachador · Conectado').waitFor();
    await page.getByRole('dialog', { name: 'Conectando' }).waitFor({ state: 'hidden' });
    await page
      .getByRole('heading', { name: `Pedido de concreto ${order.number}`, level: 2 })
      .waitFor();
    await page.getByRole('table', { name: 'Cargas proyectadas del programa 1' }).waitFor();
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: path.join(screenshots, 'order-entry-es.png'), fullPage: true });
    await page.evaluate(() => localStorage.setItem('language', 'en'));
  });

  it('creates a job inline, copies the order to tomorrow, and shows a second user who edits it', async () => {
    const token = await apiToken(suite.product.url, 'dispatcher');
    const headers = { authorization: `Bearer ${token}` };
    const get = async <T>(url: string) =>
      (await (await fetch(`${suite.product.url}${url}`, { headers })).json()) as T;
    // A customer in good standing (credit status 1): its orders are not put on hold.
    const customers = await get<{ data: { id: number; name: string; creditStatusId: number }[] }>(
      '/api/v1/customers?limit=200',
    );
    const customer = customers.data.find((each) => each.creditStatusId === 1)!;
    const jobNumber = `E2E-${Date.now() % 1_000_000}`;

    const page = await newPage('dispatcher', { width: 1440, height: 1100 });
    await openFromMenu(page, 'ConcreteOrderEntry');
    await page.getByRole('heading', { name: 'New concrete order', level: 2 }).waitFor();
    const header = page.getByRole('region', { name: 'Order', exact: true });
    await pickFirst(page, header.getByRole('combobox', { name: 'Customer' }), customer.name);

    // R-ORD-22: a job that does not exist yet, made from the Job pick list by keyboard.
    const job = header.getByRole('combobox', { name: 'Job' });
    await job.click();
    await job.fill(jobNumber);
    const listbox = page.locator(`#${await job.getAttribute('aria-controls')}`);
    await listbox.getByRole('option', { name: `Create job '${jobNumber}'` }).waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: `New job for ${customer.name}` });
    await dialog.waitFor();
    await expect
      .poll(() => dialog.getByRole('textbox', { name: 'Job number' }).inputValue())
      .toBe(jobNumber);
    await page.keyboard.press('Tab');
    await page.keyboard.type('77 Quarry Road');
    await page.screenshot({ path: path.join(screenshots, 'order-entry-new-job-en.png') });
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => job.inputValue()).toBe(`${jobNumber} · 77 Quarry Road`);
    const made = await get<{
      data: { id: number; customerId: number; createdInOrderEntry: boolean }[];
    }>(`/api/v1/jobs?search=${jobNumber}`);
    expect(made.data).toEqual([
      expect.objectContaining({ customerId: customer.id, createdInOrderEntry: true }),
    ]);

    await header.getByRole('textbox', { name: 'PO number' }).fill('PO-COPY');
    if ((await header.getByRole('combobox', { name: 'Plant' }).inputValue()) === '') {
      await pickFirst(page, header.getByRole('combobox', { name: 'Plant' }), '');
    }
    if ((await header.getByRole('combobox', { name: 'Short load charge' }).inputValue()) === '') {
      await pickFirst(page, header.getByRole('combobox', { name: 'Short load charge' }), '');
    }
    const schedule = page.getByRole('region', { name: 'Schedule 1' });
    if ((await schedule.getByRole('combobox', { name: 'Plant' }).inputValue()) === '') {
      await pickFirst(page, schedule.getByRole('combobox', { name: 'Plant' }), '');
    }
    await schedule.getByLabel('First load on job').fill('0800');
    for (const value of ['40', '10', '', '', '20', '20', '10', '10']) {
      await page.keyboard.press('Tab');
      if (value) await page.keyboard.type(value);
    }
    await pickFirst(page, schedule.getByRole('combobox', { name: 'Primary product' }), '');
    await schedule.getByRole('textbox', { name: 'Quantity', exact: true }).fill('20');
    const saving = page.waitForResponse(
      (response) =>
        response.url().endsWith('/api/v1/orders') && response.request().method() === 'POST',
    );
    await page.keyboard.press('Control+s');
    const answer = await saving;
    expect(answer.status(), await answer.text()).toBe(201);
    const source = (await answer.json()) as { id: number; number: number; jobId: number };
    expect(source.jobId).toBe(made.data[0]!.id);
    await page
      .getByRole('heading', { name: `Concrete order ${source.number}`, level: 2 })
      .waitFor();

    // R-ORD-24: Copy offers tomorrow; the copy opens with its number.
    const day = new Date();
    day.setDate(day.getDate() + 1);
    const tomorrow = [
      day.getFullYear(),
      String(day.getMonth() + 1).padStart(2, '0'),
      String(day.getDate()).padStart(2, '0'),
    ].join('-');
    await page.getByRole('button', { name: 'Copy to date…' }).click();
    const copyDialog = page.getByRole('dialog', { name: `Copy order ${source.number}` });
    const copyDate = copyDialog.getByLabel('Ship date of the copy');
    await expect.poll(() => copyDate.inputValue()).toBe(tomorrow);
    await copyDialog.getByText(`Tomorrow, ${tomorrow}`).waitFor();
    const copying = page.waitForResponse(
      (response) =>
        response.url().endsWith(`/api/v1/orders/${source.id}/copy`) &&
        response.request().method() === 'POST',
    );
    await copyDate.focus();
    await page.keyboard.press('Enter');
    const copied = await copying;
    expect(copied.status()).toBe(201);
    const copy = (await copied.json()) as { id: number; number: number };
    await page.getByRole('heading', { name: `Concrete order ${copy.number}`, level: 2 }).waitFor();
    await page.getByText(`Order ${copy.number} created`).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/orders/concrete/${copy.id}`);
    const stored = await get<{ shipDate: string; orderStatusId: number; jobId: number }>(
      `/api/v1/orders/${copy.id}`,
    );
    expect(stored.shipDate.slice(0, 10)).toBe(tomorrow);
    // R-ORDER-STATUS-2: anything but will call is copied as to be shipped.
    expect(stored.orderStatusId).toBe(1);
    expect(stored.jobId).toBe(source.jobId);

    // R-MAINT-6: the copy is open here (LockRecord); a second user learns who is editing it.
    const other = await newPage('admin', { width: 1440, height: 1100 });
    await other.goto(`${suite.product.url}/orders/concrete/${copy.id}`);
    await other.getByRole('heading', { name: `Concrete order ${copy.number}`, level: 2 }).waitFor();
    await other
      .getByText('dispatcher is editing this order. You can edit it when they are done.')
      .waitFor();
    await other.evaluate(() => window.scrollTo(0, 0));
    await other.screenshot({ path: path.join(screenshots, 'order-entry-locked.png') });
  });
});
