/**
 * The routes (R-ROUTE-1..5) on React Router's data router: the login screen, /home, /admin-only and
 * every path of the menu catalogue, each lazy so the login page loads only what it needs.
 */
import { createBrowserRouter, redirect, type RouteObject } from 'react-router';
import { menuCatalogue } from '@dispatch/domain/menu/menu-catalogue';
import type { MenuEntry } from '@dispatch/domain/menu/menu-entry';
import { ensureSessionChecked } from '../session/session-check';
import { onLoggedOut } from '../session/logout-events';
import { isLoggedIn } from '../session/session-store';
import { RootLayout } from './root-layout';
import { RouteErrorPage } from './route-error-page';
import {
  navigationArrived,
  requireAdministrator,
  requireFormAccess,
  routePaths,
  setSettledPath,
  takeRequestedUrl,
} from './route-guard';
import { driverPath } from './driver-entry';
import { builtScreens, screenRoutePath, type ScreenModule } from './screens';
import { externalRequestsPath, requireExternalUser, requireStaffUser } from './external-user-guard';
import { Splash } from './splash';

const notAvailable = (entry: MenuEntry) => async (): Promise<ScreenModule> => {
  const { NotAvailablePage } = await import('./shell/not-available-page');
  return { Component: () => <NotAvailablePage entry={entry} /> };
};

function catalogueRoute(entry: MenuEntry & { path: string }): RouteObject {
  return {
    path: screenRoutePath(entry),
    loader: ({ request }) => requireFormAccess(request, entry),
    lazy: builtScreens[entry.enumId] ?? notAvailable(entry),
  };
}

export function appRoutes(): RouteObject[] {
  const catalogueRoutes = menuCatalogue
    .filter((entry): entry is MenuEntry & { path: string } => entry.path !== null)
    .map(catalogueRoute);
  return [
    {
      id: 'root',
      Component: RootLayout,
      ErrorBoundary: RouteErrorPage,
      HydrateFallback: Splash,
      children: [
        {
          path: routePaths.login,
          loader: async () => {
            await ensureSessionChecked();
            if (isLoggedIn()) return redirect(takeRequestedUrl());
            navigationArrived();
            return null;
          },
          lazy: async () => ({ Component: (await import('../session/login-page')).LoginPage }),
        },
        {
          // R-OREQ-12: a customer's external user has this page only, outside the staff shell.
          path: externalRequestsPath,
          loader: ({ request }) => requireExternalUser(request),
          lazy: async () => ({
            Component: (await import('../features/order-requests/external-requests-page'))
              .ExternalRequestsPage,
          }),
        },
        {
          // Issue 26 item 3: the driver's phone app, outside the staff shell. Opened directly it
          // starts on its own light entry (driver-entry.ts); this route serves a driver the login
          // page sends here. It signs the driver in itself.
          path: driverPath,
          lazy: async () => ({
            Component: (await import('../features/driver/driver-app')).DriverApp,
          }),
        },
        {
          id: 'shell',
          loader: ({ request }) => requireStaffUser(request),
          lazy: async () => ({ Component: (await import('./shell/app-layout')).AppLayout }),
          ErrorBoundary: RouteErrorPage,
          children: [
            { index: true, loader: () => redirect(routePaths.home) },
            {
              path: routePaths.adminOnly,
              lazy: async () => ({
                Component: (await import('./shell/admin-only-page')).AdminOnlyPage,
              }),
            },
            {
              path: routePaths.auditTrail,
              loader: ({ request }) => requireAdministrator(request, 'Audit Trail'),
              lazy: async () => ({
                Component: (await import('../features/audit/audit-trail-screen')).AuditTrailScreen,
              }),
            },
            ...catalogueRoutes,
            {
              // An address that is no route: followed when it is a product link (R-OAUD-6).
              path: '*',
              lazy: async () => ({
                Component: (await import('./shell/link-page')).LinkPage,
              }),
            },
          ],
        },
      ],
    },
  ];
}

export type AppRouter = ReturnType<typeof createBrowserRouter>;

/** Wires what the router must follow: arrivals (for the guard) and logouts (to the login). */
export function wireRouter(router: AppRouter): () => void {
  const unsubscribe = router.subscribe((state) => {
    if (state.navigation.state === 'idle') {
      setSettledPath(state.location.pathname);
      navigationArrived();
    }
  });
  const stopLogout = onLoggedOut(() => router.navigate(routePaths.login, { replace: true }));
  return () => {
    unsubscribe();
    stopLogout();
  };
}

export function createAppRouter(): AppRouter {
  const router = createBrowserRouter(appRoutes());
  wireRouter(router);
  return router;
}
