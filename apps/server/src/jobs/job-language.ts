/**
 * The language a background job speaks to its owner (issue 25, item 4): the stored language of
 * the user it runs for (`user_profiles.language`, which the web sets from its language menu),
 * English for a job nobody asked for (the nightly invoicing) or a user without a profile. Titles
 * are written in it when a job is queued, progress and outcome messages when it runs: every kind
 * asks here, so a user reads all of their jobs in one language.
 */
import { eq } from 'drizzle-orm';
import { userLanguageOf, type UserLanguage } from '@dispatch/domain/users/user-language';
import type { Db, Tx } from '../db/client';
import { userProfiles } from '../db/schema/auth';

export type JobLanguage = UserLanguage;

/** What a job speaks when it runs for no one. */
export const defaultJobLanguage: JobLanguage = 'en';

export async function jobLanguageOf(db: Db | Tx, userId: number | null): Promise<JobLanguage> {
  if (userId === null) return defaultJobLanguage;
  const [profile] = await db
    .select({ language: userProfiles.language })
    .from(userProfiles)
    .where(eq(userProfiles.userId, userId));
  return userLanguageOf(profile?.language);
}
