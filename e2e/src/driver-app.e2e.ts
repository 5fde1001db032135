/**
 * The driver app (issue 26 item 3) on a 390×844 phone in Debian's Chromium, against the real
 * server over the demo data: the demo `driver` signs in at /driver, sees the current load, runs
 * the truck round its loop with the phone's location emulated, and the receiver signs on screen.
 * Part of the trip is made with no network (Unloading, the signed ticket, To plant): the phone
 * keeps it and sends it all, in order, when the network is back. A dispatcher's board in another
 * browser shows the driver's status change within a second. Screenshots of each step, in English
 * and in Spanish.
 */
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { driverDaySchema, type DriverDay } from '@dispatch/domain/driver/driver-day';
import { truckStatusIds } from '@dispatch/domain/trucks/truck-status';
import { apiAs } from './support/api-calls';
import { choosePlants } from './support/plant-chooser';
import { openPage } from './support/browser';
import { connected, productSuite, screenshots } from './support/maintenance';

const phone = { width: 390, height: 844 };
/** The plant's neighbourhood and a point on the road, far from any job's fence. */
const road = [
  { latitude: 40.0012, longitude: -83.0101 },
  { latitude: 40.0051, longitude: -83.0153 },
];

const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(screenshots, `driver-${name}.png`), fullPage: false });

async function phoneContext(browser: Browser, language: 'en' | 'es') {
  const watched = await openPage(browser, phone);
  const { context } = watched;
  await context.grantPermissions(['geolocation']);
  await context.setGeolocation(road[0]!);
  await context.addInitScript((lang) => {
    if (!localStorage.getItem('language')) localStorage.setItem('language', lang);
  }, language);
  return watched;
}

async function signIn(page: Page, url: string, texts: { username: string; submit: string }) {
  await page.goto(`${url}/driver`);
  await page.getByLabel(texts.username, { exact: true }).fill('driver');
  await page.locator('#driver-password').fill('demo');
  await page.locator('#driver-database option[value="DEMO"]').waitFor({ state: 'attached' });
  await page.locator('#driver-database').selectOption('DEMO');
  await page.getByRole('button', { name: texts.submit, exact: true }).click();
}

const statusButton = (page: Page, name: string) =>
  page.getByRole('group', { name: /Set your status|Cambie su estado/ }).getByRole('button', {
    name: new RegExp(`^${name}`),
  });

/**
 * Resolves when the server has answered the phone's next status tap: the board's second is counted
 * from there, so a slow phone on a busy machine is not taken for a slow hub.
 */
function statusTaken(page: Page) {
  return page.waitForResponse(
    (response) =>
      response.request().method() === 'PUT' &&
      response.url().endsWith('/api/v1/driver/status') &&
      response.ok(),
  );
}

async function tap(page: Page, name: string) {
  await statusButton(page, name).click();
  await expect.poll(() => page.getByTestId('driver-status').textContent()).toBe(name);
}

/** Draws a signature with the mouse: a few strokes across the box. */
async function drawSignature(page: Page) {
  const canvas = page.getByRole('img', { name: /Receiver’s signature|Firma de quien recibe/ });
  await canvas.scrollIntoViewIfNeeded();
  const box = (await canvas.boundingBox())!;
  const at = (x: number, y: number) => [box.x + box.width * x, box.y + box.height * y] as const;
  await page.mouse.move(...at(0.1, 0.6));
  await page.mouse.down();
  for (let step = 1; step <= 24; step++) {
    const x = 0.1 + (0.8 * step) / 24;
    await page.mouse.move(...at(x, 0.55 + 0.2 * Math.sin(step / 2)), { steps: 2 });
  }
  await page.mouse.up();
}

async function fillReceipt(page: Page) {
  await page.getByLabel(/Water added on site/).fill('5');
  await page.getByLabel('Comments', { exact: true }).fill('Poured at the east footing.');
  await page.getByLabel('Receiver’s name', { exact: true }).fill('Pat Foreman');
  await drawSignature(page);
}

describe('the driver app', () => {
  const { suite, newPage } = productSuite();

  // First, while the demo's load is still open: the Spanish screens show it.
  it('speaks Spanish when the driver chose it', async () => {
    const url = suite.product.url;
    const { page, context } = await phoneContext(suite.browser, 'es');
    await page.goto(`${url}/driver`);
    await page.getByRole('heading', { name: 'Acceso del conductor' }).waitFor();
    await shot(page, 'es-sign-in');
    await signIn(page, url, { username: 'Usuario', submit: 'Iniciar sesión' });
    await page.getByRole('heading', { name: /^Camión / }).waitFor();
    await page.getByRole('group', { name: 'Cambie su estado' }).waitFor();
    await shot(page, 'es-day');
    const current = page.getByRole('region', { name: 'Carga actual' });
    if ((await current.count()) > 0) {
      await current.scrollIntoViewIfNeeded();
      await shot(page, 'es-current-load');
    }
    const signButton = page.getByRole('button', { name: 'Recibo y firma' });
    if ((await signButton.count()) > 0) {
      await signButton.click();
      await page.getByRole('heading', { name: 'Recibo y firma' }).waitFor();
      await page.getByRole('button', { name: 'Enviar boleta firmada' }).click();
      await page.getByText('Quien recibe debe firmar.').waitFor();
      await shot(page, 'es-sign');
      await page.getByRole('button', { name: 'Volver' }).click();
    }
    // Offline, a tap waits on the phone: the strip says so in Spanish.
    await context.setOffline(true);
    await page.evaluate(() => window.scrollTo({ top: 0 }));
    const next = page
      .getByRole('group', { name: 'Cambie su estado' })
      .getByRole('button', { name: /Siguiente/ });
    const target =
      (await next.count()) > 0 ? next : page.getByRole('button', { name: /^A planta/ });
    await target.click();
    await page
      .getByText(/pendientes? de envío/)
      .first()
      .waitFor();
    await shot(page, 'es-offline');
    await context.setOffline(false);
    await page.getByTestId('driver-outbox').getByText('Enviado').waitFor({ timeout: 20_000 });
    await context.close();
  });

  it('runs a load round the loop, part of it offline, and the board follows live', async () => {
    const url = suite.product.url;
    const asDriver = await apiAs(url, 'driver');
    const asDispatcher = await apiAs(url, 'dispatcher');
    const before = driverDaySchema.parse(await asDriver<DriverDay>('GET', '/api/v1/driver/today'));
    const load = before.loads.find((each) => each.current);
    expect(load, 'the demo driver has a current load').toBeDefined();
    const truck = before.truck;
    // The load is loaded at the plant, ready to go (whatever the demo's hour left it at).
    if (truck.statusId !== truckStatusIds.loaded) {
      await asDispatcher('PUT', `/api/v1/trucks/${truck.id}/status`, {
        statusId: truckStatusIds.loaded,
        version: truck.version,
      });
    }

    // The dispatcher's board, on the driver's plant.
    const board = await newPage('dispatcher', { width: 1440, height: 900 });
    await board.goto(`${url}/load-scheduling`);
    // A full load connects again: the Connecting modal takes the focus, and would close a list.
    await connected(board);
    await board
      .getByRole('radiogroup', { name: 'Time window' })
      .getByText('Today', { exact: true })
      .click();
    await choosePlants(board, [truck.plantName]);
    const boardTruck = board.getByRole('listitem', {
      name: truck.identificationNumber,
      exact: true,
    });

    const { page, context, consoleErrors } = await phoneContext(suite.browser, 'en');
    const positions: { recordedAt: string }[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith(`/trucks/${truck.id}/positions`)) {
        const body = request.postDataJSON() as { positions: { recordedAt: string }[] };
        positions.push(...body.positions);
      }
    });

    await page.goto(`${url}/driver`);
    await page.getByRole('heading', { name: 'Driver sign in' }).waitFor();
    await shot(page, 'sign-in');
    await signIn(page, url, { username: 'Username', submit: 'Sign in' });
    await page.getByRole('heading', { name: `Truck ${truck.identificationNumber}` }).waitFor();
    const current = page.getByRole('region', { name: 'Current load' });
    await current.getByText(load!.customerName, { exact: true }).waitFor();
    await expect.poll(() => page.getByTestId('driver-status').textContent()).toBe('Loaded');
    expect(await statusButton(page, 'To job').textContent()).toContain('Next');
    // Every status button is a big, full-width target.
    for (const name of ['To job', 'On job', 'Unloading', 'Washing', 'To plant', 'In yard']) {
      const box = (await statusButton(page, name).boundingBox())!;
      expect(box.height).toBeGreaterThanOrEqual(56);
      expect(box.width).toBeGreaterThan(phone.width - 40);
    }
    await shot(page, 'day');
    await current.scrollIntoViewIfNeeded();
    await shot(page, 'current-load');
    await page.evaluate(() => window.scrollTo({ top: 0 }));

    // To job: the dispatcher's board shows it within a second of the server taking the tap.
    const toJobTaken = statusTaken(page);
    await statusButton(page, 'To job').click();
    await toJobTaken;
    await boardTruck.getByText('To job', { exact: true }).waitFor({ timeout: 1_000 });
    await expect.poll(() => page.getByTestId('driver-status').textContent()).toBe('To job');
    await page.getByText('✓ Sent').waitFor();
    await shot(page, 'to-job');

    // On the road: the phone reports where it is while the load is open.
    await context.setGeolocation(road[1]!);
    await expect.poll(() => positions.length, { timeout: 15_000 }).toBeGreaterThan(0);
    const onJobTaken = statusTaken(page);
    await tap(page, 'On job');
    await onJobTaken;
    await boardTruck.getByText('On job', { exact: true }).waitFor({ timeout: 1_000 });

    // No network at the job: the taps and the signed ticket wait on the phone.
    await context.setOffline(true);
    await tap(page, 'Unloading');
    await page.getByRole('button', { name: 'Receipt and signature' }).click();
    await page.getByRole('heading', { name: 'Receipt and signature' }).waitFor();
    await shot(page, 'sign');
    // Nothing signed yet: refused, next to the fields.
    await page.getByRole('button', { name: 'Submit signed ticket' }).click();
    await page.getByText('The receiver must sign.').waitFor();
    await page.getByText('Write who received the load.').waitFor();
    await fillReceipt(page);
    await shot(page, 'signed');
    await page.getByRole('button', { name: 'Submit signed ticket' }).click();
    await page
      .getByText('Saved on this phone: it is sent as soon as the network is back.')
      .waitFor();
    await tap(page, 'To plant');
    const strip = page.getByTestId('driver-outbox');
    await expect
      .poll(async () =>
        Number(/(\d+) waiting to send/.exec((await strip.textContent()) ?? '')?.[1]),
      )
      .toBeGreaterThanOrEqual(3);
    await page.evaluate(() => window.scrollTo({ top: 0 }));
    await shot(page, 'offline');
    // Nothing reached the server meanwhile.
    expect(
      driverDaySchema.parse(await asDriver('GET', '/api/v1/driver/today')).truck.statusId,
    ).toBe(truckStatusIds.onJob);

    // The network is back: everything goes, in order, and the board follows.
    await context.setOffline(false);
    await strip.getByText('Sent').waitFor({ timeout: 20_000 });
    await shot(page, 'sent');
    await boardTruck.getByText('To plant', { exact: true }).waitFor({ timeout: 5_000 });
    const after = driverDaySchema.parse(await asDriver('GET', '/api/v1/driver/today'));
    expect(after.truck.statusId).toBe(truckStatusIds.toPlant);
    const signedLoad = after.loads.find((each) => each.ticketId === load!.ticketId);
    expect(signedLoad?.signed).toBe(true);
    const delivery = await asDriver<{
      receiverName: string;
      waterAdded: number;
      signaturePng: string;
    }>('GET', `/api/v1/tickets/${load!.ticketId}/delivery`);
    expect(delivery.receiverName).toBe('Pat Foreman');
    expect(delivery.waterAdded).toBe(5);
    expect(delivery.signaturePng.startsWith('data:image/png;base64,')).toBe(true);
    // Every position the phone read was stored: sent again, each one is a duplicate.
    const replay = await asDriver<{ accepted: number; duplicates: number }>(
      'POST',
      `/api/v1/trucks/${truck.id}/positions`,
      { positions: positions.slice(0, 500) },
    );
    expect(replay).toMatchObject({ accepted: 0, duplicates: Math.min(positions.length, 500) });

    await tap(page, 'In yard');
    // Back in its yard, the board lists the truck by its place in the queue.
    await board
      .getByRole('listitem', {
        name: new RegExp(`^Truck ${truck.identificationNumber}, place \\d+ in the yard$`),
      })
      .waitFor({ timeout: 5_000 });
    await page.evaluate(() => window.scrollTo({ top: 0 }));
    await shot(page, 'in-yard');
    // The signed load offers its ticket.
    await page
      .getByRole('region', { name: /Current load|Today’s other loads/ })
      .getByRole('button', { name: 'View ticket' })
      .first()
      .waitFor();

    // The installed app's shell: its manifest, and a service worker that keeps it.
    const manifest = await page.evaluate(async () => {
      const link = document.querySelector<HTMLLinkElement>('link[rel="manifest"]');
      return link ? ((await (await fetch(link.href)).json()) as Record<string, unknown>) : null;
    });
    expect(manifest).toMatchObject({ display: 'standalone', start_url: '/driver' });
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));

    // Reopened with no network, the app still opens with the day it had.
    await context.setOffline(true);
    await page.reload();
    await page.getByRole('heading', { name: `Truck ${truck.identificationNumber}` }).waitFor();
    await page.getByText(/No network: showing your day/).waitFor();
    await context.setOffline(false);

    const unexpected = consoleErrors.filter(
      (error) => !/ERR_INTERNET_DISCONNECTED|Failed to fetch|net::|answered 409/.test(error),
    );
    expect(unexpected).toEqual([]);
    await context.close();
  });

  it('sends a driver who signs in at the office login to /driver', async () => {
    const { page: driverPage, context } = await phoneContext(suite.browser, 'en');
    await driverPage.goto(`${suite.product.url}/security/login`);
    await driverPage.getByLabel('Username', { exact: true }).fill('driver');
    await driverPage.getByLabel('Password', { exact: true }).fill('demo');
    await driverPage
      .locator('select[name="database"] option', { hasText: 'DEMO' })
      .waitFor({ state: 'attached' });
    await driverPage.getByLabel('Database', { exact: true }).selectOption('DEMO');
    await driverPage.getByRole('button', { name: 'Sign in' }).click();
    await driverPage.waitForURL(/\/driver$/);
    await driverPage.getByRole('heading', { name: /^Truck / }).waitFor();
    await context.close();
  });
});
