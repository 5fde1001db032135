/**
 * Starts the client. A phone opening the driver app (/driver) or a contractor's pour page
 * (/pour/…) gets its own light entry; every other address starts the office app
 * (app/office-entry.tsx), as it always has.
 */
import { isDriverPath, startDriver } from './app/driver-entry';
import { pourTokenOf, startPour } from './app/pour-entry';
import { startUp } from './app/start-up';
import { logger } from './lib/logger';

async function main(): Promise<void> {
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element.');
  // The configuration loads while the entry's code does.
  const started = startUp();
  const pourToken = pourTokenOf(window.location.pathname);
  if (pourToken !== null) {
    await startPour(container, pourToken, started);
    return;
  }
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
