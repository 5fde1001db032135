/**
 * The master-data screens (R-MAINT-1) walked as a clerk works them, in Debian's Chromium against
 * the real server: customers, jobs, trucks, employees, plants, quotes, products and raw materials.
 * Then what the viewer sees of a priced screen (R-PERM-6), and every maintenance screen at a
 * phone's width.
 */
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { menuEntryByEnumId } from '@dispatch/domain/menu/menu-catalogue';
import { launchBrowser } from './support/browser';
import {
  connected,
  gridRow,
  screenshots,
  signedInPages,
  walkThroughScreen,
} from './support/maintenance';
import { startProduct, type Product } from './support/processes';

const screens = [
  { enumId: 'CustomerMaintenance', shot: 'customers' },
  { enumId: 'JobMaintenance', shot: 'jobs' },
  { enumId: 'TruckMaintenance', shot: 'trucks' },
  { enumId: 'EmployeeMaintenance', shot: 'employees' },
  { enumId: 'PlantMaintenance', shot: 'plants' },
  { enumId: 'QuoteMaintenance', shot: 'quotes' },
  { enumId: 'ConcreteProductMaintenance', shot: 'concrete-products' },
  { enumId: 'AggregateProductMaintenance', shot: 'aggregate-products' },
  { enumId: 'BlockProductMaintenance', shot: 'block-products' },
  { enumId: 'OtherProductMaintenance', shot: 'other-products' },
  { enumId: 'RawMaterialMaintenance', shot: 'raw-materials' },
] as const;

/** The lookups the other maintenance suite walks, shown here at a phone's width too. */
const lookupScreens = [
  { enumId: 'TruckCompanyMaintenance', shot: 'truck-companies' },
  { enumId: 'PumperMaintenance', shot: 'pumpers' },
  { enumId: 'CreditStatus', shot: 'credit-statuses' },
  { enumId: 'TruckTypeMaintenance', shot: 'truck-types' },
  { enumId: 'TermsDiscount', shot: 'terms-discounts' },
  { enumId: 'GlCategoryMaintenance', shot: 'gl-categories' },
  { enumId: 'TaxLevelMaintenance', shot: 'tax-levels' },
  { enumId: 'TaxScheduleMaintenance', shot: 'tax-schedules' },
] as const;

describe('the master-data screens', () => {
  let product: Product;
  let browser: Browser;
  const { pages, newPage } = signedInPages(
    () => browser,
    () => product.url,
  );

  beforeAll(async () => {
    [product, browser] = await Promise.all([startProduct(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await product?.stop();
  });

  it.each(screens)('$enumId: create, find, open, change live, deactivate', async (screen) => {
    const page = await newPage('dispatcher');
    await walkThroughScreen(
      { url: product.url, page, watcher: () => newPage('dispatcher') },
      screen,
      String((Date.now() + screens.indexOf(screen)) % 100_000),
    );
    await page.context().close();
  });

  it('hides prices from the viewer and keeps the form read-only', async () => {
    const viewer = await newPage('viewer');
    await viewer.goto(`${product.url}${menuEntryByEnumId('ConcreteProductMaintenance')!.path}`);
    await connected(viewer);
    await gridRow(viewer, '').nth(1).waitFor();
    const headers = await viewer.getByRole('columnheader').allInnerTexts();
    expect(headers.map((text) => text.trim())).toContain('Description');
    expect(headers.map((text) => text.trim())).not.toContain('Price');
    await viewer.screenshot({ path: path.join(screenshots, 'concrete-products-list-viewer.png') });
    await gridRow(viewer, '').nth(1).dblclick();
    await viewer.getByText('You can view this record but not change it.').waitFor();
    expect(await viewer.getByRole('textbox', { name: 'Price', exact: true }).count()).toBe(0);
    expect(await viewer.getByRole('button', { name: 'Save' }).count()).toBe(0);
    await viewer.screenshot({ path: path.join(screenshots, 'concrete-products-form-viewer.png') });
  });

  it('fits every maintenance screen on a phone', async () => {
    // The administrator: the lookups are administrators' screens.
    const phone = await newPage('admin', { width: 375, height: 812 });
    for (const screen of [...screens, ...lookupScreens]) {
      await phone.goto(`${product.url}${menuEntryByEnumId(screen.enumId)!.path}`);
      await connected(phone);
      await gridRow(phone, '').nth(1).waitFor();
      await phone.screenshot({ path: path.join(screenshots, `${screen.shot}-list-phone.png`) });
      await gridRow(phone, '').nth(1).dblclick();
      await phone.waitForURL(/\/\d+$/);
      await phone.getByRole('button', { name: 'Save' }).waitFor();
      await phone.screenshot({
        path: path.join(screenshots, `${screen.shot}-form-phone.png`),
        fullPage: true,
      });
    }
  });

  it('wrote no errors to the browser console', () => {
    expect(pages.flatMap((watched) => watched.consoleErrors)).toEqual([]);
  });
});
