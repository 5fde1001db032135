/**
 * AI-Assisted Query as an office clerk uses it (issue 14, item 8; R-NLQ-1..12), in Debian's
 * Chromium against the real server over the demo data, where it is on out of the box: five
 * questions answered on screen (tables and charts), an edited reading run again, a "did you mean"
 * for a name nothing has, and the same in Spanish. Always in the menu (R-PERM-3): when the
 * administrator turns nlqEnabled off, the open screen says which parameter turned it off
 * (R-NLQ-11, R-PARAM-11), never that permission is lacking.
 */
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { setSystemParameter } from './support/api-calls';
import { openFromMenu, productSuite, screenshots } from './support/maintenance';

async function ask(page: Page, label: string, question: string, button: string) {
  await page.getByLabel(label, { exact: true }).fill(question);
  const answered = page.waitForResponse((response) => response.url().endsWith('/api/v1/nlq/ask'));
  await page.getByRole('button', { name: button, exact: true }).click();
  expect((await answered).status()).toBe(200);
}

describe('natural-language query', () => {
  const { suite, newPage } = productSuite();

  it('answers questions with tables and charts, edits a reading, and offers alternatives', async () => {
    const page = await newPage('dispatcher', { width: 1440, height: 1000 });
    // On in the demo, and in the menu (R-PERM-3).
    await openFromMenu(page, 'NaturalLanguageQuery');
    await page.getByRole('heading', { name: 'AI-Assisted Query', level: 2 }).waitFor();

    // 1. A list of trucks.
    await ask(page, 'Question', 'trucks out of service now', 'Ask');
    const table = page.getByRole('table', { name: 'Table' });
    await table.getByRole('columnheader', { name: 'Truck' }).waitFor();
    expect(await table.getByRole('row').count()).toBeGreaterThan(1);
    await page.screenshot({ path: path.join(screenshots, 'nlq-table-en.png'), fullPage: true });

    // 2. A breakdown by plant, as bars and a table.
    await ask(page, 'Question', 'loads by plant today', 'Ask');
    await page.getByRole('figure', { name: /Chart: Loads \(tickets\) · Plant/ }).waitFor();
    await table.getByRole('columnheader', { name: 'Loads (tickets)' }).waitFor();
    expect(await table.getByRole('row').count()).toBeGreaterThan(2);
    await page.screenshot({ path: path.join(screenshots, 'nlq-chart-en.png'), fullPage: true });

    // 3. A time line.
    await ask(page, 'Question', 'yards of concrete by day', 'Ask');
    await page.getByRole('figure', { name: /Chart: Cubic yards delivered · Day/ }).waitFor();

    // 4. A ranking, then its reading edited: three rows instead of ten.
    await ask(page, 'Question', 'top 10 customers by tons', 'Ask');
    await table.getByRole('columnheader', { name: 'Tons delivered' }).waitFor();
    const reading = page.getByRole('region', { name: 'How the question was read' });
    await reading.getByRole('textbox', { name: 'Rows' }).fill('3');
    const ran = page.waitForResponse((response) => response.url().endsWith('/api/v1/nlq/run'));
    await reading.getByRole('button', { name: 'Run again' }).click();
    expect((await ran).status()).toBe(200);
    await reading.getByText('Edited').waitFor();
    await expect.poll(() => table.getByRole('row').count()).toBe(4);

    // 5. Orders on hold, listed with their customers.
    await ask(page, 'Question', 'orders on hold', 'Ask');
    await table.getByRole('columnheader', { name: 'Customer' }).waitFor();

    // A name nothing has: alternatives to click (R-NLQ-8).
    await ask(page, 'Question', 'orders on hold for Acme', 'Ask');
    await page.getByText('Nothing is called “acme”.').waitFor();
    const didYouMean = page.getByRole('group', { name: 'Did you mean' });
    await didYouMean.getByRole('button', { name: 'orders on hold', exact: true }).waitFor();
    await page.screenshot({
      path: path.join(screenshots, 'nlq-did-you-mean-en.png'),
      fullPage: true,
    });
    await didYouMean.getByRole('button', { name: 'orders on hold', exact: true }).click();
    await table.waitFor();
    await page
      .getByRole('region', { name: 'Recent questions' })
      .getByRole('button', { name: 'orders on hold for Acme' })
      .waitFor();

    // The same screen in Spanish.
    await page.evaluate(() => localStorage.setItem('language', 'es'));
    await page.reload();
    await page.getByText('Despachador · Conectado').waitFor();
    await page.getByRole('dialog', { name: 'Conectando' }).waitFor({ state: 'hidden' });
    await ask(page, 'Pregunta', 'camiones fuera de servicio ahora', 'Preguntar');
    await page.getByRole('table').getByRole('columnheader', { name: 'Camión' }).waitFor();
    await page.screenshot({ path: path.join(screenshots, 'nlq-table-es.png'), fullPage: true });
    await ask(page, 'Pregunta', 'cargas por planta hoy', 'Preguntar');
    await page.getByRole('figure', { name: /Gráfico: Cargas \(boletas\) · Planta/ }).waitFor();
    await page.screenshot({ path: path.join(screenshots, 'nlq-chart-es.png'), fullPage: true });
    await ask(page, 'Pregunta', 'pedidos retenidos para Acme', 'Preguntar');
    await page.getByText('Nada se llama «acme».').waitFor();
    await page.screenshot({
      path: path.join(screenshots, 'nlq-did-you-mean-es.png'),
      fullPage: true,
    });
    await page.evaluate(() => localStorage.setItem('language', 'en'));
  });

  it('stays in the menu while nlqEnabled is off and says the parameter turned it off', async () => {
    const page = await newPage('dispatcher', { width: 1440, height: 1000 });
    await openFromMenu(page, 'NaturalLanguageQuery');
    await page.getByLabel('Question', { exact: true }).waitFor();
    // The administrator turns it off; the open screen follows at once (serverConfigUpdate_v1).
    await setSystemParameter(suite.product.url, 'nlqEnabled', false);
    try {
      const notice = page.getByRole('alert').filter({ hasText: 'Turned off' });
      await notice
        .getByText(
          'AI-Assisted Query is turned off by the system parameter "Natural-language queries".',
        )
        .waitFor();
      expect(await page.getByLabel('Question', { exact: true }).count()).toBe(0);
      expect(await page.getByText(/You do not have permissions/).count()).toBe(0);
      // Still in the menu, and opening it again says the same.
      await openFromMenu(page, 'Dashboard');
      await openFromMenu(page, 'NaturalLanguageQuery');
      await notice.waitFor();
      await page.screenshot({ path: path.join(screenshots, 'nlq-turned-off.png'), fullPage: true });
    } finally {
      await setSystemParameter(suite.product.url, 'nlqEnabled', true);
    }
    await page.getByLabel('Question', { exact: true }).waitFor();
  });
});
