/**
 * The web screens that exist, by catalogue enumId. Every catalogue path is a route; an entry
 * that is not listed here is shown disabled in the menu and its URL shows "not available".
 * A feature adds its screen here (lazy, so it loads only when opened).
 */
import type { ComponentType } from 'react';
import type { MenuEntry } from '@dispatch/domain/menu/menu-entry';

export type ScreenModule = { readonly Component: ComponentType };

export const builtScreens: Readonly<Record<string, () => Promise<ScreenModule>>> = {
  Dashboard: () =>
    import('../features/dashboard/dashboard-page').then((module) => ({
      Component: module.DashboardPage,
    })),
};

export function isScreenBuilt(entry: MenuEntry): boolean {
  return entry.legacy || Object.hasOwn(builtScreens, entry.enumId);
}

/** Can the entry be opened from the menu: enabled in the catalogue and built (or classic). */
export function isEntryOpenable(entry: MenuEntry): boolean {
  return entry.enabled && isScreenBuilt(entry);
}
