/**
 * How a clerk works a maintenance screen (R-MAINT-1), shared by the maintenance suites: open it
 * from the menu, create a record, find it, open it, change it while a second browser watches the
 * list, deactivate it. The fields a new record cannot do without are read off the resource's
 * definition, so each screen is walked the same way whatever its form holds.
 */
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { entryUrlParams } from '@dispatch/domain/entry-url';
import { menuEntryByEnumId } from '@dispatch/domain/menu/menu-catalogue';
import type { ResourceDefinition } from '@dispatch/domain/resources/define';
import type { Field } from '@dispatch/domain/resources/field';
import { resourceByScreen } from '@dispatch/domain/resources/registry';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser, openPage, type WatchedPage } from './browser';
import { repoRoot, startProduct, type Product } from './processes';
import { pickFirst } from './pick-list';

export const screenshots = path.join(repoRoot, 'docs/screenshots');

/** A page load runs the connect flow: connected, and its modal gone, the screen is in view. */
export async function connected(page: Page): Promise<void> {
  await page.getByText('Dispatcher · Connected').waitFor();
  await page.getByRole('dialog', { name: 'Connecting' }).waitFor({ state: 'hidden' });
}

/**
 * Opens the home page signed in as `username` the way the classic application's links do
 * (R-ENTRY-2): a token asked of /token, carried in the address, which the app then takes out.
 * The walks that are not about the login form start so: the form's page and its sign-in cost
 * Chromium about 3.4 processor-seconds a tab, the link about 2.3 (ADR 017, sixteenth pass). The
 * login form keeps its own walks (administration, the dispatch app, the classic intercom).
 */
export async function openSignedIn(page: Page, url: string, username: string): Promise<void> {
  const query = new URLSearchParams({
    [entryUrlParams.token]: await apiToken(url, username),
    [entryUrlParams.username]: username,
    [entryUrlParams.database]: 'DEMO',
  });
  await page.goto(`${url}/home?${query}`);
  await page.waitForURL(
    (address) => /\/(home|admin-only)$/.test(address.pathname) && !address.search,
  );
}

/** Signed-in tabs, each in a fresh browser profile, all watched for console errors. */
export function signedInPages(browser: () => Browser, url: () => string) {
  const pages: WatchedPage[] = [];
  const newPage = async (username: string, viewport?: { width: number; height: number }) => {
    const watched = await openPage(browser(), viewport);
    pages.push(watched);
    await openSignedIn(watched.page, url(), username);
    await connected(watched.page);
    return watched.page;
  };
  return { pages, newPage };
}

/**
 * One signed-in tab per user that walks the screens, and one more per user that watches the
 * lists, kept from screen to screen: a clerk moves between screens from the menu, and signing in
 * twice per screen was most of a walk's time.
 */
export function walkingPages(newPage: (username: string) => Promise<Page>) {
  const kept = new Map<string, Promise<Page>>();
  const keep = (key: string, username: string) => {
    let page = kept.get(key);
    if (!page) {
      page = newPage(username);
      kept.set(key, page);
    }
    return page;
  };
  return {
    walker: (username: string) => keep(`walker ${username}`, username),
    watcher: (username: string) => keep(`watcher ${username}`, username),
  };
}

/** The lookups the maintenance suite walks, and who maintains each; the phone check shows them too. */
export const lookupScreens = [
  { enumId: 'TruckCompanyMaintenance', user: 'dispatcher', shot: 'truck-companies' },
  { enumId: 'PumperMaintenance', user: 'dispatcher', shot: 'pumpers' },
  { enumId: 'CreditStatus', user: 'admin', shot: 'credit-statuses' },
  { enumId: 'TruckTypeMaintenance', user: 'admin', shot: 'truck-types' },
  { enumId: 'TermsDiscount', user: 'admin', shot: 'terms-discounts' },
  { enumId: 'GlCategoryMaintenance', user: 'admin', shot: 'gl-categories' },
  { enumId: 'TaxLevelMaintenance', user: 'admin', shot: 'tax-levels' },
  { enumId: 'TaxScheduleMaintenance', user: 'admin', shot: 'tax-schedules' },
  { enumId: 'ShortLoadMaintenance', user: 'admin', shot: 'short-loads' },
] as const;

/**
 * One product and one Chromium for a suite: started before its tests, stopped after them. `suite`
 * holds them once started; the pages are signed in and watched for console errors.
 */
export function productSuite() {
  const suite = {} as { product: Product; browser: Browser };
  beforeAll(async () => {
    [suite.product, suite.browser] = await Promise.all([startProduct(), launchBrowser()]);
  });
  afterAll(async () => {
    await suite.browser?.close();
    await suite.product?.stop();
  });
  return {
    suite,
    ...signedInPages(
      () => suite.browser,
      () => suite.product.url,
    ),
  };
}

/**
 * Clicks a menu link until the page is at `to`, its path, or below it: the table editor at once
 * replaces its own path with its first table's (/administration/table-editor/job-types). Waiting
 * for `to` exactly raced that redirect and lost whenever the test heard of the URL after it: a
 * clean clone's maintenance walk at the table editor, and likely the Spanish walk's one miss
 * (its screen was not logged; it visits the table editor too). A click that opens nothing is made
 * again, at most three times at 10 s each, and said in the log, so CI's output shows it.
 */
export async function clickThrough(page: Page, link: Locator, to: string): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    await link.click();
    const arrived = await page
      // Where the menu marks its link active (menu-entry-link.tsx).
      .waitForURL((url) => url.pathname === to || url.pathname.startsWith(`${to}/`), {
        timeout: 10_000,
      })
      .then(
        () => true,
        () => false,
      );
    if (arrived) return;
    if (attempt === 3) {
      throw new Error(`The menu's link to ${to} did not open it; the page is at ${page.url()}`);
    }
    console.warn(`The menu's link to ${to} did not open it (attempt ${attempt})`);
  }
}

/** Opens a screen from the side menu as a clerk does: filter, then click its link. */
export async function openFromMenu(page: Page, enumId: string): Promise<void> {
  const entry = menuEntryByEnumId(enumId)!;
  await page.getByLabel('Filter the menu').fill(entry.longName);
  const link = page
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('link', { name: entry.name, exact: true });
  await clickThrough(page, link, entry.path!);
  await page.getByRole('heading', { level: 2 }).first().waitFor();
}

/** Searches for one record and waits until the grid holds just that one (the search waits 200 ms). */
export async function searchList(page: Page, text: string): Promise<void> {
  await page.getByRole('searchbox', { name: 'Search' }).fill(text);
  await page.getByText('1 record', { exact: true }).waitFor();
}

export const gridRow = (page: Page, text: string | RegExp) =>
  page.getByRole('grid').getByRole('row').filter({ hasText: text });

/**
 * Waits until a list holds its first records: until then its rows are placeholders under a
 * spinner, which open nothing and make an empty picture.
 */
export async function listLoaded(page: Page): Promise<void> {
  await gridRow(page, '').nth(1).waitFor();
  await page.getByText('Loading records…').waitFor({ state: 'hidden' });
}

/**
 * Double-clicks a list's record (its first, unless named) until its form opens, once the list
 * holds its records. A list that refreshes between the two clicks (its first answer, then the live
 * one) swallows the double-click, as it would a clerk's, who then double-clicks again.
 */
export async function openRow(page: Page, row = gridRow(page, '').nth(1)): Promise<void> {
  await listLoaded(page);
  for (let attempt = 1; ; attempt += 1) {
    await row.dblclick();
    try {
      await page.waitForURL(/\/\d+$/, { timeout: 5_000 });
      return;
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
}

export async function apiToken(url: string, username: string): Promise<string> {
  const response = await fetch(`${url}/token`, {
    method: 'POST',
    headers: { database: 'DEMO', 'content-type': 'application/x-www-form-urlencoded' },
    body: `client_id=${username}&client_secret=demo&grant_type=client_credentials`,
  });
  return ((await response.json()) as { access_token: string }).access_token;
}

/** Fields a new record must be given: required, with no default to fall back on. */
function mustFill(definition: ResourceDefinition): [string, Field][] {
  return Object.entries(definition.fields).filter(
    ([name, field]) =>
      field.required &&
      !field.readOnly &&
      name !== definition.labelField &&
      !field.schema.safeParse(undefined).success,
  );
}

async function showSection(page: Page, definition: ResourceDefinition, field: Field) {
  const section = definition.sections.find((candidate) => candidate.key === field.section);
  const tab = page.getByRole('tab', { name: section?.label ?? '', exact: true });
  if (section && (await tab.count()) > 0) await tab.click();
}

/** Fills what a new record needs: a unique text, the first offered choice or record. */
async function fillRequired(page: Page, definition: ResourceDefinition, tag: string) {
  for (const [name, field] of mustFill(definition)) {
    await showSection(page, definition, field);
    const picked = field.kind === 'reference' || field.kind === 'choice';
    const input = page.getByRole(picked ? 'combobox' : 'textbox', {
      name: field.label,
      exact: true,
    });
    if (picked) {
      await pickFirst(page, input, '');
    } else if (field.kind === 'date') {
      await input.fill('2026-11-24');
    } else {
      // Codes and numbers are short: the tag keeps them unique within the field's length.
      await input.fill(`${name.slice(0, 1).toUpperCase()}${tag}`.slice(0, field.max ?? 20));
    }
  }
  const main = definition.sections[0];
  if (main) await showSection(page, definition, { section: main.key } as Field);
}

export type WalkContext = {
  /** A signed-in tab of the user who maintains the screen. */
  page: Page;
  /** Another signed-in browser of the same user, to watch the list. */
  watcher: Page;
};

/** `code`: the id typed for a lookup whose records are given one. */
export type WalkedScreen = { enumId: string; shot: string; code?: string };

export async function walkThroughScreen(context: WalkContext, screen: WalkedScreen, tag: string) {
  const { page } = context;
  const definition = resourceByScreen(screen.enumId)!;
  const labelField = definition.fields[definition.labelField]!;
  const labelText = labelField.label;
  const fillLabel = async (text: string) => {
    await showSection(page, definition, labelField);
    await page.getByRole('textbox', { name: labelText, exact: true }).fill(text);
  };
  await openFromMenu(page, screen.enumId);
  // Short labels (a truck's number) get the short form, so the changed label still fits.
  const long = `E2E ${screen.shot} ${tag}`;
  const unique = `${long} changed`.length <= (labelField.max ?? 100) ? long : `E2E ${tag}`;

  await page.getByRole('button', { name: 'New', exact: true }).click();
  await page.waitForURL(/\/new$/);
  if (definition.givenId) {
    await page
      .getByRole('textbox', { name: 'Code', exact: true })
      .fill(screen.code ?? tag.slice(-3));
  }
  await fillRequired(page, definition, tag);
  await fillLabel(unique);
  await page.getByRole('button', { name: 'Create' }).click();
  await page.waitForURL(/\/\d+$/);
  await page.getByRole('heading', { name: unique }).waitFor();

  // A second browser watches the list while the first one changes the record.
  const { watcher } = context;
  await openFromMenu(watcher, screen.enumId);
  // The whole menu again, as the list's picture shows it.
  await watcher.getByLabel('Filter the menu').fill('');
  await searchList(watcher, unique);
  await gridRow(watcher, unique).first().waitFor();
  await watcher.screenshot({ path: path.join(screenshots, `${screen.shot}-list.png`) });

  await page.getByRole('main').getByRole('link', { name: definition.plural, exact: true }).click();
  await searchList(page, unique);
  await gridRow(page, unique).first().dblclick();
  await page.waitForURL(/\/\d+$/);
  await page.getByRole('heading', { name: unique }).waitFor();
  await fillLabel(`${unique} changed`);
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('heading', { name: `${unique} changed` }).waitFor();
  await page.screenshot({ path: path.join(screenshots, `${screen.shot}-form.png`) });
  await gridRow(watcher, `${unique} changed`).first().waitFor({ timeout: 5_000 });

  await page.getByRole('button', { name: 'Deactivate' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Deactivate' }).click();
  await page.getByText('Inactive', { exact: true }).first().waitFor();
  await gridRow(watcher, `${unique} changed`)
    .first()
    .waitFor({ state: 'detached', timeout: 5_000 });
}
