/**
 * The driver app's language: the user's choice as the rest of the product keeps it (the
 * `language` storage key, R-ENTITY-41), else the browser's. The driver's own entry
 * (app/driver-entry.tsx) runs an i18n instance holding the driver's texts only, so its first
 * load does not carry every screen's English; inside the full app the product's instance is used.
 */
import { productLanguages } from '@dispatch/domain/languages';
import i18next, { type i18n as I18n } from 'i18next';
import { readStored, storageKeys, writeStored } from '../../lib/storage';
import { driverEn, driverEs } from '../../lib/i18n/driver-text';

export type DriverLanguage = (typeof productLanguages)[number];

export const driverLanguages: readonly DriverLanguage[] = productLanguages;

function isLanguage(value: string | null): value is DriverLanguage {
  return value !== null && (productLanguages as readonly string[]).includes(value);
}

export function preferredDriverLanguage(): DriverLanguage {
  const stored = readStored(storageKeys.language);
  if (isLanguage(stored)) return stored;
  const browser = typeof navigator === 'undefined' ? 'en' : navigator.language.slice(0, 2);
  return isLanguage(browser) ? browser : 'en';
}

export function currentLanguage(i18n: I18n): DriverLanguage {
  const language = i18n.language;
  return isLanguage(language) ? language : 'en';
}

/** The driver entry's instance: the driver's texts in every language, nothing else. */
export const driverI18n: I18n = i18next.createInstance();

export async function initDriverI18n(
  language: DriverLanguage = preferredDriverLanguage(),
): Promise<I18n> {
  if (!driverI18n.isInitialized) {
    await driverI18n.init({
      resources: {
        en: { translation: { driver: driverEn } },
        es: { translation: { driver: driverEs } },
      },
      lng: language,
      fallbackLng: 'en',
      interpolation: { escapeValue: false },
      react: { useSuspense: false },
    });
  }
  await driverI18n.changeLanguage(language);
  document.documentElement.lang = language;
  return driverI18n;
}

/** Changes the language and keeps the choice for every screen of the product. */
export async function switchLanguage(i18n: I18n, language: DriverLanguage): Promise<void> {
  if (i18n === driverI18n) {
    writeStored(storageKeys.language, language);
    await initDriverI18n(language);
    return;
  }
  // Inside the full app: the product's own switch loads the whole language.
  const { setLanguage } = await import('../../lib/i18n/i18n');
  await setLanguage(language);
}
