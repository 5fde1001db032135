/**
 * The delivery day closes by itself (R-DELIV-1..9), in Debian's Chromium against the real server
 * over the demo data. A dispatcher sends the two loads of a new order from the board and runs each
 * truck round its loop from the truck's menu; a second dispatcher, with the dashboard in one tab
 * and the board in another, sees the delivered quantity and the order complete without a reload;
 * a clerk then invoices the two tickets from Flag Invoice as they are, and the invoice's PDF
 * carries the PO, the terms and the due date. Screenshots of the board (English, Spanish, phone),
 * the dashboard and the invoice PDF.
 */
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { LoadBoard } from '@dispatch/domain/dispatch/load-board';
import { orderStatusIds } from '@dispatch/domain/orders/order-status';
import { truckFlagIds } from '@dispatch/domain/trucks/truck-flags';
import { formatDate } from '@dispatch/domain/dates/date-format';
import { apiAs } from './support/api-calls';
import { choosePlants } from './support/plant-chooser';
import {
  apiToken,
  connected,
  openFromMenu,
  productSuite,
  screenshots,
} from './support/maintenance';
import { savePdfFirstPage } from './support/pdf-shot';

type Json = Record<string, unknown>;
type OrderForm = { schedule: Json; primaryProduct: Json & { price: number | null } };
type Order = Json & {
  id: number;
  number: number;
  plantId: number;
  jobId: number | null;
  systemTypeId: number;
  schedules: OrderForm[];
  loads: { id: number; loadNumber: number; ticketId: number | null }[];
};

const loadBar = (page: Page, order: { number: number }, loadNumber: number) =>
  page.getByRole('button', { name: new RegExp(`^Load ${loadNumber} of order ${order.number},`) });

const outTruck = (page: Page, plant: string, number: string) =>
  page
    .getByRole('list', { name: `Out ${plant}`, exact: true })
    .getByRole('listitem', { name: number, exact: true });

async function openBoard(page: Page, plant: string) {
  await openFromMenu(page, 'LoadScheduling');
  await page
    .getByRole('radiogroup', { name: 'Time window' })
    .getByText('Today', { exact: true })
    .click();
  await choosePlants(page, [plant]);
}

/** The truck's menu on the board, as a dispatcher moves it round its loop. */
async function setStatus(page: Page, plant: string, truck: string, status: string) {
  await page.getByRole('button', { name: `Status of truck ${truck}`, exact: true }).click();
  // This truck's menu: the last truck's may still be closing when a busy machine opens this one.
  await page
    .getByRole('menu', { name: `Status of truck ${truck}`, exact: true })
    .getByRole('menuitem', { name: status, exact: true })
    .click();
  await outTruck(page, plant, truck).getByText(status, { exact: true }).waitFor();
}

describe('the delivery day', () => {
  const { suite, newPage } = productSuite();

  it('sends two loads, delivers them, completes the order live, and invoices it unedited', async () => {
    const url = suite.product.url;
    const call = await apiAs(url, 'admin');
    const day = formatDate(new Date(), 'YYYY-MM-DD');
    const from = new Date(`${day}T00:00:00`);
    const to = new Date(from.getTime() + 24 * 3600_000);
    const board = await call<LoadBoard>(
      'GET',
      `/api/v1/load-board?from=${from.toISOString()}&to=${to.toISOString()}`,
    );
    // A concrete plant whose next two trucks in the yard need no wash (the board would ask).
    const plant = board.plants.find(
      (each) =>
        each.systemTypeId === 1 &&
        each.yard.length >= 2 &&
        each.yard.slice(0, 2).every((truck) => truck.truckFlagId !== truckFlagIds.needsWash),
    );
    expect(plant, 'a demo concrete plant with two trucks in its yard').toBeDefined();
    const name = plant!.description;

    // A new order at that plant, modelled on one of today's priced orders there: 20 yd³ in two
    // loads of 10, for PO E2E-DAY, first load on the job an hour ago (inside today's window).
    const today = await call<{ data: Order[] }>(
      'GET',
      `/api/v1/orders?shipDate=${day}&plantId=${plant!.id}&limit=200`,
    );
    const model = today.data.find(
      (order) =>
        order.systemTypeId === 1 &&
        order.jobId !== null &&
        order.schedules.length > 0 &&
        order.schedules[0]!.primaryProduct.price !== null,
    );
    expect(model, 'a priced demo concrete order at the plant today').toBeDefined();
    const firstOnJob = new Date(Math.max(Date.now() - 3600_000, from.getTime() + 3600_000));
    const { schedule, primaryProduct } = model!.schedules[0]!;
    const created = await call<Order>('POST', '/api/v1/orders', {
      customerId: model!.customerId,
      jobId: model!.jobId,
      customerPoNumber: 'E2E-DAY',
      orderDate: day,
      shipDate: day,
      orderTypeId: model!.orderTypeId,
      plantId: plant!.id,
      reasonId: model!.reasonId,
      sourceTaxingType: model!.sourceTaxingType,
      systemTypeId: 1,
      shortLoadTypeId: model!.shortLoadTypeId,
      schedules: [
        {
          schedule: {
            plantId: plant!.id,
            systemTypeId: 1,
            numberOfTrucks: 2,
            quantityPerHour: 20,
            loadIntervalTime: 30,
            travelTimeToJob: schedule.travelTimeToJob,
            travelTimeToPlant: schedule.travelTimeToPlant,
            onJobWaitMinutes: schedule.onJobWaitMinutes,
            onJobWashMinutes: schedule.onJobWashMinutes,
            firstLoadOnJobTime: firstOnJob.toISOString(),
          },
          primaryProduct: {
            productId: primaryProduct.productId,
            systemTypeId: 1,
            quantity: 20,
            loadSize: 10,
            price: primaryProduct.price,
          },
        },
      ],
    });
    expect(created.orderStatusId).toBe(orderStatusIds.toBeShipped);

    // The second dispatcher: the dashboard in one tab, the board in another.
    const dashboard = await newPage('dispatcher', { width: 1440, height: 900 });
    const delivered = dashboard
      .getByRole('region', { name: 'Ordered vs delivered' })
      .getByRole('progressbar', { name: `${name} delivered` });
    await delivered.waitFor();
    const quantities = async () => {
      const text = (await delivered.getAttribute('aria-valuetext')) ?? '';
      const [, done, ordered] = /^([\d,.]+) of ([\d,.]+)/.exec(text) ?? [];
      return { done: Number(done?.replace(/,/g, '')), ordered: Number(ordered?.replace(/,/g, '')) };
    };
    await expect.poll(async () => (await quantities()).ordered).toBeGreaterThan(0);
    const before = await quantities();
    const watcher = await newPage('dispatcher', { width: 1440, height: 900 });
    await openBoard(watcher, name);
    const watchedRow = watcher.getByRole('row', { name: `Order ${created.number}` });
    await watchedRow.getByText('0 of 20 yd³').waitFor();

    // The first dispatcher sends both loads, one after the other, each round its loop.
    const desk = await newPage('admin', { width: 1440, height: 900 });
    await openBoard(desk, name);
    const deskRow = desk.getByRole('row', { name: `Order ${created.number}` });
    const trucks: string[] = [];
    for (const loadNumber of [1, 2]) {
      await loadBar(desk, created, loadNumber).click();
      const head = plant!.yard[loadNumber - 1]!.identificationNumber;
      await desk.getByText(`sends truck ${head}`).waitFor();
      await desk.keyboard.press('d');
      await desk.getByText(`Truck ${head} is loading`).waitFor();
      await outTruck(desk, name, head).getByText('Loading', { exact: true }).waitFor();
      for (const status of ['To job', 'On job', 'Unloading', 'Washing']) {
        await setStatus(desk, name, head, status);
      }
      trucks.push(head);
      // Delivered when it started washing: the other dispatcher's board counts it at once.
      await watchedRow.getByText(`${loadNumber * 10} of 20 yd³`).waitFor({ timeout: 5_000 });
      // The desk's own board has read the delivery too, and with it the next load as the truck's
      // drift moved it: sent from a board that still held the load's old version, the server
      // would refuse it as changed since (409, R-BOARD-32).
      await deskRow.getByText(`${loadNumber * 10} of 20 yd³`).waitFor({ timeout: 5_000 });
    }

    // Both loads delivered: the order is complete on the other dispatcher's board and dashboard.
    await watchedRow.getByText('Complete', { exact: true }).waitFor({ timeout: 5_000 });
    await expect
      .poll(quantities, { timeout: 5_000 })
      .toEqual({ done: before.done + 20, ordered: before.ordered });
    await dashboard.mouse.move(0, 0);
    await dashboard.screenshot({ path: path.join(screenshots, 'delivery-day-dashboard.png') });
    await loadBar(watcher, created, 2).click();
    await watcher.mouse.move(0, 0);
    await watcher.screenshot({ path: path.join(screenshots, 'delivery-day-board.png') });

    // The trucks come home; the tickets are complete, and nobody edited one.
    for (const truck of trucks) {
      await setStatus(desk, name, truck, 'To plant');
      await desk.getByRole('button', { name: `Status of truck ${truck}`, exact: true }).click();
      await desk.getByRole('menuitem', { name: 'In yard', exact: true }).click();
    }
    const order = await call<Order>('GET', `/api/v1/orders/${created.id}`);
    expect(order.orderStatusId).toBe(orderStatusIds.complete);
    const ticketIds = order.loads.map((load) => load.ticketId!);

    // The clerk finds the two tickets in Flag Invoice and invoices them as they are.
    const clerk = await newPage('dispatcher', { width: 1440, height: 1100 });
    await openFromMenu(clerk, 'FlagInvoice');
    const filters = clerk.getByRole('region', { name: 'Filters' });
    await filters.getByLabel('Delivered from').fill(day);
    await filters.getByLabel('Delivered to').fill(day);
    const tickets = await Promise.all(
      ticketIds.map((id) => call<{ number: number }>('GET', `/api/v1/tickets/${id}`)),
    );
    for (const ticket of tickets) {
      await clerk.getByRole('checkbox', { name: `Select ticket ${ticket.number}` }).check();
    }
    const bar = clerk.getByRole('region', { name: 'Create invoices' });
    await bar.getByText('2 tickets selected · one invoice').waitFor();
    await bar.getByLabel('Invoice date').fill(day);
    const creating = clerk.waitForResponse(
      (response) =>
        response.url().endsWith('/api/v1/invoices') && response.request().method() === 'POST',
    );
    await bar.getByRole('button', { name: 'Create invoices' }).click();
    const answer = await creating;
    expect(answer.status()).toBe(201);
    const [invoice] = ((await answer.json()) as { invoices: { id: number; number: number }[] })
      .invoices;
    await clerk.getByText(`Invoice ${invoice!.number}`, { exact: true }).waitFor();
    const token = await apiToken(url, 'dispatcher');
    const pdf = Buffer.from(
      await (
        await fetch(`${url}/api/v1/invoices/${invoice!.id}/invoice.pdf`, {
          headers: { authorization: `Bearer ${token}` },
        })
      ).arrayBuffer(),
    );
    savePdfFirstPage(pdf, `invoice-${invoice!.number}.pdf`, 'delivery-day-invoice-pdf');
    const detail = await call<{ customerPoNumber: string | null; dueDate: string | null }>(
      'GET',
      `/api/v1/invoices/${invoice!.id}`,
    );
    expect(detail.customerPoNumber).toBe('E2E-DAY');
    expect(detail.dueDate).not.toBeNull();

    // The same board in Spanish, and the next loads at phone width.
    await watcher.evaluate(() => localStorage.setItem('language', 'es'));
    await watcher.reload();
    await watcher.getByText('Despachador · Conectado').waitFor();
    await watcher.getByRole('dialog', { name: 'Conectando' }).waitFor({ state: 'hidden' });
    await watcher
      .getByRole('row', { name: `Pedido ${created.number}` })
      .getByText('20 de 20 yd³')
      .waitFor();
    await watcher.screenshot({ path: path.join(screenshots, 'delivery-day-board-es.png') });
    await watcher.evaluate(() => localStorage.setItem('language', 'en'));
    const phone = await newPage('dispatcher', { width: 390, height: 844 });
    await phone.goto(`${url}/home`);
    await connected(phone);
    await phone
      .getByRole('region', { name: 'Ordered vs delivered' })
      .getByRole('progressbar', { name: `${name} delivered` })
      .waitFor();
    await phone.getByRole('dialog', { name: 'Connecting' }).waitFor({ state: 'hidden' });
    await phone.screenshot({ path: path.join(screenshots, 'delivery-day-dashboard-phone.png') });
  });
});
