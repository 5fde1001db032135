/** Starts the office app: configuration and language first, then the router inside the providers. */
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/charts/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { initI18n } from '../lib/i18n/i18n';
import { Providers } from './providers';
import { createAppRouter } from './router';

/** `started`: the configuration's start-up (start-up.ts), begun before this code loaded. */
export async function startOffice(
  container: HTMLElement,
  started: Promise<unknown>,
): Promise<void> {
  await Promise.all([started, initI18n()]);
  const router = createAppRouter();
  createRoot(container).render(
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
}
