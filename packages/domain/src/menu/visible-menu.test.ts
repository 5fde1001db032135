import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { SystemTypeId } from '../system-types';
import { allowedSystemTypes } from '../system-types';
import { menuCatalogue, menuEntryByPath } from './menu-catalogue';
import type { MenuEntry } from './menu-entry';
import { groupMenu, isMenuEntryVisible, quickMenu, visibleMenu } from './visible-menu';
import type { MenuVisibilityContext } from './visible-menu';

function entry(overrides: Partial<MenuEntry>): MenuEntry {
  return {
    alwaysShow: false,
    availableInQuickMenu: false,
    enabled: true,
    enumId: 'Test',
    icon: 'file',
    id: 50101,
    legacy: false,
    longName: 'Test',
    name: 'Test',
    path: '/test',
    isAdmin: false,
    isDirty: false,
    systemTypeId: null,
    systemTypeIds: [],
    translationId: 'menu.other.test',
    group: 'other',
    ...overrides,
  };
}

const everything: MenuVisibilityContext = {
  allowedSystemTypes: [1, 2, 3],
  isAdmin: false,
  canView: () => true,
  disabledForms: [],
  classicUsable: true,
};

const nothing: MenuVisibilityContext = {
  allowedSystemTypes: [],
  isAdmin: false,
  canView: () => false,
  disabledForms: [],
  classicUsable: false,
};

/** Levels per form id, viewable above None (1); unknown forms are None. */
function levels(map: Record<number, number>): (formId: number) => boolean {
  return (formId) => (map[formId] ?? 1) > 1;
}

function paths(entries: readonly MenuEntry[]): (string | null)[] {
  return entries.map((item) => item.path);
}

describe('R-PERM-1..5, R-PERM-11, R-SYS-5: visible menu', () => {
  it('always shows the dashboard, reports, the AI query screen and pending orders', () => {
    expect(paths(visibleMenu(menuCatalogue, nothing))).toEqual([
      '/operations/pending-orders',
      '/home',
      '/reports',
      '/adhoc-queries/nlq',
    ]);
  });

  it('shows administration screens to administrators only, whatever their permissions', () => {
    const admin = visibleMenu(menuCatalogue, { ...nothing, isAdmin: true });
    expect(admin.filter((item) => item.isAdmin)).toHaveLength(16);
    expect(visibleMenu(menuCatalogue, everything).some((item) => item.isAdmin)).toBe(false);
  });

  it('needs the view permission: a level above None', () => {
    const customers = menuEntryByPath('/customers/maintenance')!;
    const base = { ...everything };
    expect(isMenuEntryVisible(customers, { ...base, canView: levels({ 50101: 2 }) })).toBe(true);
    expect(isMenuEntryVisible(customers, { ...base, canView: levels({ 50101: 1 }) })).toBe(false);
    expect(isMenuEntryVisible(customers, { ...base, canView: levels({}) })).toBe(false);
  });

  it('needs one of the bound system types, from the user groups', () => {
    const scheduling = menuEntryByPath('/load-scheduling')!;
    const blockOrders = menuEntryByPath('/orders/block')!;
    const aggregateOnly = { ...everything, allowedSystemTypes: allowedSystemTypes([1002]) };
    expect(isMenuEntryVisible(scheduling, aggregateOnly)).toBe(true);
    expect(isMenuEntryVisible(blockOrders, aggregateOnly)).toBe(false);
    const blockOnly = { ...everything, allowedSystemTypes: allowedSystemTypes([1003]) };
    expect(isMenuEntryVisible(scheduling, blockOnly)).toBe(false);
    expect(isMenuEntryVisible(blockOrders, blockOnly)).toBe(true);
    expect(isMenuEntryVisible(menuEntryByPath('/jobs/maintenance')!, blockOnly)).toBe(true);
  });

  it('hides the forms the server disables, even always-shown and admin ones', () => {
    const disabledForms = [15000, 51303, 51501];
    const context = { ...everything, isAdmin: true, disabledForms };
    const shown = visibleMenu(menuCatalogue, context).map((item) => item.id);
    for (const id of disabledForms) expect(shown).not.toContain(id);
    expect(shown).toContain(25000);
  });

  it('shows classic forms only while the classic link is usable', () => {
    const classic = menuCatalogue.filter((item) => item.legacy);
    expect(visibleMenu(classic, everything)).toHaveLength(classic.length);
    expect(visibleMenu(classic, { ...everything, classicUsable: false })).toHaveLength(0);
    const legacyAlways = entry({ legacy: true, alwaysShow: true, path: null });
    expect(isMenuEntryVisible(legacyAlways, { ...everything, classicUsable: false })).toBe(false);
  });

  it('keeps disabled entries, with their enabled flag, for the menu to grey out', () => {
    const shown = visibleMenu(menuCatalogue, everything);
    const inventory = shown.filter((item) => item.group === 'inventory');
    expect(inventory).toHaveLength(7);
    expect(inventory.every((item) => !item.enabled)).toBe(true);
  });

  it('keeps catalogue order and only catalogue entries', () => {
    fc.assert(
      fc.property(
        fc.subarray<SystemTypeId>([1, 2, 3]),
        fc.boolean(),
        fc.boolean(),
        fc.func(fc.boolean()),
        fc.subarray(menuCatalogue.map((item) => item.id)),
        (allowed, isAdmin, classicUsable, canView, disabledForms) => {
          const context = {
            allowedSystemTypes: allowed,
            isAdmin,
            classicUsable,
            canView: (formId: number) => canView(formId),
            disabledForms,
          };
          const shown = visibleMenu(menuCatalogue, context);
          const positions = shown.map((item) => menuCatalogue.indexOf(item));
          expect(positions.every((position) => position >= 0)).toBe(true);
          expect(positions).toEqual([...positions].sort((a, b) => a - b));
          for (const item of menuCatalogue) {
            const visible = shown.includes(item);
            if (disabledForms.includes(item.id)) expect(visible).toBe(false);
            else if (item.legacy && !classicUsable) expect(visible).toBe(false);
            else if (item.alwaysShow) expect(visible).toBe(true);
            else if (item.isAdmin) expect(visible).toBe(isAdmin);
            else if (!canView(item.id)) expect(visible).toBe(false);
          }
        },
      ),
    );
  });
});

describe('R-MENU-14: quick menu', () => {
  it('offers visible, enabled entries flagged for it', () => {
    const quick = quickMenu(visibleMenu(menuCatalogue, everything));
    expect(quick.every((item) => item.availableInQuickMenu && item.enabled)).toBe(true);
    expect(paths(quick)).toContain('/orders/concrete');
    expect(paths(quick)).not.toContain('/ticketing/concrete-ticket-entry');
    const greyed = entry({ availableInQuickMenu: true, enabled: false });
    const offered = entry({ availableInQuickMenu: true, enumId: 'Offered' });
    expect(quickMenu([greyed, offered, entry({})])).toEqual([offered]);
  });

  it('leaves out what the user cannot see', () => {
    const quick = quickMenu(visibleMenu(menuCatalogue, nothing));
    expect(paths(quick)).toEqual(['/operations/pending-orders', '/reports']);
  });
});

describe('R-MENU-14: menu grouping', () => {
  it('groups entries by section, in catalogue order, leaving empty sections out', () => {
    const sections = groupMenu(visibleMenu(menuCatalogue, nothing));
    expect(sections.map((section) => section.group)).toEqual(['operations', 'other']);
    expect(paths(sections[1]!.entries)).toEqual(['/home', '/reports', '/adhoc-queries/nlq']);
  });

  it('puts every catalogue entry in exactly one section', () => {
    const sections = groupMenu(menuCatalogue);
    expect(sections.flatMap((section) => section.entries)).toEqual(menuCatalogue);
    expect(sections.at(-1)?.group).toBe('classic');
  });
});
