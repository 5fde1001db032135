import { formatDate } from '@dispatch/domain/validation/dates';
import type { Tenancy } from './tenancy';
import { seedDemo } from './seed/demo';

export const demoDatabaseName = 'DEMO';

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
    today: formatDate(now, 'YYYY-MM-DD'),
    timeZoneOffsetMinutes: -now.getTimezoneOffset(),
  });
  return { created: !existing || result.seeded };
}
