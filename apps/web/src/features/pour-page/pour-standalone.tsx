/**
 * The pour page on its own entry (app/pour-entry.ts): its own small i18n instance, opened in the
 * customer's language once the page says it, with a switch; no component library.
 */
import i18next from 'i18next';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { pourEn, pourEs } from '../../lib/i18n/pour-text';
import { PourPageView } from './pour-page';

export async function startPourPage(container: HTMLElement, token: string): Promise<void> {
  const i18n = i18next.createInstance();
  await i18n.use(initReactI18next).init({
    resources: { en: { translation: { pour: pourEn } }, es: { translation: { pour: pourEs } } },
    lng: navigator.language.startsWith('es') ? 'es' : 'en',
    fallbackLng: 'en',
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  i18n.on('languageChanged', (language) => {
    document.documentElement.lang = language;
  });
  document.documentElement.lang = i18n.language;
  document.title = i18n.t('pour.appName');
  createRoot(container).render(
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <PourPageView token={token} />
      </I18nextProvider>
    </StrictMode>,
  );
}
