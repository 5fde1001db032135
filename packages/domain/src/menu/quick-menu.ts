/**
 * A user's quick menu (R-MENU-15): the forms they pinned, in their order. Only entries the
 * catalogue offers for the quick menu may be pinned, each once. While the list is empty (nothing
 * pinned yet, or the last one unpinned) the menu shows every offered form the user may open.
 */
import { z } from 'zod';
import { idSchema, text, textLength } from '../api/fields';
import { menuCatalogue } from './menu-catalogue';
import type { MenuEntry } from './menu-entry';

const offered = new Set(
  menuCatalogue.filter((entry) => entry.availableInQuickMenu).map((entry) => entry.id),
);

export function isPinnable(entry: MenuEntry): boolean {
  return offered.has(entry.id);
}

export const quickMenuSchema = z.object({
  formIds: z
    .array(
      z
        .int({ error: 'must be a form id' })
        .refine((id) => offered.has(id), 'is not a form the quick menu offers'),
    )
    .max(offered.size, `must list at most ${offered.size} forms`)
    .refine((ids) => new Set(ids).size === ids.length, 'must list each form once'),
});
export type QuickMenu = z.infer<typeof quickMenuSchema>;

/** The quick menu after pinning or unpinning one form, from what the user sees now. */
export function togglePinned(shown: readonly number[], formId: number): number[] {
  return shown.includes(formId) ? shown.filter((id) => id !== formId) : [...shown, formId];
}

/** quickLaunchFormUpdate_v1 (R-ENTITY-31): the forms a user pinned to the quick menu. */
export const quickLaunchFormUpdateSchema = z.object({
  formIds: z.array(idSchema),
  username: text(textLength.short),
});
export type QuickLaunchFormUpdate = z.infer<typeof quickLaunchFormUpdateSchema>;
