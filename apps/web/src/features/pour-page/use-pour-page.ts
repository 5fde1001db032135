/**
 * R-TRACK-4, R-TRACK-6: the pour page's data, first read, then kept live by the page's own
 * server-sent-event stream (which carries this order and nothing else). The browser reconnects a
 * dropped stream by itself; a `gone` event means the link stopped working.
 */
import { useEffect, useState } from 'react';
import { pourPageSchema, type PourPage } from '@dispatch/domain/tracking/tracking-link';
import { ApiError, apiGet, getServerBaseUrl } from '../../lib/api-client';

export type PourState =
  | { kind: 'loading' }
  | { kind: 'notFound' }
  | { kind: 'failed' }
  | { kind: 'shown'; page: PourPage; live: boolean; gone: boolean };

const retryMs = 5_000;

export function usePourPage(token: string): PourState {
  const [state, setState] = useState<PourState>({ kind: 'loading' });
  useEffect(() => {
    let stopped = false;
    let source: EventSource | undefined;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const path = `/api/v1/pour/${encodeURIComponent(token)}`;

    const show = (page: PourPage, live: boolean) =>
      setState((current) => ({
        kind: 'shown',
        page,
        live,
        gone: current.kind === 'shown' && current.gone,
      }));

    const follow = (first: PourPage) => {
      source = new EventSource(`${getServerBaseUrl()}${path}/live`);
      source.onmessage = (message: MessageEvent<string>) => {
        const parsed = pourPageSchema.safeParse(JSON.parse(message.data));
        if (parsed.success) show(parsed.data, true);
      };
      source.onerror = () =>
        setState((current) => (current.kind === 'shown' ? { ...current, live: false } : current));
      source.addEventListener('gone', () => {
        source?.close();
        setState((current) =>
          current.kind === 'shown' ? { ...current, live: false, gone: true } : { kind: 'notFound' },
        );
      });
      show(first, false);
    };

    const load = async () => {
      try {
        const page = await apiGet(path, pourPageSchema);
        if (!stopped) follow(page);
      } catch (error) {
        if (stopped) return;
        if (error instanceof ApiError && error.status === 404) {
          setState({ kind: 'notFound' });
          return;
        }
        setState({ kind: 'failed' });
        retry = setTimeout(() => void load(), retryMs);
      }
    };
    void load();
    return () => {
      stopped = true;
      clearTimeout(retry);
      source?.close();
    };
  }, [token]);
  return state;
}
