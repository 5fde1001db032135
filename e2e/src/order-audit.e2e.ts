/**
 * The order audit (issue 12, items 3 and 7), in Debian's Chromium against the real server: an
 * order made and changed through the API (its PO number, then a schedule's quantity per hour) is
 * found in the concrete order audit by its number, each change showing its old and new value; an
 * orders/ audit link opens the audit filtered to the order; order entry's history opens it too.
 */
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { connected, openFromMenu, productSuite, screenshots } from './support/maintenance';
import { apiAs } from './support/api-calls';

type Json = Record<string, unknown>;
type Line = Json & { id: number };
type Form = { schedule: Json & { id: number }; primaryProduct: Line | null; extraProducts: Line[] };
type Order = Json & { id: number; number: number; version: number; schedules: Form[] };

const without = (row: Json, ...names: string[]) =>
  Object.fromEntries(Object.entries(row).filter(([name]) => !names.includes(name)));

/** A new order's body made from a demo order: the same customer, job, plant and products. */
function newOrderBody(order: Order, poNumber: string): Json {
  const line = (row: Line) => without(row, 'id', 'scheduleId', 'version');
  return {
    ...without(order, 'id', 'number', 'version', 'job', 'customerName', 'loads', 'ticketIds'),
    customerPoNumber: poNumber,
    orderStatusId: 1,
    schedules: order.schedules.slice(0, 1).map((form) => ({
      schedule: without(form.schedule, 'id', 'orderId', 'version'),
      primaryProduct: form.primaryProduct ? line(form.primaryProduct) : null,
      extraProducts: form.extraProducts.map(line),
    })),
  };
}

/** Opens the entry of the change that names `field` and returns its row of fields, as text. */
async function fieldRow(page: Page, entryRow: ReturnType<Page['getByRole']>, field: string) {
  await entryRow.getByRole('button', { name: /^Show the fields changed in order/ }).click();
  const cell = page.getByRole('cell', { name: field, exact: true }).first();
  await cell.waitFor();
  return (await cell.locator('xpath=..').textContent()) ?? '';
}

describe('order audit', () => {
  const { suite, newPage } = productSuite();

  it('shows each change to an order, old and new, filtered by the order; links open it', async () => {
    const url = suite.product.url;
    const api = await apiAs(url, 'dispatcher');

    // An order made through the API from a demo order, then changed twice (PUT with its version).
    const listed = await api<{ data: Order[] }>('GET', '/api/v1/orders?systemTypeId=1');
    const model = listed.data.find((order) => order.schedules.some((form) => form.primaryProduct));
    expect(model, 'a demo concrete order to copy').toBeDefined();
    const created = await api<Order>('POST', '/api/v1/orders', newOrderBody(model!, 'PO-AUDIT-1'));
    const renamed = await api<Order>('PUT', `/api/v1/orders/${created.id}`, {
      ...created,
      customerPoNumber: 'PO-AUDIT-2',
    });
    const [form] = renamed.schedules;
    const rate = Number(form!.schedule.quantityPerHour ?? 40);
    await api('PUT', `/api/v1/orders/${created.id}`, {
      ...renamed,
      schedules: [{ ...form!, schedule: { ...form!.schedule, quantityPerHour: rate + 5 } }],
    });

    // The concrete order audit, filtered by the order's number as typed.
    const page = await newPage('dispatcher', { width: 1440, height: 1000 });
    await openFromMenu(page, 'ConcreteAuditOrder');
    await page.getByRole('heading', { name: 'Concrete order audit', level: 2 }).waitFor();
    await page.getByRole('searchbox', { name: 'Order' }).fill(String(created.number));
    await page.waitForURL(
      (address) => address.searchParams.get('order') === String(created.number),
    );
    const list = page.getByRole('table', { name: 'Concrete order audit' });
    await page.getByText('3 changes', { exact: true }).waitFor();
    const rows = list.locator('tbody > tr');
    await expect.poll(() => rows.count()).toBe(3);
    expect(await rows.nth(0).textContent()).toContain('dispatcher');
    expect(await rows.nth(0).textContent()).toContain('Changed');
    expect(await rows.nth(2).textContent()).toContain('Created');

    const rateRow = await fieldRow(page, rows.nth(0), 'Schedule 1 · Quantity per hour');
    expect(rateRow.replace(/\s+/g, '')).toBe(`Schedule1·Quantityperhour${rate}→${rate + 5}`);
    // The entries below the opened one have moved down by its row of fields.
    const poEntry = list.locator('tbody > tr').filter({ hasText: 'PO number' }).first();
    const poEntryRow = (await poEntry.count()) > 0 ? poEntry : rows.nth(2);
    const poRow = await fieldRow(page, poEntryRow, 'PO number');
    expect(poRow.replace(/\s+/g, '')).toBe('POnumberPO-AUDIT-1→PO-AUDIT-2');
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: path.join(screenshots, 'order-audit-en.png'), fullPage: true });

    // CSV of what is shown, one line per field, with readable names.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const csvPath = await (await download).path();
    const { readFileSync } = await import('node:fs');
    const csv = readFileSync(csvPath, 'utf8');
    expect(csv).toContain('PO number,PO-AUDIT-1,PO-AUDIT-2');
    expect(csv).toContain(`Schedule 1 · Quantity per hour,${rate},${rate + 5}`);

    // An orders/ audit link opens the audit filtered to the order.
    await page.goto(`${url}/orders/audit?systemTypeId=1&orderId=${created.id}`);
    await connected(page);
    await page.waitForURL(
      (address) =>
        address.pathname === '/orders/audit/concrete' &&
        address.searchParams.get('orderId') === String(created.id),
    );
    await page.getByText(`Only order ${created.number}`).waitFor();
    await page.getByText('3 changes', { exact: true }).waitFor();

    // An unknown system type says so, and opens nothing.
    await page.goto(`${url}/orders/audit?systemTypeId=7&orderId=${created.id}`);
    await connected(page);
    const refusal = page.getByRole('dialog', { name: 'Cannot open link' });
    await refusal.getByText('Invalid hyperlink cannot navigate to item').waitFor();
    await refusal.getByRole('button', { name: 'OK' }).click();
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();

    // Order entry's history opens the audit of the order.
    await page.goto(`${url}/orders/concrete/${created.id}`);
    await connected(page);
    await page.getByRole('button', { name: 'History' }).click();
    await page.getByRole('link', { name: 'Open in order audit' }).click();
    await page.waitForURL(
      (address) =>
        address.pathname === '/orders/audit/concrete' &&
        address.searchParams.get('orderId') === String(created.id),
    );
    await page.getByText('3 changes', { exact: true }).waitFor();

    // The same audit in Spanish.
    await page.evaluate(() => localStorage.setItem('language', 'es'));
    await page.reload();
    await page.getByText('Despachador · Conectado').waitFor();
    await page.getByRole('dialog', { name: 'Conectando' }).waitFor({ state: 'hidden' });
    await page
      .getByRole('heading', { name: 'Auditoría de pedidos de concreto', level: 2 })
      .waitFor();
    await page.getByText('3 cambios', { exact: true }).waitFor();
    await page
      .getByRole('button', { name: /^Mostrar los campos cambiados en el pedido/ })
      .first()
      .click();
    await page.getByText('Programa 1 · Cantidad por hora', { exact: true }).waitFor();
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: path.join(screenshots, 'order-audit-es.png'), fullPage: true });
    await page.evaluate(() => localStorage.setItem('language', 'en'));
  });
});
