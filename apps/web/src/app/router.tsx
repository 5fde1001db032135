/**
 * The routes (R-ROUTE-1..5) on React Router's data router: the login screen, /home, /admin-only and
 * every path of the menu catalogue, each lazy so the login page loads only what it needs. The
 * catalogue's routes themselves join the shell on the first navigation into it
 * (discoverCatalogueRoutes), so the login route carries neither the catalogue nor its screen table.
 */
import {
  createBrowserRouter,
  redirect,
  type PatchRoutesOnNavigationFunction,
  type RouteObject,
} from 'react-router';
import { loadScreenTexts } from '../lib/i18n/i18n';
import { ensureSessionChecked } from '../session/session-check';
import { loginStore } from '../session/login-state';
import { onLoggedOut } from '../session/logout-events';
import { isLoggedIn } from '../session/session-store';
import { RootLayout } from './root-layout';
import { RouteErrorPage } from './route-error-page';
import {
  navigationArrived,
  requireAdministrator,
  routePaths,
  setSettledPath,
  takeRequestedUrl,
} from './route-guard';
import { driverPath } from './driver-entry';
import { externalRequestsPath, requireExternalUser, requireStaffUser } from './external-user-guard';
import { Splash } from './splash';

export function appRoutes(): RouteObject[] {
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
          loader: async () => {
            await loadScreenTexts();
            return null;
          },
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
            // The menu catalogue's routes are patched in here (discoverCatalogueRoutes).
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

/**
 * Adds the catalogue's routes to the shell when a navigation first reaches it. React Router asks
 * on every navigation the shell's splat (`*`) matches, and keeps a route it already has once.
 */
export const discoverCatalogueRoutes: PatchRoutesOnNavigationFunction = async ({ patch }) => {
  const { catalogueRoutes } = await import('./catalogue-routes');
  patch('shell', catalogueRoutes());
};

export type AppRouter = ReturnType<typeof createBrowserRouter>;

/**
 * What the first screen after sign-in needs (the catalogue's routes, the screens' English) starts
 * loading as the user signs in, alongside the sign-in's own requests rather than after them.
 */
function prefetchOnSignIn(): () => void {
  const stop = loginStore.subscribe(() => {
    if (loginStore.get() === null) return;
    stop();
    void import('./catalogue-routes');
    void loadScreenTexts();
  });
  return stop;
}

/**
 * Wires what the router must follow: arrivals (for the guard), logouts (to the login) and a
 * sign-in starting (prefetchOnSignIn).
 */
export function wireRouter(router: AppRouter): () => void {
  const stopPrefetch = prefetchOnSignIn();
  const unsubscribe = router.subscribe((state) => {
    if (state.navigation.state === 'idle') {
      setSettledPath(state.location.pathname);
      navigationArrived();
    }
  });
  const stopLogout = onLoggedOut(() => router.navigate(routePaths.login, { replace: true }));
  return () => {
    stopPrefetch();
    unsubscribe();
    stopLogout();
  };
}

export function createAppRouter(): AppRouter {
  const router = createBrowserRouter(appRoutes(), {
    patchRoutesOnNavigation: discoverCatalogueRoutes,
  });
  wireRouter(router);
  return router;
}
