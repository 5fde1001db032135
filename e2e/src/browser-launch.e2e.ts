/**
 * The browser the walks drive starts as Playwright starts it, less the address bar's popups
 * (support/browser.ts): Chromium keeps only the last `--disable-features` switch, so the walks'
 * own must still name every feature Playwright's names.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser } from './support/browser';

describe('the browser the walks drive', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('keeps every feature Playwright turns off, and loads no address-bar popup in a new profile', async () => {
    const session = await browser.newBrowserCDPSession();
    // The browser process's own command line (Browser.getBrowserCommandLine wants automation on).
    const { processInfo } = (await session.send('SystemInfo.getProcessInfo')) as {
      processInfo: { type: string; id: number }[];
    };
    const browserPid = processInfo.find((process) => process.type === 'browser')!.id;
    const switches = readFileSync(`/proc/${browserPid}/cmdline`, 'utf8').split(/[\0 ]/);
    const lists = switches
      .filter((value) => value.startsWith('--disable-features='))
      .map((value) => value.slice('--disable-features='.length).split(','));
    expect(lists.length).toBeGreaterThanOrEqual(2);
    const [playwrights, inEffect] = [lists[0]!, lists.at(-1)!];
    expect(playwrights.filter((name) => !inEffect.includes(name))).toEqual([]);

    const context = await browser.newContext();
    await context.newPage();
    const { targetInfos } = await session.send('Target.getTargets');
    expect(targetInfos.filter((target) => target.url.startsWith('chrome://omnibox'))).toEqual([]);
    await context.close();
  });
});
