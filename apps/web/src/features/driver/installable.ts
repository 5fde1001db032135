/**
 * Makes /driver an installable app that opens without network: its web manifest
 * (public/driver.webmanifest) and a small service worker (public/driver-sw.js) that keeps the app
 * shell. The page tells the worker which files it loaded, so the shell it keeps is this build's.
 */
import { useEffect } from 'react';
import { logger } from '../../lib/logger';

export const driverManifestPath = '/driver.webmanifest';
export const driverWorkerPath = '/driver-sw.js';
export const driverScope = '/driver';

function addLink(rel: string, href: string): void {
  if (document.head.querySelector(`link[rel="${rel}"][href="${href}"]`)) return;
  const link = document.createElement('link');
  link.rel = rel;
  link.href = href;
  document.head.append(link);
}

/** The files of this page worth keeping: the shell, its scripts and styles, the configuration. */
function shellFiles(): string[] {
  const origin = window.location.origin;
  const loaded = performance
    .getEntriesByType('resource')
    .map((entry) => entry.name)
    .filter((url) => url.startsWith(origin))
    .map((url) => new URL(url).pathname)
    .filter((path) => path.startsWith('/assets/') || path === '/configuration.json');
  return [...new Set([driverScope, '/favicon.svg', '/driver-icon-192.png', ...loaded])];
}

async function register(): Promise<void> {
  if (!('serviceWorker' in navigator) || !window.isSecureContext) return;
  try {
    await navigator.serviceWorker.register(driverWorkerPath, { scope: driverScope });
    const ready = await navigator.serviceWorker.ready;
    ready.active?.postMessage({ kind: 'keep', files: shellFiles() });
  } catch (error) {
    logger.warn('The driver app could not be made to open offline.', error);
  }
}

export function useInstallable(): void {
  useEffect(() => {
    addLink('manifest', driverManifestPath);
    addLink('apple-touch-icon', '/driver-icon-192.png');
    void register();
  }, []);
}
