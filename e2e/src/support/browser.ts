import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Debian's Chromium, headless, kept off the network beyond loopback. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
}

export type WatchedPage = { page: Page; context: BrowserContext; consoleErrors: string[] };

/** A fresh browser profile (its own storage) with every console error and page error recorded. */
export async function openPage(
  browser: Browser,
  viewport = { width: 1440, height: 900 },
): Promise<WatchedPage> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const { url } = message.location();
    consoleErrors.push(url ? `${message.text()} (${url})` : message.text());
  });
  page.on('pageerror', (error) => consoleErrors.push(error.message));
  return { page, context, consoleErrors };
}

export async function logIn(
  page: Page,
  options: { username: string; password?: string; database?: string },
): Promise<void> {
  await page.getByLabel('Username', { exact: true }).fill(options.username);
  await page.getByLabel('Password', { exact: true }).fill(options.password ?? 'demo');
  const database = page.getByLabel('Database', { exact: true });
  // The list arrives from /api/servers/accessible; wait for the option before choosing it.
  await page
    .locator('select[name="database"] option', { hasText: options.database ?? 'DEMO' })
    .waitFor({ state: 'attached' });
  await database.selectOption(options.database ?? 'DEMO');
  await page.getByRole('button', { name: 'Sign in' }).click();
}
