/**
 * AI-Assisted Query as an office clerk uses it (issue 14, item 8; R-NLQ-1..12), in Debian's
 * Chromium against the real server over the demo data: hidden from the menu while nlqEnabled is
 * off, shown as soon as the administrator turns it on; five questions answered on screen (tables
 * and charts), an edited reading run again, a "did you mean" for a name nothing has, and the same
 * in Spanish.
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
    // Off by default: not in the menu (R-NLQ-11).
    await page.getByLabel('Filter the menu').fill('AI-Assisted Query');
    const link = page
      .getByRole('navigation', { name: 'Main menu' })
      .getByRole('link', { name: 'Ask AI', exact: true });
    expect(await link.count()).toBe(0);
    // The administrator turns it on; the open menu follows at once (serverConfigUpdate_v1).
    await setSystemParameter(suite.product.url, 'nlqEnabled', true);
    await link.waitFor();
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
    await setSystemParameter(suite.product.url, 'nlqEnabled', false);
  });
});
