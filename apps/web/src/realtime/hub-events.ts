/**
 * The in-page bus between the dispatch hub client and the screens: the hub client emits every
 * message it receives, screens subscribe by name and apply it to their TanStack Query cache.
 * web-core owns this file; its exported signatures are a contract other features rely on.
 */
import { useEffect, useRef } from 'react';
import type {
  DispatchEventMap,
  DispatchEventName,
  DispatchIdsPayload,
} from '@dispatch/domain/dispatch/dispatch-events';

export type HubEventHandler<N extends DispatchEventName> = (
  data: DispatchEventMap[N] | DispatchIdsPayload,
) => void;

const handlers = new Map<DispatchEventName, Set<(data: unknown) => void>>();
const reconnectHandlers = new Set<() => void>();

export function onHubEvent<N extends DispatchEventName>(
  name: N,
  handler: HubEventHandler<N>,
): () => void {
  const set = handlers.get(name) ?? new Set();
  handlers.set(name, set);
  const untyped = handler as (data: unknown) => void;
  set.add(untyped);
  return () => set.delete(untyped);
}

export function emitHubEvent(name: DispatchEventName, data: unknown): void {
  for (const handler of handlers.get(name) ?? []) handler(data);
}

/** A reconnect is a new connection: NOTIFY is at-most-once, so screens refetch what they show. */
export function onHubReconnected(handler: () => void): () => void {
  reconnectHandlers.add(handler);
  return () => reconnectHandlers.delete(handler);
}

export function emitHubReconnected(): void {
  for (const handler of reconnectHandlers) handler();
}

export function useHubEvent<N extends DispatchEventName>(
  name: N,
  handler: HubEventHandler<N>,
): void {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => onHubEvent(name, (data) => latest.current(data)), [name]);
}

export function useHubReconnected(handler: () => void): void {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => onHubReconnected(() => latest.current()), []);
}
