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
  requireLoggedIn,
  routePaths,
  setSettledPath,
  takeRequestedUrl,
} from './route-guard';
import { builtScreens, screenRoutePath, type ScreenModule } from './screens';
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
          id: 'shell',
          loader: ({ request }) => requireLoggedIn(request),
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
              path: '*',
              lazy: async () => ({
                Component: (await import('./shell/not-found-page')).NotFoundPage,
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
