/**
 * Starts the client. A phone opening the driver app (/driver) gets its own light entry; every
 * other address starts the office app (app/office-entry.tsx), as it always has.
 */
import { isDriverPath, startDriver } from './app/driver-entry';
import { startUp } from './app/start-up';
import { logger } from './lib/logger';

async function main(): Promise<void> {
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element.');
  // The configuration loads while the entry's code does.
  const started = startUp();
  if (isDriverPath(window.location.pathname)) {
    await startDriver(container, started);
    return;
  }
  const { startOffice } = await import('./app/office-entry');
  await startOffice(container, started);
}

main().catch((error: unknown) => {
  logger.error('The client could not start.', error);
  const container = document.getElementById('root');
  if (container) {
    container.textContent = 'Dispatch could not start. Reload the page to try again.';
  }
});
