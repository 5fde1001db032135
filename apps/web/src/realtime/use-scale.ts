/**
 * R-TENT-10: the pit's live scale while the screen is open: SubscribeToScale when a plant is
 * chosen (again after the hub reconnects), UnsubscribeFromScale when it changes or the screen
 * closes, and the latest updateScale_v1 reading of that plant.
 */
import { useEffect, useState } from 'react';
import type { ScaleReading } from '@dispatch/domain/dispatch/dispatch-events';
import { invokeDispatchHub } from './dispatch-hub';
import { useHubEvent, useHubReconnected } from './hub-events';

/** R-SCALE-3: the colour each reading status is shown in, wherever a scale is shown live. */
export const scaleStatusColors = {
  ok: 'teal',
  motion: 'orange',
  overCapacity: 'red',
  underZero: 'red',
  disconnected: 'gray',
} as const satisfies Record<ScaleReading['status'], string>;

export type ScaleState = {
  reading: ScaleReading | null;
  /** The hub refused or is down: weights are typed by hand. */
  offline: boolean;
};

export function useScale(plantId: number | null): ScaleState {
  const [reading, setReading] = useState<ScaleReading | null>(null);
  const [offline, setOffline] = useState(false);
  const [attempt, setAttempt] = useState(0);

  // Another plant's scale, or the same one subscribed again after a reconnect: what was read before
  // no longer holds (reset while rendering, as React advises, rather than in the effect).
  const subscription = `${plantId}/${attempt}`;
  const [readingOf, setReadingOf] = useState(subscription);
  if (readingOf !== subscription) {
    setReadingOf(subscription);
    setReading(null);
    setOffline(false);
  }

  useEffect(() => {
    if (plantId === null) return undefined;
    let active = true;
    invokeDispatchHub('SubscribeToScale', plantId).catch(() => {
      if (active) setOffline(true);
    });
    return () => {
      active = false;
      invokeDispatchHub('UnsubscribeFromScale', plantId).catch(() => undefined);
    };
  }, [plantId, attempt]);

  useHubReconnected(() => setAttempt((n) => n + 1));
  useHubEvent('updateScale_v1', (data) => {
    // A reading, not an ids-only notice, of this plant's scale.
    if (!('weight' in data) || data.plantId !== plantId) return;
    setOffline(false);
    setReading(data);
  });
  return { reading, offline };
}
