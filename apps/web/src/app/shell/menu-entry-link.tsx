/**
 * One menu entry: a route link, a classic form opened through the intercom, or a disabled entry
 * (switched off in the catalogue, or a screen this release does not have).
 */
import { NavLink, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { MenuEntry } from '@dispatch/domain/menu/menu-entry';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { openClassicForm } from '../../realtime/classic-link';
import { isEntryOpenable } from '../screens';

export type MenuEntryLinkProps = {
  readonly entry: MenuEntry;
  /** After a route link or classic form was chosen (the mobile drawer closes). */
  readonly onNavigate?: (() => void) | undefined;
};

export function useEntryLabel(entry: MenuEntry): string {
  const { t } = useTranslation();
  return t(entry.translationId, { defaultValue: entry.name });
}

export function MenuEntryLink({ entry, onNavigate }: MenuEntryLinkProps) {
  const { t } = useTranslation();
  const location = useLocation();
  const label = useEntryLabel(entry);

  if (!isEntryOpenable(entry)) {
    return (
      <NavLink
        component="button"
        type="button"
        label={
          <>
            {label}
            <VisuallyHidden> ({t('shell.notBuilt')})</VisuallyHidden>
          </>
        }
        disabled
        aria-disabled="true"
        title={t('shell.notBuilt')}
      />
    );
  }

  if (entry.legacy || entry.path === null) {
    const handleOpenClassic = () => {
      onNavigate?.();
      void openClassicForm(entry).then((opened) =>
        notifications.show({
          color: opened ? 'teal' : 'red',
          message: t(opened ? 'shell.classicOpened' : 'shell.classicNotOpened', { name: label }),
        }),
      );
    };
    return (
      <NavLink
        component="button"
        type="button"
        label={label}
        description={t('shell.classicForm')}
        onClick={handleOpenClassic}
      />
    );
  }

  // A maintenance screen's records live below its path (/customers/maintenance/12).
  const active = location.pathname === entry.path || location.pathname.startsWith(`${entry.path}/`);
  return (
    <NavLink
      component={Link}
      to={entry.path}
      label={label}
      active={active}
      aria-current={active ? 'page' : undefined}
      onClick={onNavigate}
    />
  );
}
