/**
 * The forms a permission level can be given on (R-USER-2), grouped as the menu groups them, for
 * the grids of user and group maintenance. Administration screens are left out: they are for
 * system administrators whatever their levels (R-PERM-1). The classic catalogue's reports and
 * actions, which open from within other screens, come last.
 */
import { placeholderMenuId } from '../constants';
import { legacyFormCatalogue } from './legacy-forms';
import { menuCatalogue } from './menu-catalogue';
import type { MenuGroup } from './menu-entry';

export type PermissionGridForm = {
  readonly id: number;
  readonly name: string;
  /** The menu's translation key; classic actions have none. */
  readonly translationId: string | undefined;
};

export type PermissionGridGroup = {
  readonly group: MenuGroup | 'classicActions';
  readonly forms: readonly PermissionGridForm[];
};

function build(): PermissionGridGroup[] {
  const grouped = new Map<PermissionGridGroup['group'], PermissionGridForm[]>();
  for (const entry of menuCatalogue) {
    if (entry.group === 'administration' || entry.id === placeholderMenuId) continue;
    const forms = grouped.get(entry.group) ?? [];
    forms.push({ id: entry.id, name: entry.name, translationId: entry.translationId });
    grouped.set(entry.group, forms);
  }
  const inMenu = new Set(menuCatalogue.map((entry) => entry.id));
  const actions = legacyFormCatalogue
    .filter((form) => !inMenu.has(form.id))
    .map((form) => ({ id: form.id, name: form.name, translationId: undefined }));
  if (actions.length > 0) grouped.set('classicActions', actions);
  return [...grouped].map(([group, forms]) => ({ group, forms }));
}

export const permissionGridGroups: readonly PermissionGridGroup[] = build();
