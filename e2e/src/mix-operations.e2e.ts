/**
 * Mix operations (issue 14, item 7; R-MIX), in Debian's Chromium against the real server over the
 * demo producer's mixes: a global mix design change (the water reducer scaled at North Yard)
 * previewed and applied, every mix written as previewed; the mix modification screen then shows
 * a changed mix's new quantity and the change in its history, and saves a change of its own; a
 * raw material ranking reordered with the keyboard, seen at once on a second clerk's screen.
 * Screenshots of the three screens in English and Spanish (and the ranking at phone width).
 */
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type {
  GlobalMixChange,
  GlobalMixChangeDetail,
} from '@dispatch/domain/mixes/mix-design-change';
import type { MixChoices, MixListRow } from '@dispatch/domain/mixes/mix-lists';
import type { MixDetail } from '@dispatch/domain/mixes/mix-recipe';
import type { PlantRankings } from '@dispatch/domain/mixes/raw-material-ranking';
import {
  mixOperationsEn as en,
  mixOperationsEs as es,
} from '../../apps/web/src/lib/i18n/mix-operations-text';
import { apiAs } from './support/api-calls';
import { connected, openFromMenu, productSuite, screenshots } from './support/maintenance';

type Envelope<T> = { data: T[]; count: number };
type Texts = typeof en;

const base = '/api/v1/mix-operations';
const shot = (name: string) => path.join(screenshots, name);

/** Chooses an option of a pick list by its visible name. */
async function choose(page: Page, label: string, option: string) {
  const input = page.getByRole('combobox', { name: label, exact: true });
  await input.click();
  await input.fill(option.slice(0, 6));
  const listbox = page.locator(`#${await input.getAttribute('aria-controls')}`);
  await listbox.getByRole('option', { name: option, exact: true }).click();
}

/** The screen again in the other language (kept in browser storage, as the spec says). */
async function inLanguage(page: Page, language: 'en' | 'es', heading: string) {
  await page.evaluate((chosen) => localStorage.setItem('language', chosen), language);
  await page.reload();
  await page.getByRole('heading', { name: heading, level: 2 }).waitFor();
  await page.getByRole('dialog').first().waitFor({ state: 'hidden' });
}

/** The raw material, the scale action and its percent, as the clerk sets them. */
async function scaleBy(page: Page, texts: Texts, material: string, percent: string) {
  await choose(page, texts.change.rawMaterial, material);
  await page.getByText(texts.change.scale, { exact: true }).click();
  await page.getByRole('textbox', { name: texts.change.percent }).fill(percent);
}

describe('mix operations', () => {
  const { suite, newPage } = productSuite();

  it('previews and applies a global mix change; the mix modification screen shows it', async () => {
    const url = suite.product.url;
    const call = await apiAs(url, 'dispatcher');
    const choices = await call<MixChoices>('GET', `${base}/choices`);
    const north = choices.plants.find((plant) => plant.description === 'North Yard')!;
    const reducer = choices.rawMaterials.find((material) => material.code === 'WRA')!;
    const reducerName = `WRA · ${reducer.description}`;
    const before = await call<Envelope<MixListRow>>(
      'GET',
      `${base}/mixes?plantIds=${north.id}&usingRawMaterialId=${reducer.id}&limit=100`,
    );
    expect(before.count).toBeGreaterThan(3);

    const page = await newPage('dispatcher', { width: 1440, height: 1500 });
    await openFromMenu(page, 'GlobalMixDesignChange');
    await page.getByRole('heading', { name: 'Global Mix Design Change', level: 2 }).waitFor();
    await choose(page, en.change.plants, 'North Yard');
    await page.keyboard.press('Escape');
    await scaleBy(page, en, reducerName, '10');
    await page.getByText(`Scale ${reducer.description} by +10 %`).first().waitFor();
    await page
      .getByText(en.change.matching_other.replace('{{count}}', String(before.count)))
      .waitFor();
    await page.getByRole('button', { name: en.change.preview, exact: true }).click();
    const preview = page.getByRole('table', { name: en.change.previewTitle });
    await preview.waitFor();
    await page
      .getByText(en.change.mixCount_other.replace('{{count}}', String(before.count)), {
        exact: true,
      })
      .waitFor();
    // Nothing is written by a preview.
    const sample = before.data[0]!;
    const untouched = await call<MixDetail>('GET', `${base}/mixes/${sample.id}`);
    expect(untouched.version).toBe(sample.version);
    await page.screenshot({ path: shot('global-mix-design-change-en.png'), fullPage: true });

    await page.getByRole('button', { name: en.change.apply, exact: true }).click();
    const confirm = page.getByRole('dialog', { name: en.change.confirmTitle });
    await confirm.getByRole('button', { name: en.change.apply }).click();
    const history = page.getByRole('region', { name: en.change.history });
    await history
      .getByRole('cell', { name: `Scale ${reducer.description} by +10 %`, exact: true })
      .waitFor();
    const changes = await call<Envelope<GlobalMixChange>>('GET', `${base}/global-changes`);
    const change = changes.data[0]!;
    expect(change).toMatchObject({ action: 'scale', percent: 10, mixCount: before.count });
    // Every mix was written as the preview said: its water reducer up 10 %, its version up one.
    const written = await call<GlobalMixChangeDetail>('GET', `${base}/global-changes/${change.id}`);
    expect(written.mixes.map((mix) => mix.mixId).sort()).toEqual(
      before.data.map((mix) => mix.id).sort(),
    );
    const afterSample = await call<MixDetail>('GET', `${base}/mixes/${sample.id}`);
    expect(afterSample.version).toBe(sample.version + 1);
    const was = untouched.lines.find((line) => line.rawMaterialId === reducer.id)!.quantity;
    const now = afterSample.lines.find((line) => line.rawMaterialId === reducer.id)!.quantity;
    expect(now).toBeCloseTo(was * 1.1, 3);

    // The mix modification screen: find the mix as you type, see the new quantity and the change.
    await openFromMenu(page, 'ConcreteMixModification');
    await page.getByRole('heading', { name: 'Concrete Mix Modification', level: 2 }).waitFor();
    await page
      .getByRole('searchbox', { name: en.modify.find })
      .fill(sample.description.slice(0, 12));
    await page
      .getByRole('list', { name: en.modify.mixes })
      .getByRole('button', { name: new RegExp(`^${sample.description}`) })
      .click();
    const mix = page.getByRole('region', { name: sample.description, exact: true });
    const quantity = mix.getByRole('textbox', { name: `Quantity of ${reducer.description}` });
    await expect.poll(() => quantity.inputValue()).toBe(String(now));
    const mixHistory = page.getByRole('region', { name: en.history.title });
    await mixHistory.getByText(`Global change #${change.id}`).waitFor();
    await mixHistory.getByText(new RegExp(`${was} fl oz → ${now} fl oz`)).waitFor();

    // And a change of its own: the cement up 10 lb, saved with Ctrl+S, in the history at once.
    const cement = afterSample.lines.find((line) => line.code === 'CEM')!;
    const cementBox = mix.getByRole('textbox', { name: `Quantity of ${cement.description}` });
    await cementBox.fill(String(cement.quantity + 10));
    await page.getByRole('textbox', { name: en.modify.note }).fill('Cold weather');
    await page.keyboard.press('Control+s');
    await mixHistory.getByText('“Cold weather”').waitFor();
    await mix.getByText('Version ' + String(afterSample.version + 1)).waitFor();
    await page.screenshot({ path: shot('concrete-mix-modification-en.png'), fullPage: true });
    await inLanguage(page, 'es', 'Modificación de mezclas');
    await page
      .getByRole('region', { name: es.history.title })
      .getByText('“Cold weather”')
      .waitFor();
    await page.screenshot({ path: shot('concrete-mix-modification-es.png'), fullPage: true });

    // The global change screen in Spanish, with a preview of a further change.
    await page.goto(`${url}/operations/global-mix-design-change`);
    await page
      .getByRole('heading', { name: 'Cambio global de diseño de mezcla', level: 2 })
      .waitFor();
    await page.getByRole('dialog').first().waitFor({ state: 'hidden' });
    await choose(page, es.change.plants, 'North Yard');
    await page.keyboard.press('Escape');
    await scaleBy(page, es, reducerName, '-5');
    await page.getByRole('button', { name: es.change.preview, exact: true }).click();
    await page.getByRole('table', { name: es.change.previewTitle }).waitFor();
    await page.screenshot({ path: shot('global-mix-design-change-es.png'), fullPage: true });
    await inLanguage(page, 'en', 'Global Mix Design Change');
  });

  it('reorders a raw material ranking with the keyboard, seen at once by another clerk', async () => {
    const url = suite.product.url;
    const call = await apiAs(url, 'dispatcher');
    const choices = await call<MixChoices>('GET', `${base}/choices`);
    const north = choices.plants.find((plant) => plant.description === 'North Yard')!;
    const rankings = await call<PlantRankings>('GET', `${base}/rankings?plantId=${north.id}`);
    const cement = rankings.rankings.find((ranking) => ranking.rawMaterial.code === 'CEM')!;
    const [first, second, ...rest] = cement.substitutes.map((material) => material.description);
    expect(second).toBeDefined();
    const listName = `Substitutes for ${cement.rawMaterial.description}`;
    const orderOf = (page: Page) =>
      page
        .getByRole('list', { name: listName })
        .getByRole('listitem')
        .evaluateAll((items) => items.map((item) => item.getAttribute('aria-label')));
    const expected = [second, first, ...rest].map((name, index) => `${index + 1}. ${name}`);

    const watcher = await newPage('admin', { width: 1280, height: 900 });
    await watcher.goto(`${url}/operations/raw-material-ranking?plantId=${north.id}`);
    await connected(watcher);
    await watcher.getByRole('list', { name: listName }).waitFor();

    const page = await newPage('dispatcher', { width: 1440, height: 1200 });
    await openFromMenu(page, 'RawMaterialRanking');
    await page.getByRole('list', { name: listName }).waitFor();
    await page.getByRole('list', { name: listName }).getByRole('listitem').first().focus();
    await page.keyboard.press('Alt+ArrowDown');
    await expect.poll(() => orderOf(page)).toEqual(expected);
    await page
      .getByRole('region', { name: cement.rawMaterial.description })
      .getByText(`Version ${(cement.version ?? 0) + 1}`)
      .waitFor();
    const saved = await call<PlantRankings>('GET', `${base}/rankings?plantId=${north.id}`);
    expect(
      saved.rankings
        .find((ranking) => ranking.rawMaterial.code === 'CEM')!
        .substitutes.map((material) => material.description),
    ).toEqual([second, first, ...rest]);
    // The other clerk's screen follows without a reload.
    await expect.poll(() => orderOf(watcher)).toEqual(expected);
    await page.screenshot({ path: shot('raw-material-ranking-en.png'), fullPage: true });

    await inLanguage(page, 'es', 'Clasificación de materias primas');
    await page
      .getByRole('list', { name: `Sustitutos de ${cement.rawMaterial.description}` })
      .waitFor();
    await page.screenshot({ path: shot('raw-material-ranking-es.png'), fullPage: true });
    await inLanguage(page, 'en', 'Raw Material Ranking');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('list', { name: listName }).waitFor();
    await page.screenshot({ path: shot('raw-material-ranking-phone.png') });
  });
});
