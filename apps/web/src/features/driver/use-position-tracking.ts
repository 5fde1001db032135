/**
 * R-GPS-14: while a load is open (the truck's status is one of `trackedStatusIds`) the phone
 * watches its position and puts what it read into the outbox every 5 seconds, each fix stamped
 * with the time it was taken (R-GPS-8), so a batch sent late still orders the track right.
 */
import { maxPositionsPerBatch, type TruckPosition } from '@dispatch/domain/trucks/truck-positions';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';

export const positionBatchMs = 5_000;

const round = (value: number, places: number) => Math.round(value * 10 ** places) / 10 ** places;

/** A browser fix as the positions route takes it (speed in km/h, nothing the device lacks). */
export function positionOf(fix: GeolocationPosition): TruckPosition {
  const { latitude, longitude, speed, heading, accuracy } = fix.coords;
  return {
    latitude: round(latitude, 6),
    longitude: round(longitude, 6),
    recordedAt: new Date(fix.timestamp).toISOString(),
    ...(speed !== null && Number.isFinite(speed) && speed >= 0
      ? { speedKph: Math.min(400, round(speed * 3.6, 1)) }
      : {}),
    ...(heading !== null && Number.isFinite(heading) && heading >= 0 && heading <= 360
      ? { headingDeg: round(heading, 1) }
      : {}),
    ...(Number.isFinite(accuracy) && accuracy >= 0
      ? { accuracyM: Math.min(100_000, round(accuracy, 1)) }
      : {}),
  };
}

/** Whether location could not be had (refused, or no device); null while tracking or off. */
export function usePositionTracking(
  active: boolean,
  onBatch: (positions: TruckPosition[]) => void,
): { readonly problem: boolean } {
  const [problem, setProblem] = useState(false);
  const batch = useRef(onBatch);
  useLayoutEffect(() => {
    batch.current = onBatch;
  });

  useEffect(() => {
    if (!active || typeof navigator === 'undefined' || !('geolocation' in navigator)) return;
    let buffer: TruckPosition[] = [];
    let lastStamp = '';
    const watch = navigator.geolocation.watchPosition(
      (fix) => {
        setProblem(false);
        const position = positionOf(fix);
        // Two fixes of the same instant are one (the route keys them on recordedAt).
        if (position.recordedAt === lastStamp) return;
        lastStamp = position.recordedAt;
        buffer.push(position);
      },
      () => setProblem(true),
      { enableHighAccuracy: true, maximumAge: 0 },
    );
    const takeBatch = () => {
      while (buffer.length > 0) {
        const positions = buffer.slice(0, maxPositionsPerBatch);
        buffer = buffer.slice(maxPositionsPerBatch);
        batch.current(positions);
      }
    };
    const every = setInterval(takeBatch, positionBatchMs);
    return () => {
      navigator.geolocation.clearWatch(watch);
      clearInterval(every);
      // What was read before the load closed still goes.
      takeBatch();
    };
  }, [active]);

  return { problem: active && problem };
}
