/**
 * The master-data screens (R-MAINT-1) walked as a clerk works them, in Debian's Chromium against
 * the real server: customers, jobs, trucks, employees, plants, quotes, products and raw materials.
 * Then what the viewer sees of a priced screen (R-PERM-6), and every maintenance screen at a
 * phone's width.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { menuEntryByEnumId } from '@dispatch/domain/menu/menu-catalogue';
import {
  connected,
  listLoaded,
  lookupScreens,
  openFromMenu,
  openRow,
  productSuite,
  screenshots,
  walkingPages,
  walkThroughScreen,
} from './support/maintenance';

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

describe('the master-data screens', () => {
  const { suite, pages, newPage } = productSuite();
  const { walker, watcher } = walkingPages(newPage);

  it.each(screens)('$enumId: create, find, open, change live, deactivate', async (screen) => {
    await walkThroughScreen(
      { page: await walker('dispatcher'), watcher: await watcher('dispatcher') },
      screen,
      String((Date.now() + screens.indexOf(screen)) % 100_000),
    );
  });

  it('hides prices from the viewer and keeps the form read-only', async () => {
    const viewer = await newPage('viewer');
    await viewer.goto(
      `${suite.product.url}${menuEntryByEnumId('ConcreteProductMaintenance')!.path}`,
    );
    await connected(viewer);
    await listLoaded(viewer);
    const headers = await viewer.getByRole('columnheader').allInnerTexts();
    expect(headers.map((text) => text.trim())).toContain('Description');
    expect(headers.map((text) => text.trim())).not.toContain('Price');
    await viewer.screenshot({ path: path.join(screenshots, 'concrete-products-list-viewer.png') });
    await openRow(viewer);
    await viewer.getByText('You can view this record but not change it.').waitFor();
    expect(await viewer.getByRole('textbox', { name: 'Price', exact: true }).count()).toBe(0);
    expect(await viewer.getByRole('button', { name: 'Save' }).count()).toBe(0);
    await viewer.screenshot({ path: path.join(screenshots, 'concrete-products-form-viewer.png') });
  });

  it('fits every maintenance screen on a phone', async () => {
    // The administrator: the lookups are administrators' screens.
    const phone = await newPage('admin', { width: 375, height: 812 });
    for (const screen of [...screens, ...lookupScreens]) {
      // From the menu behind the burger, as on a phone.
      await phone.getByRole('button', { name: 'Open menu' }).click();
      await openFromMenu(phone, screen.enumId);
      await listLoaded(phone);
      await phone.screenshot({ path: path.join(screenshots, `${screen.shot}-list-phone.png`) });
      await openRow(phone);
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
