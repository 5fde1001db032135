/**
 * The side menu and the quick menu of this user (R-SYS-5, R-MENU-14, R-PERM-1..5): the domain's
 * visible-menu rule over the catalogue, with groups, administrator flag, form permissions, the
 * server's disabled forms and whether classic forms can be offered.
 */
import { isClassicUsable } from '@dispatch/domain/connection/skip-mode';
import { menuCatalogue } from '@dispatch/domain/menu/menu-catalogue';
import type { MenuEntry } from '@dispatch/domain/menu/menu-entry';
import {
  groupMenu,
  quickMenu,
  visibleMenu,
  type MenuSection,
  type MenuVisibilityContext,
} from '@dispatch/domain/menu/visible-menu';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useAppConfig } from '../../lib/app-config';
import { useClassicConnection } from '../../realtime/connection-status';
import { quickMenuQuery, useUserAccess, type UserAccess } from '../../session/session-queries';
import { useSession } from '../../session/session-store';
import { isEntryOpenable } from '../screens';

export type AppMenu = {
  readonly sections: readonly MenuSection[];
  readonly quick: readonly MenuEntry[];
};

export type MenuInputs = {
  readonly access: UserAccess;
  readonly disabledForms: readonly number[];
  readonly classicUsable: boolean;
  /** Forms the dispatcher pinned for this user (quickLaunchFormUpdate_v1), or null. */
  readonly quickLaunchFormIds: readonly number[] | null;
};

export function buildMenu(inputs: MenuInputs): AppMenu {
  const context: MenuVisibilityContext = {
    allowedSystemTypes: inputs.access.allowedSystemTypes,
    isAdmin: inputs.access.isAdmin,
    canView: inputs.access.permissions.canView,
    disabledForms: inputs.disabledForms,
    classicUsable: inputs.classicUsable,
  };
  const visible = visibleMenu(menuCatalogue, context);
  const pinned = inputs.quickLaunchFormIds;
  const offered = quickMenu(visible).filter(isEntryOpenable);
  const quick =
    pinned === null
      ? offered
      : visible.filter((entry) => pinned.includes(entry.id) && isEntryOpenable(entry));
  return { sections: groupMenu(visible), quick };
}

export function useMenu(): AppMenu {
  const session = useSession();
  // After logout the shell may render once more: nothing may be fetched without a session.
  const access = useUserAccess(session.status.loggedIn);
  const classic = useClassicConnection();
  const classicUsable = isClassicUsable(classic, session.skipMode);
  // Follows the system parameters live (serverConfigUpdate_v1, R-PARAM-6).
  const disabledForms = useAppConfig().server.disabledForms;
  const stored = useQuery({ ...quickMenuQuery(), enabled: session.status.loggedIn }).data;
  // A pin in this tab or another (quickLaunchFormUpdate_v1) is newer than what login read; an
  // empty list means nothing pinned: the offered forms show (R-MENU-15).
  const latest = session.quickLaunchFormIds ?? stored ?? [];
  const pinned = latest.length > 0 ? latest : null;
  return useMemo(
    () =>
      buildMenu({
        access,
        disabledForms,
        classicUsable,
        quickLaunchFormIds: pinned,
      }),
    [access, disabledForms, classicUsable, pinned],
  );
}
