/// <reference types="signalr" />
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { JSDOM } from 'jsdom';

const require = createRequire(import.meta.url);
const jquerySource = readFileSync(require.resolve('jquery/dist/jquery.js'), 'utf8');
const signalrSource = readFileSync(require.resolve('signalr/jquery.signalR.js'), 'utf8');

/** Every client method of the classic hub (R-INTERCOM-3): the helper subscribes to all of them. */
export const classicEvents = [
  'AuthPingback',
  'AuthTokenAccepted',
  'ErrorLoggingIn',
  'DirtyFormsCount',
  'LoggedOut',
  'UserIsAuthenticated',
] as const;

export type ReceivedEvent = { readonly name: string; readonly args: unknown[] };

export type OfficialClient = {
  readonly connection: SignalR.Hub.Connection;
  readonly proxy: SignalR.Hub.Proxy;
  /** Every classic event received, in order. */
  readonly events: readonly ReceivedEvent[];
  start(): Promise<void>;
  invoke(method: string, ...args: unknown[]): Promise<unknown>;
  /** The first `name` event at index `from` or later, waiting for it if it has not come yet. */
  nextEvent(name: string, from: number): Promise<ReceivedEvent>;
  /** Stops the connection (the client posts /abort) and closes the window. */
  close(): void;
};

function promised<T>(deferred: JQueryPromise<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    // The client rejects with the window's own Errors (another realm), carrying `source`
    // (HubException, Exception, ...): copy what tests read into one of ours.
    deferred
      .done((value: T) => resolve(value))
      .fail((error: unknown) => {
        const { message, source } = (error ?? {}) as { message?: unknown; source?: unknown };
        reject(Object.assign(new Error(String(message)), { source }));
      });
  });
}

/**
 * The official ASP.NET SignalR 2 JavaScript client (jquery.signalR 2.4.3 over jQuery 3) in a jsdom
 * window, wired as the web client wires it: a proxy for `intercomHub`, handlers registered before
 * start, WebSockets transport. The page's origin differs from the hub's by default, as in the
 * field (web app on one port, classic on 8080), so CORS is exercised on every request.
 */
export async function createOfficialClient(options: {
  hubUrl: string;
  pageUrl?: string;
}): Promise<OfficialClient> {
  const dom = new JSDOM('<!doctype html><html><head></head><body></body></html>', {
    url: options.pageUrl ?? 'http://localhost:5173/',
    runScripts: 'outside-only',
  });
  const { window } = dom;
  if (window.document.readyState !== 'complete') {
    await new Promise((resolve) => window.addEventListener('load', resolve, { once: true }));
  }
  window.eval(jquerySource);
  window.eval(signalrSource);
  const $ = (window as unknown as { jQuery: JQueryStatic }).jQuery;

  // The URL already ends in /signalr, so the client must not append its default path again.
  const connection = $.hubConnection(options.hubUrl, { useDefaultPath: false });
  const proxy = connection.createHubProxy('intercomHub');
  const events: ReceivedEvent[] = [];
  const waiters = new Set<() => void>();
  for (const name of classicEvents) {
    proxy.on(name, (...args: unknown[]) => {
      events.push({ name, args });
      for (const wake of [...waiters]) wake();
    });
  }

  return {
    connection,
    proxy,
    events,
    async start() {
      await promised(connection.start({ transport: 'webSockets' }));
    },
    invoke(method, ...args) {
      return promised(proxy.invoke(method, ...args) as JQueryPromise<unknown>);
    },
    nextEvent(name, from) {
      return new Promise((resolve) => {
        const check = () => {
          const found = events.slice(from).find((event) => event.name === name);
          if (!found) return;
          waiters.delete(check);
          resolve(found);
        };
        waiters.add(check);
        check();
      });
    },
    close() {
      connection.stop();
      window.close();
    },
  };
}
