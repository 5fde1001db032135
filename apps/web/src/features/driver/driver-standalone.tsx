/**
 * The driver app on its own entry (app/driver-entry.tsx): its own small i18n instance and no
 * component library, so a phone opening /driver loads only what the driver's screens use.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { DriverApp } from './driver-app';
import { initDriverI18n } from './driver-language';

export async function startDriverApp(container: HTMLElement): Promise<void> {
  const i18n = await initDriverI18n();
  document.title = i18n.t('driver.appName');
  const themeColor = document.querySelector('meta[name="theme-color"]');
  themeColor?.setAttribute('content', '#00445d');
  createRoot(container).render(
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <DriverApp />
      </I18nextProvider>
    </StrictMode>,
  );
}
