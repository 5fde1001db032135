/** The top bar: menu button (small screens), brand, database, user, connections, version, logout. */
import { Avatar, Badge, Burger, Button, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { clientVersion } from '@dispatch/domain/constants';
import { formatDate } from '@dispatch/domain/dates/date-format';
import { parseIsoDate } from '@dispatch/domain/dates/iso-date';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BrandMark } from '../../components/brand-mark';
import { JobsTray } from '../../components/jobs/jobs-tray';
import { isLanguage, languages } from '../../lib/i18n/i18n';
import { requestLogout, requestLogoutEverywhere, useLogoutState } from '../../session/logout';
import { useSession } from '../../session/session-store';
import { chooseLanguage } from '../../session/user-language';
import { routePaths } from '../route-guard';
import { ConnectionBadges } from './connection-badges';
import { PinButton } from './pin-button';
import type { AppMenu } from './use-menu';

export type TopBarProps = {
  readonly menu: AppMenu;
  readonly small: boolean;
  readonly menuOpened: boolean;
  readonly onToggleMenu: () => void;
};

/** The token's expiry as the user reads it: 'YYYY-MM-DD HH:mm'. */
export function formatExpiry(value: string | null): string | null {
  const date = parseIsoDate(value);
  return date === null ? null : formatDate(date, 'YYYY-MM-DD HH:mm');
}

export function TopBar({ menu, small, menuOpened, onToggleMenu }: TopBarProps) {
  const { t, i18n } = useTranslation();
  const session = useSession();
  const logout = useLogoutState();
  const expiry = formatExpiry(session.status.authTokenExpirationDate);
  const loggingOut = logout.phase === 'checkingDirtyForms' || logout.phase === 'loggingOut';

  return (
    <Group h="100%" px="sm" justify="space-between" wrap="nowrap" gap="sm">
      <Group gap="sm" wrap="nowrap" miw={0}>
        {small ? (
          <Burger
            opened={menuOpened}
            onClick={onToggleMenu}
            size="sm"
            aria-label={menuOpened ? t('shell.closeMenu') : t('shell.openMenu')}
          />
        ) : null}
        <UnstyledButton
          component={Link}
          to={routePaths.home}
          c="petrol.8"
          style={{ display: 'flex', alignItems: 'center', gap: 8 }}
        >
          <BrandMark size={28} />
          <Text fw={700} size="lg" c="petrol.9" visibleFrom="xs">
            {t('app.name')}
          </Text>
        </UnstyledButton>
        {small ? null : (
          <Badge variant="light" radius="sm" size="lg" aria-label={t('shell.database')}>
            {session.status.database}
          </Badge>
        )}
      </Group>
      <Group gap="sm" wrap="nowrap">
        <PinButton menu={menu} />
        {session.status.loggedIn ? <JobsTray /> : null}
        <ConnectionBadges compact={small} />
        <Menu position="bottom-end" width={240} withinPortal>
          <Menu.Target>
            {small ? (
              <Avatar
                component="button"
                type="button"
                size={32}
                color="petrol"
                radius="xl"
                aria-label={`${t('shell.user')}: ${session.status.username}`}
                style={{ cursor: 'pointer', border: 0 }}
              >
                {session.status.username.slice(0, 2).toUpperCase()}
              </Avatar>
            ) : (
              <Button variant="subtle" color="gray" size="sm" aria-label={t('shell.user')}>
                {session.status.username}
              </Button>
            )}
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Label>
              {session.status.username} · {session.status.database}
            </Menu.Label>
            {expiry ? (
              <Text size="xs" c="dimmed" px="sm" pb={6}>
                {t('shell.sessionExpires', { date: expiry })}
              </Text>
            ) : null}
            <Menu.Divider />
            {languages.map((language) => (
              <Menu.Item
                key={language}
                onClick={() => void chooseLanguage(language)}
                fw={isLanguage(i18n.language) && i18n.language === language ? 700 : 400}
              >
                {t(`languages.${language}`)}
              </Menu.Item>
            ))}
            <Menu.Divider />
            <Menu.Item color="red" onClick={requestLogout}>
              {t('shell.logout')}
            </Menu.Item>
            <Menu.Item color="red" onClick={requestLogoutEverywhere}>
              {t('shell.logoutEverywhere')}
            </Menu.Item>
            <Text size="xs" c="dimmed" px="sm" py={6}>
              {t('app.version', { version: clientVersion })}
            </Text>
          </Menu.Dropdown>
        </Menu>
        {small ? null : (
          <Button variant="default" size="sm" onClick={requestLogout} loading={loggingOut}>
            {t('shell.logout')}
          </Button>
        )}
      </Group>
    </Group>
  );
}
