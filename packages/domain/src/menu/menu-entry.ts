import type { SystemTypeId } from '../system-types';

/**
 * R-MENU-4..11: the sections of the menu catalogue, in catalogue order. The web groups its side
 * menu by them; `classic` holds the legacy forms that open in the classic desktop application.
 */
export const menuGroups = [
  'customers',
  'jobs',
  'pumpers',
  'trucks',
  'employees',
  'plants',
  'quotes',
  'products',
  'credit',
  'operations',
  'orders',
  'ticketing',
  'other',
  'inventory',
  'administration',
  'classic',
] as const;

export type MenuGroup = (typeof menuGroups)[number];

/**
 * R-MENU-1: one entry of the menu catalogue, with the listed fields plus `group` and
 * `systemTypeIds`.
 *
 * Form ids. R-MENU-3 gives 15000 (concrete order entry) and 22000 (aggregate
 * ticketing); every other id follows the pattern those two suggest, so an id says what it is:
 * - `10000 * systemTypeId + 1000 * function`: a screen bound to one system type, with function
 *   1 quick sale, 2 ticket entry, 3 audit order, 4 batch load screen, 5 order entry,
 *   6 product maintenance (15000 concrete order entry, 22000 aggregate ticketing, 36000 block
 *   product maintenance).
 * - `50000 + 100 * groupNumber + n`: any other web screen, where groupNumber is the 1-based
 *   position of its group in `menuGroups` (51001 is the first operations screen).
 * - `60000 + 100 * section + n`: a classic (legacy) form, section being the line of the legacy
 *   catalogue it comes from (1 order entry, 2 maintenance, 3 ticketing, 4 ticket tools,
 *   5 reports and planning).
 * - `70000 + 100 * section + n`: the legacy catalogue's non-legacy forms (1 reports, 2 actions),
 *   which are permissioned but open from within other screens, not from the menu.
 * - `placeholderMenuId` (999999): the dashboard only, which is not a permissioned form.
 * Ids are written literally in the catalogues so they never move when code is reordered.
 */
export type MenuEntry = {
  /** Shown whatever the user's groups and permissions (R-PERM-3). */
  readonly alwaysShow: boolean;
  readonly availableInQuickMenu: boolean;
  /** A disabled entry is listed greyed out and cannot be opened. */
  readonly enabled: boolean;
  /** The form's enum name, unique in the catalogue, e.g. 'ConcreteOrderEntry'. */
  readonly enumId: string;
  /** A Tabler icon name in kebab case, e.g. 'truck' for `IconTruck`. */
  readonly icon: string;
  /** The numeric form id that form permissions and disabledForms refer to. */
  readonly id: number;
  /** A classic form, opened through the classic intercom rather than a route. */
  readonly legacy: boolean;
  readonly longName: string;
  readonly name: string;
  /** The route path with a leading slash, or null for a classic form. */
  readonly path: string | null;
  /** An administration screen, for administrators only. */
  readonly isAdmin: boolean;
  /** The open form has unsaved changes; always false in the catalogue. */
  readonly isDirty: boolean;
  /** The single bound system type, or null when bound to none or to several. */
  readonly systemTypeId: SystemTypeId | null;
  /** The system types that unlock the entry; empty means it is bound to none. */
  readonly systemTypeIds: readonly SystemTypeId[];
  /** The i18n key of the entry's label, e.g. 'menu.orders.concrete'. */
  readonly translationId: string;
  readonly group: MenuGroup;
};

/** The single system type an entry is bound to, or null when it is bound to none or several. */
export function singleSystemType(systemTypeIds: readonly SystemTypeId[]): SystemTypeId | null {
  return systemTypeIds.length === 1 ? (systemTypeIds[0] ?? null) : null;
}
