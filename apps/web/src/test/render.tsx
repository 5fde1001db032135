/** Renders a component the way the app does: Mantine theme and i18n (English) around it. */
import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Providers } from '../app/providers';
import { initI18n } from '../lib/i18n/i18n';

export async function renderWithProviders(ui: ReactElement): Promise<RenderResult> {
  await initI18n('en');
  return render(<Providers>{ui}</Providers>);
}

export type FetchRoute = (
  url: URL,
  init: RequestInit | undefined,
) => Response | Promise<Response | undefined> | undefined;

/**
 * A `fetch` at the network edge (there is no server in jsdom): each call goes to the first route
 * that answers; anything unanswered is a 404, so a test sees every call it did not expect.
 */
export function fakeFetch(...routes: FetchRoute[]): typeof fetch & { calls: string[] } {
  const calls: string[] = [];
  const handler = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      'http://localhost',
    );
    calls.push(`${init?.method ?? 'GET'} ${url.pathname}`);
    for (const route of routes) {
      const answer = await route(url, init);
      if (answer) return answer;
    }
    return json({ message: `No route ${url.pathname}` }, 404);
  };
  return Object.assign(handler, { calls });
}

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}
