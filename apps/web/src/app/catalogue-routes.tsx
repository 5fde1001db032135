/** The routes of the menu catalogue's paths: each screen built, or "not available" (R-ROUTE-1). */
import type { RouteObject } from 'react-router';
import { menuCatalogue } from '@dispatch/domain/menu/menu-catalogue';
import { formNameOf } from '@dispatch/domain/menu/form-name';
import type { MenuEntry } from '@dispatch/domain/menu/menu-entry';
import { canOpenForm, requireAccess } from './route-guard';
import { builtScreens, screenRoutePath, type ScreenModule } from './screens';

const notAvailable = (entry: MenuEntry) => async (): Promise<ScreenModule> => {
  const { NotAvailablePage } = await import('./shell/not-available-page');
  return { Component: () => <NotAvailablePage entry={entry} /> };
};

/** Loader of a catalogue route: logged in, and allowed to view this form. */
function requireFormAccess(request: Request, entry: MenuEntry): Promise<Response | null> {
  return requireAccess(
    request,
    (access) => canOpenForm(entry, access),
    formNameOf(entry.id),
    entry,
  );
}

function catalogueRoute(entry: MenuEntry & { path: string }): RouteObject {
  return {
    path: screenRoutePath(entry),
    loader: ({ request }) => requireFormAccess(request, entry),
    lazy: builtScreens[entry.enumId] ?? notAvailable(entry),
  };
}

export function catalogueRoutes(): RouteObject[] {
  return menuCatalogue
    .filter((entry): entry is MenuEntry & { path: string } => entry.path !== null)
    .map(catalogueRoute);
}
