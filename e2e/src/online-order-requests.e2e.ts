/**
 * Online order requests (issue 12, item 6; R-OREQ-1..12) in Debian's Chromium against the real
 * server: an external user signs in, lands on their own page and requests an order; a dispatcher's
 * Online Order Requests screen shows it live, accepts it into a pre-filled order entry and saves;
 * the external user's page then shows it accepted with the order's number.
 */
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { logIn, openPage } from './support/browser';
import { apiToken, openFromMenu, productSuite, screenshots } from './support/maintenance';
import { pickFirst } from './support/pick-list';
import { setSystemParameter } from './support/api-calls';

describe('online order requests', () => {
  const { suite, newPage } = productSuite();

  it('takes an external user’s request live to a dispatcher, who accepts it into an order', async () => {
    const url = suite.product.url;
    await setSystemParameter(url, 'externalUsersEnabled', true);
    const admin = { authorization: `Bearer ${await apiToken(url, 'admin')}` };

    const jobs = (await (await fetch(`${url}/api/v1/jobs?limit=1`, { headers: admin })).json()) as {
      data: { id: number; customerId: number; number: string }[];
    };
    const job = jobs.data[0]!;
    const customer = (await (
      await fetch(`${url}/api/v1/customers/${job.customerId}`, { headers: admin })
    ).json()) as { name: string };
    const username = `site.boss.${Date.now() % 100_000}`;
    const temporary = 'gravel trucks at dawn';
    const password = 'pour the slab friday';
    const created = await fetch(`${url}/api/v1/external-users`, {
      method: 'POST',
      headers: { ...admin, 'content-type': 'application/json' },
      body: JSON.stringify({
        username,
        customerId: job.customerId,
        temporaryPassword: temporary,
        jobs: [{ jobId: job.id }],
      }),
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const changed = await fetch(`${url}/api/v1/auth/change-password`, {
      method: 'POST',
      headers: { database: 'DEMO', 'content-type': 'application/json' },
      body: JSON.stringify({ username, currentPassword: temporary, newPassword: password }),
    });
    expect(changed.status).toBe(200);

    // The dispatcher keeps the requests screen open.
    const dispatcher = await newPage('dispatcher', { width: 1440, height: 900 });
    await openFromMenu(dispatcher, 'OnlineOrderRequests');
    await dispatcher.getByRole('heading', { name: 'Online order requests', level: 2 }).waitFor();

    // The external user signs in and lands on their own page, not the staff shell.
    const external = await openPage(suite.browser, { width: 1280, height: 900 });
    const page = external.page;
    await page.goto(`${url}/security/login`);
    await logIn(page, { username, password });
    await page.waitForURL(/\/requests$/);
    await page.getByRole('heading', { name: 'My order requests' }).waitFor();
    await page.getByText(`Ordering for ${customer.name}`).waitFor();
    expect(await page.getByRole('navigation', { name: 'Main menu' }).count()).toBe(0);
    await page.getByRole('dialog', { name: 'Connecting' }).waitFor({ state: 'hidden' });

    await pickFirst(page, page.getByRole('combobox', { name: 'Product' }), '');
    await page.getByRole('textbox', { name: 'Quantity' }).fill('24');
    await page.getByLabel('Time on the job').fill('07:30');
    await page.getByRole('textbox', { name: 'Notes for the dispatcher' }).fill('Pump on site');
    const sending = page.waitForResponse(
      (response) =>
        response.url().endsWith('/api/v1/order-requests') && response.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Send request' }).click();
    const sent = await sending;
    expect(sent.status()).toBe(201);
    const request = (await sent.json()) as { id: number };
    const card = page.getByRole('article', { name: `Request ${request.id}` });
    await card.getByText('Pending').waitFor();

    // It appears on the dispatcher's screen without a reload (orderRequestUpdate_v1).
    const row = dispatcher.locator(`tr[data-request-id="${request.id}"]`);
    await row.waitFor({ timeout: 5_000 });
    await row.getByText('Pump on site').waitFor();
    await dispatcher.screenshot({
      path: path.join(screenshots, 'online-order-requests-en.png'),
      fullPage: true,
    });

    // Accept: order entry opens pre-filled from the request.
    await dispatcher
      .getByRole('button', { name: `Accept request ${request.id} into a new order` })
      .click();
    await dispatcher.getByRole('heading', { name: 'New concrete order', level: 2 }).waitFor();
    await dispatcher.getByText(`From online request ${request.id}`).waitFor();
    const header = dispatcher.getByRole('region', { name: 'Order', exact: true });
    await expect
      .poll(() => header.getByRole('combobox', { name: 'Customer' }).inputValue())
      .toContain(customer.name);
    const first = dispatcher.getByRole('region', { name: 'Schedule 1' });
    expect(await first.getByLabel('First load on job').inputValue()).toBe('07:30');
    expect(await first.getByRole('textbox', { name: 'Quantity', exact: true }).inputValue()).toBe(
      '24',
    );
    // What the request's customer and job leave empty, the dispatcher picks. A list may reload its
    // choices while it is open (the customer's and job's records arriving) and lose the click:
    // the dispatcher sees the field still empty and picks again.
    const chosen = async (list: ReturnType<Page['getByRole']>) => {
      await expect
        .poll(
          async () => {
            if ((await list.inputValue()) === '') await pickFirst(dispatcher, list, '');
            return list.inputValue();
          },
          { timeout: 30_000 },
        )
        .not.toBe('');
    };
    await chosen(header.getByRole('combobox', { name: 'Plant' }));
    await chosen(header.getByRole('combobox', { name: 'Short load charge' }));
    await chosen(first.getByRole('combobox', { name: 'Plant' }));
    // What a request does not say, the dispatcher adds: the pace and the times of the schedule.
    await first.getByLabel('First load on job').focus();
    for (const value of ['40', '8', '', '', '20', '20', '15', '10']) {
      await dispatcher.keyboard.press('Tab');
      if (value) await dispatcher.keyboard.type(value);
    }
    const accepting = dispatcher.waitForResponse((response) =>
      response.url().endsWith(`/api/v1/order-requests/${request.id}/accept`),
    );
    const saving = dispatcher.waitForResponse(
      (response) =>
        response.url().endsWith('/api/v1/orders') && response.request().method() === 'POST',
    );
    await dispatcher.keyboard.press('Control+s');
    const saved = await saving;
    expect(saved.status(), await saved.text()).toBe(201);
    const order = (await saved.json()) as { id: number; number: number };
    expect((await accepting).status()).toBe(200);
    await dispatcher.getByText(`Request ${request.id} accepted`).waitFor();

    // The requester sees the outcome on their page (read again every 15 s).
    await card.getByText('Accepted').waitFor({ timeout: 20_000 });
    await card.getByText(`Order ${order.number}`).waitFor();
    await page.screenshot({ path: path.join(screenshots, 'external-requests-en.png') });
    expect(
      external.consoleErrors.filter((error) => !/dispatch|hub|signalr|negotiat/i.test(error)),
    ).toEqual([]);

    // The dispatchers' screen in Spanish, all requests shown.
    await openFromMenu(dispatcher, 'OnlineOrderRequests');
    await dispatcher.evaluate(() => localStorage.setItem('language', 'es'));
    await dispatcher.reload();
    await dispatcher.getByText('Despachador · Conectado').waitFor();
    await dispatcher.getByRole('dialog', { name: 'Conectando' }).waitFor({ state: 'hidden' });
    await dispatcher.getByRole('heading', { name: 'Solicitudes de pedido en línea' }).waitFor();
    await dispatcher.getByText(/^Todas \(\d+\)$/).click();
    await dispatcher.locator(`tr[data-request-id="${request.id}"]`).getByText('Aceptada').waitFor();
    await dispatcher.screenshot({
      path: path.join(screenshots, 'online-order-requests-es.png'),
      fullPage: true,
    });
    await dispatcher.evaluate(() => localStorage.setItem('language', 'en'));
    await external.context.close();
  });
});
