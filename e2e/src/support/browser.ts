import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * The Chromium features Playwright 1.65 turns off at every launch (its `chromiumSwitches`), and
 * the two address-bar popups: Chromium 156 loads chrome://omnibox-popup.top-chrome (and its
 * AI-mode page) in a renderer of its own for every new profile, even headless, where no address
 * bar is shown. That renderer was 0.6 of a fresh context's 2.7 processor-seconds, some 80 contexts
 * a run (ADR 017, seventeenth pass).
 *
 * Chromium keeps only the last `--disable-features` it is given, and Playwright's comes first, so
 * ours repeats Playwright's list; `browser-launch.e2e.ts` fails when a Playwright upgrade adds a
 * name this list lacks.
 */
export const disabledChromiumFeatures = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
  'WebUIOmniboxPopup',
  'WebUIOmniboxAimPopup',
];

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
      `--disable-features=${disabledChromiumFeatures.join(',')}`,
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
