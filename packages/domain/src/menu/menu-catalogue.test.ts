import { describe, expect, it } from 'vitest';
import { placeholderMenuId } from '../constants';
import { legacyFormCatalogue } from './legacy-forms';
import {
  menuCatalogue,
  menuEntryByEnumId,
  menuEntryById,
  menuEntryByPath,
  normaliseMenuPath,
  systemTypeForm,
  systemTypeFormEnumIds,
} from './menu-catalogue';
import { menuGroups } from './menu-entry';

/** Every path of the menu catalogue (R-MENU-4..11), under its heading, as written there. */
const specPaths = {
  customers: ['/customers/maintenance'],
  jobs: ['/jobs/maintenance'],
  pumpers: ['/pumpers/maintenance'],
  trucks: ['/trucks/maintenance', '/trucks/company-maintenance'],
  employees: ['/employees/maintenance'],
  plants: ['/plants/maintenance'],
  quotes: ['/quote/maintenance'],
  products: [
    '/products/maintenance/aggregate',
    '/products/maintenance/block',
    '/products/maintenance/concrete',
    '/products/maintenance/other',
    '/products/maintenance/raw-material',
  ],
  credit: [
    '/credit/form-letter',
    '/credit/form-letter-maintenance',
    '/credit/preliminary-notice-input',
    '/credit/preliminary-notice-print',
  ],
  operations: [
    '/load-scheduling',
    '/batch-load-screen',
    '/batch-load-screen/block',
    '/operations/pending-orders',
    '/operations/online-order-req',
    '/operations/concrete-mix-modification',
    '/operations/raw-material-ranking',
    '/operations/global-mix-design-change',
    '/operations/delivery-charge-maintenance',
    '/operations/edit-ticket-times',
  ],
  orders: [
    '/orders/concrete',
    '/orders/aggregate',
    '/orders/block',
    '/orders/concrete-quick-sale',
    '/orders/aggregate-quick-sale',
    '/orders/audit/concrete',
    '/orders/audit/aggregate',
    '/orders/audit/block',
    'orders/flag-invoice',
  ],
  ticketing: [
    '/ticketing/aggregate-ticket-entry',
    '/ticketing/block-ticket-entry',
    '/ticketing/concrete-ticket-entry',
    '/ticketing/edit-tickets',
    '/ticketing/batch-edit-tickets',
  ],
  other: [
    '/accounting/export',
    'home',
    '/reports',
    '/adhoc-queries/nlq',
    '/queries',
    'inquiry/ticket',
    'inquiry/invoice',
  ],
  inventory: [
    'inventory/hauler-maintenance',
    'inventory/vendor-maintenance',
    'inventory/source-maintenance',
    'inventory/material-receipt-maintenance',
    'inventory/receive-material-receipts',
    'inventory/adjustments',
    'inventory/invoice-material-receipts',
  ],
  administration: [
    'administration/report-scheduling',
    'administration/credit-status',
    'administration/truck-type-maintenance',
    'administration/group-maintenance',
    'administration/terms-discount',
    'administration/table-editor',
    'administration/user-maintenance',
    'administration/gl-category-maintenance',
    'administration/short-load-maintenance',
    'administration/static-products',
    'administration/tax-level-maintenance',
    'administration/tax-schedule-maintenance',
    'administration/product-price-escalation',
    'administration/quote-price-escalation',
    'administration/system-parameters',
    'administration/external-users',
  ],
} as const;

const specDisabledPaths = [
  '/credit/preliminary-notice-input',
  '/credit/preliminary-notice-print',
  '/batch-load-screen/block',
  '/operations/delivery-charge-maintenance',
  '/ticketing/concrete-ticket-entry',
  '/queries',
  ...specPaths.inventory.map((path) => `/${path}`),
];

const specAlwaysShown = ['/home', '/reports', '/adhoc-queries/nlq', '/operations/pending-orders'];

const screens = menuCatalogue.filter((entry) => !entry.legacy);
const classicEntries = menuCatalogue.filter((entry) => entry.legacy);

describe('R-MENU-1..13: menu catalogue', () => {
  it.each(Object.entries(specPaths))('holds every %s path under its heading', (group, paths) => {
    for (const path of paths) {
      const entry = menuEntryByPath(path);
      expect(entry, path).toBeDefined();
      expect(entry?.group).toBe(group);
      expect(entry?.path).toBe(normaliseMenuPath(path));
    }
  });

  it('holds no web screen R-MENU-4..11 does not list', () => {
    const listed = Object.values(specPaths)
      .flat()
      .map((path) => normaliseMenuPath(path));
    expect(screens.map((entry) => entry.path).sort()).toEqual([...listed].sort());
  });

  it('writes every path with a leading slash and no trailing slash', () => {
    for (const entry of screens) expect(entry.path).toMatch(/^\/[a-z0-9-]+(\/[a-z0-9-]+)*$/);
  });

  it('disables exactly the entries R-MENU-4..11 mark disabled, and every inventory entry', () => {
    const disabled = screens.filter((entry) => !entry.enabled).map((entry) => entry.path);
    expect(disabled.sort()).toEqual([...specDisabledPaths].sort());
  });

  it('marks every administration entry, and only those, as admin', () => {
    for (const entry of menuCatalogue) {
      expect(entry.isAdmin, entry.enumId).toBe(entry.group === 'administration');
    }
    expect(menuCatalogue.filter((entry) => entry.isAdmin)).toHaveLength(16);
  });

  it('always shows the dashboard, reports, the AI query screen and pending orders', () => {
    const always = menuCatalogue.filter((entry) => entry.alwaysShow).map((entry) => entry.path);
    expect(always.sort()).toEqual([...specAlwaysShown].sort());
  });

  it('gives concrete order entry 15000 and aggregate ticketing 22000', () => {
    expect(menuEntryById(15000)?.path).toBe('/orders/concrete');
    expect(menuEntryById(22000)?.path).toBe('/ticketing/aggregate-ticket-entry');
    expect(menuEntryByEnumId('ConcreteOrderEntry')?.id).toBe(15000);
  });

  it('uses the placeholder id for the dashboard only', () => {
    const placeholders = menuCatalogue.filter((entry) => entry.id === placeholderMenuId);
    expect(placeholders.map((entry) => entry.path)).toEqual(['/home']);
  });

  it('gives every form a unique id, enum name and translation id, across both catalogues', () => {
    const ids = [...menuCatalogue, ...legacyFormCatalogue.filter((form) => !form.legacy)].map(
      (entry) => entry.id,
    );
    expect(new Set(ids).size).toBe(ids.length);
    const enumIds = menuCatalogue.map((entry) => entry.enumId);
    expect(new Set(enumIds).size).toBe(enumIds.length);
    const keys = menuCatalogue.map((entry) => entry.translationId);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('follows the documented id scheme', () => {
    for (const entry of menuCatalogue) {
      if (entry.id === placeholderMenuId) continue;
      if (entry.legacy) {
        expect(entry.id).toBeGreaterThan(60000);
        expect(entry.id).toBeLessThan(70000);
      } else if (entry.systemTypeId !== null) {
        expect(Math.floor(entry.id / 10000), entry.enumId).toBe(entry.systemTypeId);
        expect(entry.id % 1000, entry.enumId).toBe(0);
      } else {
        const groupNumber = menuGroups.indexOf(entry.group) + 1;
        expect(Math.floor((entry.id - 50000) / 100), entry.enumId).toBe(groupNumber);
      }
    }
  });

  it('keys labels as menu.<group>.<leaf> so no key is also a parent', () => {
    expect(menuEntryByPath('/orders/concrete')?.translationId).toBe('menu.orders.concrete');
    expect(menuEntryByPath('/batch-load-screen/block')?.translationId).toBe(
      'menu.operations.batchLoadScreenBlock',
    );
    expect(menuEntryById(60101)?.translationId).toBe('menu.classic.concreteOrderEntry');
    for (const entry of menuCatalogue) {
      expect(entry.translationId).toMatch(
        new RegExp(`^menu\\.${entry.group}\\.[a-z][a-zA-Z0-9]*$`),
      );
    }
  });

  it('binds load scheduling to concrete and aggregate and the typed screens to one type each', () => {
    expect(menuEntryByPath('/load-scheduling')?.systemTypeIds).toEqual([1, 2]);
    expect(menuEntryByPath('/load-scheduling')?.systemTypeId).toBeNull();
    const oneEach = {
      '/orders/concrete': 1,
      '/orders/aggregate': 2,
      '/orders/block': 3,
      '/orders/concrete-quick-sale': 1,
      '/orders/aggregate-quick-sale': 2,
      '/orders/audit/concrete': 1,
      '/orders/audit/aggregate': 2,
      '/orders/audit/block': 3,
      '/ticketing/concrete-ticket-entry': 1,
      '/ticketing/aggregate-ticket-entry': 2,
      '/ticketing/block-ticket-entry': 3,
      '/batch-load-screen': 1,
      '/batch-load-screen/block': 3,
      '/products/maintenance/concrete': 1,
      '/products/maintenance/aggregate': 2,
      '/products/maintenance/block': 3,
    } as const;
    for (const [path, type] of Object.entries(oneEach)) {
      expect(menuEntryByPath(path)?.systemTypeIds, path).toEqual([type]);
    }
    expect(menuEntryByPath('/customers/maintenance')?.systemTypeIds).toEqual([]);
  });

  it('keeps systemTypeId equal to the single bound type, or null', () => {
    for (const entry of menuCatalogue) {
      const expected = entry.systemTypeIds.length === 1 ? entry.systemTypeIds[0] : null;
      expect(entry.systemTypeId, entry.enumId).toBe(expected);
    }
  });

  it('starts clean: no entry is dirty', () => {
    expect(menuCatalogue.some((entry) => entry.isDirty)).toBe(false);
  });

  it('offers order entry, ticketing, load scheduling, trucks, customers and jobs in the quick menu', () => {
    for (const path of [
      '/orders/concrete',
      '/ticketing/aggregate-ticket-entry',
      '/load-scheduling',
      '/trucks/maintenance',
      '/customers/maintenance',
      '/jobs/maintenance',
    ]) {
      expect(menuEntryByPath(path)?.availableInQuickMenu, path).toBe(true);
    }
  });

  it('keeps each section together, in the order of the groups', () => {
    const order = menuCatalogue.map((entry) => menuGroups.indexOf(entry.group));
    expect(order).toEqual([...order].sort((a, b) => a - b));
  });

  it('holds the classic forms with no path, built from the legacy form catalogue', () => {
    const legacyForms = legacyFormCatalogue.filter((form) => form.legacy);
    expect(classicEntries).toHaveLength(legacyForms.length);
    for (const form of legacyForms) {
      const entry = menuEntryById(form.id);
      expect(entry).toMatchObject({
        enumId: form.enumId,
        name: form.name,
        icon: form.icon,
        enabled: form.enabled,
        legacy: true,
        path: null,
        group: 'classic',
        availableInQuickMenu: form.availableInQuickMenu ?? false,
      });
    }
    expect(menuEntryById(60101)?.systemTypeId).toBe(1);
  });

  it('leaves the non-legacy forms of the legacy catalogue out of the menu', () => {
    expect(menuEntryByEnumId('CopyOrder')).toBeUndefined();
  });

  it('finds entries by path whatever the slashes, query or fragment', () => {
    expect(menuEntryByPath('orders/flag-invoice')?.enumId).toBe('FlagInvoice');
    expect(menuEntryByPath('/home/')?.id).toBe(placeholderMenuId);
    expect(menuEntryByPath(' /reports?x=1#top ')?.enumId).toBe('Reports');
    expect(menuEntryByPath('/nowhere')).toBeUndefined();
    expect(menuEntryById(1)).toBeUndefined();
    expect(menuEntryByEnumId('Nothing')).toBeUndefined();
  });
});

describe('R-PERM-8: forms that differ by system type', () => {
  it('names one screen per kind and system type', () => {
    expect(systemTypeForm('orderEntry', 1).id).toBe(15000);
    expect(systemTypeForm('ticketEntry', 2).id).toBe(22000);
    expect(systemTypeForm('auditOrder', 3).path).toBe('/orders/audit/block');
    expect(systemTypeForm('productMaintenance', 2).path).toBe('/products/maintenance/aggregate');
    for (const [kind, byType] of Object.entries(systemTypeFormEnumIds)) {
      for (const [type, enumId] of Object.entries(byType)) {
        expect(menuEntryByEnumId(enumId)?.systemTypeId, `${kind} ${type}`).toBe(Number(type));
      }
    }
  });
});
