/**
 * What every page relies on: Mantine's theme and i18n. TanStack Query (QueryProvider) and the
 * notifications live in the shell, so the login page does not load them.
 */
import { MantineProvider } from '@mantine/core';
import type { i18n as I18n } from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { i18n as appI18n } from '../lib/i18n/i18n';
import { theme } from './theme';

export type ProvidersProps = {
  readonly children: ReactNode;
  readonly i18n?: I18n;
};

export function Providers(props: ProvidersProps) {
  return (
    <I18nextProvider i18n={props.i18n ?? appI18n}>
      <MantineProvider theme={theme} defaultColorScheme="light">
        {props.children}
      </MantineProvider>
    </I18nextProvider>
  );
}
