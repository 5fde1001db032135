/**
 * i18next with the language kept under the `language` storage key (R-ENTITY-41). The English of
 * the login and the shell is bundled; the screens' English loads with the first screen behind the
 * sign-in (loadScreenTexts), and Spanish when chosen. Missing keys fall back to English.
 */
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { productLanguages } from '@dispatch/domain/languages';
import { messages, type MessageKey } from '@dispatch/domain/messages';
import { readStored, storageKeys, writeStored } from '../storage';
import { en } from './en';

export const languages = productLanguages;
export type Language = (typeof languages)[number];

export function isLanguage(value: string | null): value is Language {
  return value !== null && (languages as readonly string[]).includes(value);
}

export const i18n = i18next.createInstance();

let screenTexts: Promise<void> | undefined;

/**
 * The English of every screen behind the sign-in, which the login route does without (issue 26:
 * its JavaScript stays under 200 kB). Route loaders await it before a screen renders.
 */
export function loadScreenTexts(): Promise<void> {
  screenTexts ??= import('./screen-texts-en').then(({ screenTextsEn }) => {
    i18n.addResourceBundle('en', 'translation', screenTextsEn, true, false);
  });
  return screenTexts;
}

async function loadResources(language: Language): Promise<void> {
  if (language === 'en' || i18n.hasResourceBundle(language, 'translation')) return;
  const { es } = await import('./es');
  i18n.addResourceBundle('es', 'translation', es, true, true);
}

/** The stored language, else the browser's when we have it, else English. */
export function preferredLanguage(): Language {
  const stored = readStored(storageKeys.language);
  if (isLanguage(stored)) return stored;
  const browser = typeof navigator === 'undefined' ? 'en' : navigator.language.slice(0, 2);
  return isLanguage(browser) ? browser : 'en';
}

export async function initI18n(language: Language = preferredLanguage()): Promise<typeof i18n> {
  if (!i18n.isInitialized) {
    await i18n.use(initReactI18next).init({
      resources: { en: { translation: en } },
      lng: 'en',
      fallbackLng: 'en',
      interpolation: { escapeValue: false },
      react: { useSuspense: false },
    });
  }
  await loadResources(language);
  await i18n.changeLanguage(language);
  document.documentElement.lang = language;
  return i18n;
}

/**
 * The locale dates and numbers are written in: the user's language, or the browser's own English
 * (en-GB, en-US) when that is English.
 */
export function dateLocale(): string | undefined {
  const language = i18n.language;
  return !language || language === 'en' ? undefined : language;
}

export async function setLanguage(language: Language): Promise<void> {
  writeStored(storageKeys.language, language);
  await initI18n(language);
}

const keyOfMessage = new Map<string, MessageKey>(
  (Object.entries(messages) as [MessageKey, string][]).map(([key, text]) => [text, key]),
);

/** An R-ERR text in the current language; any other text (a server's own) is shown as is. */
export function translateMessage(text: string): string {
  const key = keyOfMessage.get(text);
  return key === undefined ? text : i18n.t(`messages.${key}`, { defaultValue: text });
}
