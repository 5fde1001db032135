/** The whole app at one URL, routed as in the browser, for a screen's app-level test. */
import { createMemoryRouter, RouterProvider } from 'react-router';
import { appRoutes, wireRouter } from '../app/router';
import { renderWithProviders } from './render';

export async function renderAppAt(path: string) {
  const router = createMemoryRouter(appRoutes(), { initialEntries: [path] });
  wireRouter(router);
  await renderWithProviders(<RouterProvider router={router} />);
  return router;
}
