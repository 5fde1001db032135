/**
 * Spanish everywhere (issue 25, item 4; R-ENTITY-41): an administrator, who sees every screen,
 * signs in, switches to Spanish and opens every screen the menu offers, one after another from
 * the menu itself. On each, the visible text must hold no English phrase of the English catalogue
 * (the web's own texts, the menu's labels) that the Spanish catalogue does not also use, and no
 * English month or weekday name (dates in the user's locale). Data (customer names, addresses)
 * does not come from the catalogue, so only untranslated product text trips it. The dashboard,
 * the board and a report's PDF in Spanish are kept as screenshots.
 */
import path from 'node:path';
import type { Page } from 'playwright-core';
import type { BackgroundJob } from '@dispatch/domain/jobs/background-jobs';
import { menuCatalogue } from '@dispatch/domain/menu/menu-catalogue';
import { describe, expect, it } from 'vitest';
import { en } from '../../apps/web/src/lib/i18n/en';
import { screenTextsEn } from '../../apps/web/src/lib/i18n/screen-texts-en';
import { es } from '../../apps/web/src/lib/i18n/es';
import { apiAs } from './support/api-calls';
import { apiToken, clickThrough, productSuite, screenshots } from './support/maintenance';
import { savePdfFirstPage } from './support/pdf-shot';

function leaves(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (value && typeof value === 'object') return Object.values(value).flatMap(leaves);
  return [];
}

/**
 * The catalogue's English phrases worth looking for: each text cut at its placeholders, kept when
 * it has two words or more (a lone word such as 'Plant' may be a customer's name), and dropped
 * when Spanish uses it too (a product name, 'OK', an e-mail address).
 */
function englishPhrases(): string[] {
  const spanish = leaves(es).join('\n');
  const texts = [
    ...leaves(en),
    ...leaves(screenTextsEn),
    ...menuCatalogue.filter((entry) => !entry.legacy).map((entry) => entry.name),
  ];
  const phrases = new Set<string>();
  for (const text of texts) {
    for (const part of text.split(/\{\{[^}]*\}\}|\$t\([^)]*\)|[\n·:;()[\]"“”?!…]/)) {
      const phrase = part.trim().replace(/[.,]+$/, '');
      if ((phrase.match(/[A-Za-z]{2,}/g) ?? []).length < 2 || phrase.length < 8) continue;
      if (spanish.includes(phrase)) continue;
      phrases.add(phrase);
    }
  }
  return [...phrases];
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** English dates: what `toLocaleDateString()` writes in an English browser ('May' is too short). */
const englishDateWords =
  /\b(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|January|February|March|April|June|July|August|September|October|November|December)\b/g;

/**
 * Texts users wrote that the screens show as written: the letter templates (an English letter
 * stays English in a Spanish screen), cut at their merge fields as a preview fills them in, and
 * the reasons orders wait.
 */
async function dataTexts(url: string): Promise<string[]> {
  const call = await apiAs(url, 'admin');
  const templates = await call<{ data: { name: string; subject: string; body: string }[] }>(
    'GET',
    '/api/v1/letter-templates?limit=200',
  );
  // Why an order waits: the first line of its credit notes, as a person wrote it.
  const pending = await call<{ data: { reason: string | null }[] }>(
    'GET',
    '/api/v1/pending-orders',
  );
  return [
    ...templates.data.flatMap((template) => [template.name, template.subject, template.body]),
    ...pending.data.flatMap((row) => (row.reason ? [row.reason] : [])),
  ]
    .flatMap((text) => text.split(/\{\{[^}]*\}\}|\n/))
    .map((part) => part.trim())
    .filter((part) => part.length >= 8)
    .sort((a, b) => b.length - a.length);
}

function untranslated(text: string, patterns: readonly RegExp[], data: readonly string[] = []) {
  for (const written of data) text = text.split(written).join(' ');
  const found = new Set<string>();
  for (const pattern of patterns) {
    for (const match of text.matchAll(pattern)) found.add(match[0]);
  }
  return [...found].sort();
}

/** The screen's requests are answered and its skeletons gone (at most a few seconds). */
async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => {});
  await page
    .locator('.mantine-Skeleton-root')
    .first()
    .waitFor({ state: 'detached', timeout: 5_000 })
    .catch(() => {});
  await page.waitForTimeout(400);
}

/** The text as written: a badge or a heading upper-cased by its style ('NEEDS WASH') too. */
async function visibleText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const style = document.createElement('style');
    style.textContent = '* { text-transform: none !important; }';
    document.head.append(style);
    const text = document.body.innerText;
    style.remove();
    return text;
  });
}

/** The page loaded in Spanish: the connect flow done and its modal gone. */
async function inSpanish(page: Page): Promise<void> {
  await page.getByText(/· Conectado/).waitFor();
  await page.getByRole('dialog', { name: 'Conectando' }).waitFor({ state: 'hidden' });
}

/** Opens an entry from the side menu as a clerk does: filter, then click its link. */
async function openFromSpanishMenu(page: Page, entryPath: string, longName: string) {
  const filter = page.getByRole('searchbox', { name: 'Filtrar el menú' });
  if ((await filter.count()) === 0) {
    // A screen of its own (no side menu): back to the dashboard, where the menu is.
    await page.goto(new URL('/home', page.url()).toString());
    await filter.waitFor();
    await settled(page);
  }
  await filter.fill(longName);
  const link = page
    .getByRole('navigation', { name: 'Menú principal' })
    .locator(`a[href="${entryPath}"]`)
    .first();
  if ((await link.count()) === 0) {
    await filter.fill('');
    return false;
  }
  await clickThrough(page, link, entryPath);
  if ((await filter.count()) > 0) await filter.fill('');
  return true;
}

describe('Spanish everywhere', () => {
  const { suite, newPage } = productSuite();
  const patterns = [
    ...englishPhrases().map((phrase) => new RegExp(`\\b${escape(phrase)}\\b`, 'g')),
    englishDateWords,
  ];

  it('makes a report PDF in the language of the user who asks for it', async () => {
    // Run first: the walk then finds the job, with its Spanish title, in the tray and the runs.
    const call = await apiAs(suite.product.url, 'admin');
    const yesterday = new Date(Date.now() - 86_400_000);
    const day = `${yesterday.getFullYear()}-${String(yesterday.getMonth() + 1).padStart(2, '0')}-${String(yesterday.getDate()).padStart(2, '0')}`;
    const queued = await call<BackgroundJob>('POST', '/api/v1/reports/runs', {
      reportKey: 'shippedOrders',
      params: { from: day, to: day },
      formats: ['pdf'],
      language: 'es',
    });
    expect(queued.title).toMatch(/^Pedidos despachados, /);
    let job = queued;
    for (let tries = 0; job.state !== 'completed' && tries < 120; tries += 1) {
      expect(job.state).not.toBe('failed');
      await new Promise((resolve) => setTimeout(resolve, 500));
      job = await call<BackgroundJob>('GET', `/api/v1/background-jobs/${job.id}`);
    }
    expect(job.state).toBe('completed');
    const token = await apiToken(suite.product.url, 'admin');
    const pdf = Buffer.from(
      await (
        await fetch(`${suite.product.url}${job.files[0]!.url}`, {
          headers: { authorization: `Bearer ${token}` },
        })
      ).arrayBuffer(),
    );
    savePdfFirstPage(pdf, 'pedidos-despachados.pdf', 'shipped-orders-report-es');
  });

  it('shows no English of the catalogue on any screen of the menu, in Spanish', async () => {
    const page = await newPage('admin', { width: 1440, height: 1000 });
    await page.evaluate(() => localStorage.setItem('language', 'es'));
    await page.reload();
    await inSpanish(page);

    const data = await dataTexts(suite.product.url);
    const findings: Record<string, string[]> = {};
    await settled(page);
    const home = untranslated(await visibleText(page), patterns, data);
    if (home.length > 0) findings['/home'] = home;
    await page.screenshot({ path: path.join(screenshots, 'dashboard-es.png') });

    const screens = menuCatalogue.filter(
      (entry) => !entry.legacy && entry.enabled && entry.path !== null,
    );
    const visited: string[] = [];
    for (const entry of screens) {
      if (!(await openFromSpanishMenu(page, entry.path!, entry.longName))) continue;
      visited.push(entry.path!);
      await settled(page);
      const words = untranslated(await visibleText(page), patterns, data);
      if (words.length > 0) findings[entry.path!] = words;
      if (entry.enumId === 'LoadScheduling') {
        await page.screenshot({ path: path.join(screenshots, 'load-board-es.png') });
      }
    }
    // Every screen the catalogue offers that the administrator's menu holds (most of them).
    expect(visited.length).toBeGreaterThan(screens.length * 0.8);
    expect(findings).toEqual({});
  }, 600_000);
});
