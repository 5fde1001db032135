import '@testing-library/jest-dom/vitest';
import { notifications } from '@mantine/notifications';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { initI18n, loadScreenTexts } from '../lib/i18n/i18n';
import { forgetDatabaseList } from '../session/auth-api';

// Screens wait on fetches and debounced searches: on a busy two-core CI machine a second is not
// always enough, and a longer wait only slows a test that fails anyway.
configure({ asyncUtilTimeout: 5_000 });

// The app loads the screens' English after sign-in (loadScreenTexts); a test renders screens
// without signing in, so every file starts with all of it.
beforeAll(async () => {
  await initI18n('en');
  await loadScreenTexts();
});

// A worker runs file after file in one jsdom (isolate: false, vitest.config.ts): each file starts
// as if it had the page to itself. Its modules are evaluated afresh (their stores, links and
// counters), and what the last file left in the page, or in a library's own store, goes.
afterAll(() => {
  notifications.clean();
  notifications.cleanQueue();
  document.body.replaceChildren();
  vi.resetModules();
});

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  // The kept database list (R-API-8) lives as long as the page; each test is a new page.
  forgetDatabaseList();
});

// Mantine reads these browser APIs, which jsdom does not implement.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }),
});
class ResizeObserverStub {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
window.ResizeObserver = ResizeObserverStub;
window.HTMLElement.prototype.scrollIntoView = () => undefined;
