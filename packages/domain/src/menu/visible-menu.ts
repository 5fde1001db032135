import type { SystemTypeId } from '../system-types';
import { menuGroups } from './menu-entry';
import type { MenuEntry, MenuGroup } from './menu-entry';

/**
 * What decides the visible menu. `canView` is the view rule R-PERM-5 (a level above None),
 * passed in so this module holds only the menu rule and the permission rule stays in one place
 * (`canView` of `permissions.ts`, bound to the user's loaded form permissions).
 */
export type MenuVisibilityContext = {
  /** From `allowedSystemTypes(groupIds)`. */
  readonly allowedSystemTypes: readonly SystemTypeId[];
  /** The system administrator status (GET /api/v1/sysadmin). */
  readonly isAdmin: boolean;
  readonly canView: (formId: number) => boolean;
  /** The server configuration's disabledForms. */
  readonly disabledForms: readonly number[];
  /** The classic link is connected and not in skip mode. */
  readonly classicUsable: boolean;
};

function systemTypeAllowed(entry: MenuEntry, allowed: readonly SystemTypeId[]): boolean {
  return entry.systemTypeIds.length === 0 || entry.systemTypeIds.some((id) => allowed.includes(id));
}

/**
 * R-SYS-5, R-PERM-1..3, R-PERM-11, R-LEGACY-4: whether one entry is shown. A server-disabled form
 * and a classic form without a usable classic link are hidden whatever else holds; then alwaysShow
 * entries are shown, administration entries are shown to administrators only, and every other entry
 * needs its system type and the view permission. Disabled (enabled:false) entries are not hidden
 * here: the menu shows them greyed out.
 */
export function isMenuEntryVisible(entry: MenuEntry, context: MenuVisibilityContext): boolean {
  if (context.disabledForms.includes(entry.id)) return false;
  if (entry.legacy && !context.classicUsable) return false;
  if (entry.alwaysShow) return true;
  if (entry.isAdmin) return context.isAdmin;
  return systemTypeAllowed(entry, context.allowedSystemTypes) && context.canView(entry.id);
}

/** The visible entries, in catalogue order, each keeping its enabled flag. */
export function visibleMenu(
  entries: readonly MenuEntry[],
  context: MenuVisibilityContext,
): MenuEntry[] {
  return entries.filter((entry) => isMenuEntryVisible(entry, context));
}

/** R-MENU-14: the quick menu offers visible entries flagged for it that can be opened. */
export function quickMenu(visibleEntries: readonly MenuEntry[]): MenuEntry[] {
  return visibleEntries.filter((entry) => entry.availableInQuickMenu && entry.enabled);
}

export type MenuSection = { readonly group: MenuGroup; readonly entries: readonly MenuEntry[] };

/** The entries by catalogue section, sections in catalogue order, empty sections left out. */
export function groupMenu(entries: readonly MenuEntry[]): MenuSection[] {
  return menuGroups
    .map((group) => ({ group, entries: entries.filter((entry) => entry.group === group) }))
    .filter((section) => section.entries.length > 0);
}
