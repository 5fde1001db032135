/** Starts the client: configuration and language first, then the router inside the providers. */
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/charts/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { Providers } from './app/providers';
import { createAppRouter } from './app/router';
import { startUp } from './app/start-up';
import { initI18n } from './lib/i18n/i18n';
import { logger } from './lib/logger';

async function main(): Promise<void> {
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element.');
  await Promise.all([startUp(), initI18n()]);
  const router = createAppRouter();
  createRoot(container).render(
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
}

main().catch((error: unknown) => {
  logger.error('The client could not start.', error);
  const container = document.getElementById('root');
  if (container) {
    container.textContent = 'Dispatch could not start. Reload the page to try again.';
  }
});
