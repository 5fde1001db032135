/**
 * The shell around every screen after login: top bar, side menu (a drawer at 768 px and below,
 * R-CONST-6) and the page.
 */
import { AppShell, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Notifications } from '@mantine/notifications';
import { clientVersion, mobileMaxWidthPx } from '@dispatch/domain/constants';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { LogoutConfirmation } from '../../session/logout-dialog';
import { useServerConfigSync } from '../../session/server-config-sync';
import { QueryProvider } from '../query-provider';
import { SideMenu } from './side-menu';
import { TopBar } from './top-bar';
import { useMenu } from './use-menu';
import { useSmallScreen } from './use-small-screen';

export function AppLayout() {
  return (
    <QueryProvider>
      <Shell />
    </QueryProvider>
  );
}

function Shell() {
  const { t } = useTranslation();
  const [menuOpened, { toggle, close }] = useDisclosure(false);
  const small = useSmallScreen();
  const menu = useMenu();
  // The configuration follows the system parameters of this database, live (R-PARAM-6).
  useServerConfigSync();
  const handleNavigate = small ? close : undefined;

  return (
    <AppShell
      header={{ height: 52 }}
      navbar={{ width: 272, breakpoint: mobileMaxWidthPx, collapsed: { mobile: !menuOpened } }}
      padding="md"
    >
      <AppShell.Header>
        <TopBar menu={menu} small={small} menuOpened={menuOpened} onToggleMenu={toggle} />
      </AppShell.Header>
      <AppShell.Navbar aria-label={t('shell.navigation')}>
        <SideMenu menu={menu} onNavigate={handleNavigate} />
        <Text
          size="xs"
          c="dimmed"
          px="md"
          py={8}
          style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}
        >
          {t('app.version', { version: clientVersion })}
        </Text>
      </AppShell.Navbar>
      <AppShell.Main bg="gray.0" style={{ minWidth: 0 }}>
        <Outlet />
      </AppShell.Main>
      <LogoutConfirmation />
      {/* Bottom-right: at the top they covered the form and board actions a user clicks next. */}
      <Notifications position="bottom-right" limit={4} />
    </AppShell>
  );
}
