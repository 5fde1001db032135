/**
 * What the web bench measures in Chromium. Times are taken inside the page: a probe, installed
 * before any of the app's scripts run, checks the DOM on every animation frame and stamps
 * `performance.now()` when a state is first reached, so Playwright's polling adds nothing to them.
 */
import type { Browser, Page } from 'playwright-core';
import { logIn, openPage } from '../src/support/browser';

export const loginPath = '/security/login';

/** What the probe looks for, passed into the page as JSON. */
const probeConfig = {
  submitLabel: 'Sign in',
  database: 'DEMO',
  homePath: '/home',
  heading: 'Dashboard',
  connectingTitle: 'Connecting',
  cardError: 'Could not load this card',
  /** Each region and text (a RegExp source) only its loaded content shows: skeletons have none. */
  regions: [
    { name: 'Orders by status', data: String.raw`\d orders?` },
    { name: 'Trucks by status', data: String.raw`\d trucks?` },
    { name: 'Latest tickets', data: String.raw`Order \d|No tickets written today` },
  ],
};
type ProbeConfig = typeof probeConfig;

type ProbeState = {
  /** The login form can be filled: its fields, the DEMO database and Sign in are shown. */
  formAt?: number;
  /** The click on Sign in (the event's own time stamp). */
  clickAt?: number;
  /** After the click: /home, its heading, and the three regions show data. */
  dataAt?: number;
  /** As dataAt, and the Connecting modal is gone too: the dashboard is interactive. */
  readyAt?: number;
  failure?: string;
};
type ProbeKey = 'formAt' | 'readyAt';

/** Runs in the page (serialised), so it may use only what it defines and the DOM. */
function probe(config: ProbeConfig): void {
  const state: ProbeState = {};
  Object.assign(window, { __webBench: state });
  const shown = (element: Element | null | undefined) => !!element && element.checkVisibility();
  const labelOf = (element: Element) =>
    document.getElementById(element.getAttribute('aria-labelledby') ?? '')?.textContent?.trim();
  const formReady = () => {
    const database = document.querySelector('select[name="database"]');
    const submit = document.querySelector('form button[type="submit"]');
    return (
      shown(document.querySelector('input[name="username"]')) &&
      shown(document.querySelector('input[name="password"]')) &&
      shown(database) &&
      [...(database?.querySelectorAll('option') ?? [])].some(
        (option) => option.value === config.database,
      ) &&
      shown(submit) &&
      submit?.textContent?.trim() === config.submitLabel
    );
  };
  const dashboardShowsData = () => {
    if (location.pathname !== config.homePath) return false;
    const headings = document.querySelectorAll('h1, h2, [role="heading"]');
    if (![...headings].some((h) => h.textContent?.trim() === config.heading && shown(h)))
      return false;
    const sections = [...document.querySelectorAll('section[aria-labelledby]')];
    return config.regions.every(({ name, data }) => {
      const region = sections.find((section) => labelOf(section) === name);
      const text = region?.textContent ?? '';
      if (text.includes(config.cardError)) state.failure = `"${name}" shows: ${text}`;
      return (
        shown(region) &&
        !region?.querySelector('.mantine-Skeleton-root') &&
        new RegExp(data).test(text)
      );
    });
  };
  const connectingShown = () =>
    [...document.querySelectorAll('[role="dialog"]')].some(
      (dialog) => labelOf(dialog) === config.connectingTitle && shown(dialog),
    );

  document.addEventListener(
    'click',
    (event) => {
      const button = (event.target as Element | null)?.closest('form button[type="submit"]');
      if (button?.textContent?.trim() === config.submitLabel) state.clickAt ??= event.timeStamp;
    },
    true,
  );
  const check = () => {
    const now = performance.now();
    if (state.formAt === undefined && document.body && formReady()) state.formAt = now;
    if (state.clickAt !== undefined && dashboardShowsData()) {
      state.dataAt ??= now;
      if (!connectingShown()) state.readyAt = now;
    }
    if (state.readyAt === undefined) requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
}

async function installProbe(page: Page): Promise<void> {
  // tsx keeps function names by wrapping them in `__name(...)`, which the page does not have.
  await page.addInitScript({
    content: `globalThis.__name ??= (fn) => fn;\n(${probe.toString()})(${JSON.stringify(probeConfig)});`,
  });
}

/** Waits until the probe has stamped `key` (or seen a card fail) and returns its state. */
async function waitForProbe(page: Page, key: ProbeKey): Promise<ProbeState> {
  const handle = await page.waitForFunction(
    (name) => {
      const state = (window as { __webBench?: ProbeState }).__webBench;
      return state && (state[name] !== undefined || state.failure) ? state : undefined;
    },
    key,
    { timeout: 60_000, polling: 100 },
  );
  const state = (await handle.jsonValue()) as ProbeState;
  if (state.failure) throw new Error(`The dashboard did not load: ${state.failure}`);
  return state;
}

export type LoadedScript = { url: string; bytes: Buffer };

/** The scripts a page loads from now on, each once, by URL. */
function collectScripts(page: Page): Map<string, Promise<LoadedScript>> {
  const scripts = new Map<string, Promise<LoadedScript>>();
  page.on('response', (response) => {
    const javascript = (response.headers()['content-type'] ?? '').includes('javascript');
    if (!javascript && response.request().resourceType() !== 'script') return;
    if (!scripts.has(response.url()))
      scripts.set(
        response.url(),
        response.body().then((bytes) => ({ url: response.url(), bytes })),
      );
  });
  return scripts;
}

/** Every script a fresh browser loads for the login route, until the form is shown and idle. */
export async function loginRouteScripts(
  browser: Browser,
  baseUrl: string,
): Promise<LoadedScript[]> {
  const { page, context } = await openPage(browser);
  try {
    await installProbe(page);
    const scripts = collectScripts(page);
    await page.goto(baseUrl + loginPath, { waitUntil: 'networkidle' });
    await waitForProbe(page, 'formAt');
    await page.waitForLoadState('networkidle');
    const pathname = new URL(page.url()).pathname;
    if (pathname !== loginPath) throw new Error(`The login route went to ${pathname}.`);
    return await Promise.all(scripts.values());
  } finally {
    await context.close();
  }
}

export const driverPath = '/driver';

/**
 * Every script a fresh phone (390×844) loads for the driver app, until its sign-in form is shown
 * and the network is idle.
 */
export async function driverRouteScripts(
  browser: Browser,
  baseUrl: string,
): Promise<LoadedScript[]> {
  const { page, context } = await openPage(browser, { width: 390, height: 844 });
  try {
    const scripts = collectScripts(page);
    await page.goto(baseUrl + driverPath, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor({ timeout: 60_000 });
    await page.waitForLoadState('networkidle');
    return await Promise.all(scripts.values());
  } finally {
    await context.close();
  }
}

/** A fresh browser's page load of the login route: navigation start to a form ready to fill. */
export async function timeLoginForm(browser: Browser, baseUrl: string): Promise<number> {
  const { page, context } = await openPage(browser);
  try {
    await installProbe(page);
    await page.goto(baseUrl + loginPath, { waitUntil: 'commit' });
    // performance.now() counts from the navigation's start.
    const { formAt } = await waitForProbe(page, 'formAt');
    return formAt ?? Number.NaN;
  } finally {
    await context.close();
  }
}

export type LoginTiming = {
  /** Click on Sign in to an interactive dashboard. */
  readyMs: number;
  /** Click on Sign in to the three regions showing data (the Connecting modal may still be up). */
  dataMs: number;
  consoleErrors: string[];
};

/** A fresh browser logs in as the demo dispatcher; the clock runs from the click on Sign in. */
export async function timeLogin(browser: Browser, baseUrl: string): Promise<LoginTiming> {
  const { page, context, consoleErrors } = await openPage(browser);
  try {
    await installProbe(page);
    await page.goto(baseUrl + loginPath);
    await logIn(page, { username: 'dispatcher' });
    const { clickAt, dataAt, readyAt } = await waitForProbe(page, 'readyAt');
    if (clickAt === undefined || dataAt === undefined || readyAt === undefined)
      throw new Error('The probe missed the click on Sign in.');
    await confirmInteractiveDashboard(page);
    return { readyMs: readyAt - clickAt, dataMs: dataAt - clickAt, consoleErrors };
  } finally {
    await context.close();
  }
}

/** The same end state, asked of Playwright by role and name, in case the probe's DOM reading errs. */
async function confirmInteractiveDashboard(page: Page): Promise<void> {
  const timeout = 5_000;
  const pathname = new URL(page.url()).pathname;
  if (pathname !== probeConfig.homePath) throw new Error(`Logged in to ${pathname}, not /home.`);
  await page.getByRole('heading', { name: probeConfig.heading, exact: true }).waitFor({ timeout });
  for (const { name, data } of probeConfig.regions) {
    await page
      .getByRole('region', { name, exact: true })
      .getByText(new RegExp(data))
      .first()
      .waitFor({ timeout });
  }
  await page
    .getByRole('dialog', { name: probeConfig.connectingTitle })
    .waitFor({ state: 'hidden', timeout });
}
