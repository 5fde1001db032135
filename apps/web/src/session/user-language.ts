/**
 * The user's language on this screen and on the server (issue 25, item 4): choosing a language
 * changes the screen at once and, once signed in, tells the server, which writes the user's
 * background jobs (titles, progress, outcomes) and scheduled reports in it.
 */
import { userLanguageBodySchema } from '@dispatch/domain/users/user-language';
import { apiRequest } from '../lib/api-client';
import { setLanguage, type Language } from '../lib/i18n/i18n';
import { logger } from '../lib/logger';
import { isLoggedIn } from './session-store';

/**
 * Stores the language with the user on the server. A failure is only logged: the screen is in the
 * new language already, and the next choice or login tells the server again.
 */
export async function saveUserLanguage(language: Language): Promise<void> {
  try {
    await apiRequest('PUT', '/api/v1/user/language', { language }, userLanguageBodySchema);
  } catch (error) {
    logger.warn('The server did not store the language; background jobs keep the last one.', error);
  }
}

/** The language menu's choice: the screen's language, and the server's once signed in. */
export async function chooseLanguage(language: Language): Promise<void> {
  await setLanguage(language);
  if (isLoggedIn()) await saveUserLanguage(language);
}
