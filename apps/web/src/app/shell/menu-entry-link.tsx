/**
 * One menu entry: a route link (in a new tab with Ctrl, R-LINK-5), a classic form opened through
 * the intercom, or a disabled entry (switched off in the catalogue, or a screen this release does
 * not have).
 */
import { NavLink, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { MenuEntry } from '@dispatch/domain/menu/menu-entry';
import { useTranslation } from 'react-i18next';
import type { MouseEvent } from 'react';
import { Link, useLocation } from 'react-router';
import { openInNewTab } from '../../session/new-tab-link';
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
  const path = entry.path;
  // R-LINK-5: Ctrl (or Cmd, or Shift) with a click or Enter, or the middle button, opens the form
  // in a new tab through a new-tab link: the new tab signs in with this session's token.
  const openNewTab = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    openInNewTab({ ...entry, path });
  };
  return (
    <NavLink
      component={Link}
      to={path}
      label={label}
      active={active}
      aria-current={active ? 'page' : undefined}
      onClick={(event: MouseEvent<HTMLAnchorElement>) => {
        if (event.ctrlKey || event.metaKey || event.shiftKey) openNewTab(event);
        else onNavigate?.();
      }}
      onAuxClick={(event: MouseEvent<HTMLAnchorElement>) => {
        if (event.button === 1) openNewTab(event);
      }}
    />
  );
}
