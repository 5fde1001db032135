/** The whole app at one URL, routed as in the browser, for a screen's app-level test. */
import { createMemoryRouter, RouterProvider } from 'react-router';
import { onTestFinished } from 'vitest';
import { appRoutes, discoverCatalogueRoutes, wireRouter } from '../app/router';
import { renderWithProviders } from './render';

/**
 * The router is unwired and disposed when the test ends: a router left alive keeps its
 * subscriptions, so a later test's log-in or parameter change could run its loaders again and
 * raise a stale dialog in that test's screen.
 */
export async function renderAppAt(path: string) {
  const router = createMemoryRouter(appRoutes(), {
    initialEntries: [path],
    patchRoutesOnNavigation: discoverCatalogueRoutes,
  });
  const unwire = wireRouter(router);
  onTestFinished(() => {
    unwire();
    router.dispose();
  });
  await renderWithProviders(<RouterProvider router={router} />);
  return router;
}
