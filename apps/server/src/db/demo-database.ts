import type { Tenancy } from './tenancy';
import { seedDemo } from './seed/demo';

export const demoDatabaseName = 'DEMO';

/** The local calendar day, as the demo's orders and tickets are "today's". */
export function localDate(now: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * Creates and seeds DEMO when it does not exist yet. Only DEMO ever gets the demo users and
 * their shared password; other named databases start with reference data and no users.
 */
export async function ensureDemoDatabase(
  tenancy: Tenancy,
  now: Date,
): Promise<{ created: boolean }> {
  const existing = await tenancy.find(demoDatabaseName);
  await tenancy.create(demoDatabaseName);
  const { db } = await tenancy.open(demoDatabaseName);
  const result = await seedDemo(db, {
    today: localDate(now),
    timeZoneOffsetMinutes: -now.getTimezoneOffset(),
  });
  return { created: !existing || result.seeded };
}
