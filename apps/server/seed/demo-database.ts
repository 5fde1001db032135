import { formatDate } from '@dispatch/domain/dates/date-format';
import type { Db } from '../src/db/client';
import type { Tenancy } from '../src/db/tenancy';
import { seedDemo } from './demo';
import { rebaseDemo, type DemoRebase } from './demo-rebase';

export const demoDatabaseName = 'DEMO';

/** R-DEMO-3: a demo picture that has stood still this long is moved up to the clock. */
export const demoStillForMinutes = 30;

/** How often a running server looks whether the demo's day is due to move (R-DEMO-4). */
export const demoClockCheckMs = 60_000;

export type DemoStartOptions = {
  /** R-DEMO-1: the demo's day follows the clock (DEMO_FOLLOWS_CLOCK); off, it stands at mid-day. */
  followClock?: boolean;
};

/**
 * Seeds the demo into `db` when it has not been (its picture of today standing at mid-day) and,
 * when the day follows the clock, moves that picture up to `now`: a fresh one to the minute, a
 * kept one when it is from another day or has stood still half an hour (R-DEMO-3).
 */
export async function startDemoDay(
  db: Db,
  now: Date,
  options: DemoStartOptions = {},
): Promise<{ seeded: boolean; rebase: DemoRebase | null }> {
  const timeZoneOffsetMinutes = -now.getTimezoneOffset();
  const { seeded } = await seedDemo(db, {
    today: formatDate(now, 'YYYY-MM-DD'),
    timeZoneOffsetMinutes,
  });
  if (options.followClock === false) return { seeded, rebase: null };
  const rebase = await rebaseDemo(db, {
    now,
    timeZoneOffsetMinutes,
    stillForMinutes: seeded ? 0 : demoStillForMinutes,
  });
  return { seeded, rebase };
}

/**
 * Creates and seeds DEMO when it does not exist yet. Only DEMO ever gets the demo users and
 * their shared password; other named databases start with reference data and no users.
 */
export async function ensureDemoDatabase(
  tenancy: Tenancy,
  now: Date,
  options: DemoStartOptions = {},
): Promise<{ created: boolean }> {
  const existing = await tenancy.find(demoDatabaseName);
  await tenancy.create(demoDatabaseName);
  const { db } = await tenancy.open(demoDatabaseName);
  const { seeded } = await startDemoDay(db, now, options);
  return { created: !existing || seeded };
}

type DemoClockLogger = {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
};

/**
 * R-DEMO-4: while the server runs, DEMO's day keeps up with the clock: every minute it is moved
 * when a new day has begun or it has stood still half an hour. One check at a time; `stop` waits
 * for the one under way.
 */
export function keepDemoOnTheClock(
  tenancy: Tenancy,
  options: { logger: DemoClockLogger; now?: () => Date; everyMs?: number; database?: string },
): { stop(): Promise<void> } {
  const clock = options.now ?? (() => new Date());
  const database = options.database ?? demoDatabaseName;
  let checking: Promise<void> = Promise.resolve();
  const check = async () => {
    const now = clock();
    const { db } = await tenancy.open(database);
    const moved = await rebaseDemo(db, {
      now,
      timeZoneOffsetMinutes: -now.getTimezoneOffset(),
      stillForMinutes: demoStillForMinutes,
    });
    if (moved) options.logger.info({ database, ...moved }, 'demo day moved on');
  };
  const timer = setInterval(() => {
    checking = checking.then(check).catch((error: unknown) => {
      options.logger.warn({ err: error }, 'the demo day could not follow the clock');
    });
  }, options.everyMs ?? demoClockCheckMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await checking;
    },
  };
}
