/** Lookup rows' seeded texts in the user's language; outside i18n.ts so the login route does without. */
import { i18n } from './i18n';
import { lookupValuesEn } from './lookup-values';

const seededLookups = lookupValuesEn as Record<string, Record<string, string>>;

/**
 * A lookup row's text (an order type, a reason, a credit status, ...) in the current language
 * while it is still the text the database was seeded with; a renamed row shows as written.
 */
export function lookupText(resource: string, text: string): string {
  const values = seededLookups[resource];
  const id = values && Object.keys(values).find((key) => values[key] === text);
  return id === undefined ? text : i18n.t(`lookupValues.${resource}.${id}`, { defaultValue: text });
}
