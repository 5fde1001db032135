/**
 * A user's language (issue 25, item 4): the language the web shows them, which the server keeps
 * (`PUT /api/v1/user/language`) so what it writes for them later, away from their screen (a
 * background job's title, progress and outcome, a scheduled report), reads in it too.
 */
import { z } from 'zod';
import { productLanguages, type ProductLanguage } from '../languages';

export const userLanguages = productLanguages;
export type UserLanguage = ProductLanguage;

export const userLanguageSchema = z.enum(userLanguages, {
  error: `must be one of ${userLanguages.join(', ')}`,
});

/** `PUT /api/v1/user/language`, and its answer. */
export const userLanguageBodySchema = z.object({ language: userLanguageSchema });
export type UserLanguageBody = z.infer<typeof userLanguageBodySchema>;

/** A language as stored or as a browser names it ('es', 'es-MX'), else English. */
export function userLanguageOf(language: string | null | undefined): UserLanguage {
  return language?.slice(0, 2) === 'es' ? 'es' : 'en';
}

/** "1 cliente", "3 clientes": a count with its noun, singular only for one. */
export function counted(count: number, [one, many]: readonly [string, string]): string {
  return `${count} ${count === 1 ? one : many}`;
}
