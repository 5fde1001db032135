/**
 * R-GPS-7: keeps the dwell rule's clock running for every database, so a phone parked at a fence
 * (which sends no new fix) still gets its status 30 s after its last one. Runs in the API
 * process; several API processes each running it are harmless, as each truck's turn is locked.
 */
import type { Tenancy } from '../../db/tenancy';
import { runGeofenceClock } from './truck-positions.service';

/** How often the clock looks: a transition is never later than this past its 30 s. */
export const geofenceClockEveryMs = 10_000;

export type GeofenceClockLogger = { warn(details: object, message: string): void };

export function keepGeofenceClocks(
  tenancy: Tenancy,
  options: { logger: GeofenceClockLogger; now?: () => Date; everyMs?: number },
): { stop(): Promise<void> } {
  const clock = options.now ?? (() => new Date());
  let running: Promise<unknown> = Promise.resolve();
  const tick = async () => {
    for (const { databaseName } of await tenancy.list()) {
      const { db } = await tenancy.open(databaseName);
      await runGeofenceClock(db, clock());
    }
  };
  const timer = setInterval(() => {
    running = running.then(tick).catch((error: unknown) => {
      options.logger.warn({ err: error }, 'the geofence clock could not run');
    });
  }, options.everyMs ?? geofenceClockEveryMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
