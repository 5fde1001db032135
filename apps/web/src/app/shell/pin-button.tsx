/**
 * Pins the screen the user is on to their quick menu, or unpins it (R-MENU-15). Shown only on
 * screens the quick menu offers. The saved list comes back and the user's other tabs get it over
 * the hub (quickLaunchFormUpdate_v1).
 */
import { ActionIcon, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { quickMenuSchema, isPinnable, togglePinned } from '@dispatch/domain/menu/quick-menu';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { apiRequest } from '../../lib/api-client';
import { queryClient } from '../../lib/query-client';
import { sessionKeys } from '../../session/session-queries';
import { setQuickLaunchFormIds } from '../../session/session-store';
import { useEntryLabel } from './menu-entry-link';
import type { AppMenu } from './use-menu';
import type { MenuEntry } from '@dispatch/domain/menu/menu-entry';

/** The menu entry whose screen is open: its path, or a record below it (`/jobs/maintenance/12`). */
function currentEntry(menu: AppMenu, pathname: string): MenuEntry | undefined {
  return menu.sections
    .flatMap((section) => section.entries)
    .find(
      (entry) =>
        entry.path !== null && (pathname === entry.path || pathname.startsWith(`${entry.path}/`)),
    );
}

export function PinButton({ menu }: { menu: AppMenu }) {
  const { pathname } = useLocation();
  const entry = currentEntry(menu, pathname);
  if (!entry || !isPinnable(entry)) return null;
  return <PinToggle key={entry.id} entry={entry} shown={menu.quick.map((item) => item.id)} />;
}

function PinToggle({ entry, shown }: { entry: MenuEntry; shown: number[] }) {
  const { t } = useTranslation();
  const name = useEntryLabel(entry);
  const [saving, setSaving] = useState(false);
  const pinned = shown.includes(entry.id);
  const label = t(pinned ? 'shell.unpin' : 'shell.pin', { name });

  const toggle = async () => {
    setSaving(true);
    try {
      const answer = await apiRequest(
        'PUT',
        '/api/v1/user/quick-menu',
        {
          formIds: togglePinned(shown, entry.id),
        },
        quickMenuSchema,
      );
      setQuickLaunchFormIds(answer.formIds);
      queryClient.setQueryData(sessionKeys.quickMenu(), answer.formIds);
    } catch (error) {
      notifications.show({
        color: 'red',
        message: error instanceof Error ? error.message : String(error),
      });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Tooltip label={label}>
      <ActionIcon
        variant={pinned ? 'light' : 'subtle'}
        color={pinned ? 'yellow' : 'gray'}
        size="lg"
        aria-label={label}
        aria-pressed={pinned}
        loading={saving}
        onClick={() => void toggle()}
      >
        <StarIcon filled={pinned} />
      </ActionIcon>
    </Tooltip>
  );
}

/** A five-pointed star, filled when the screen is pinned. */
function StarIcon({ filled }: { filled: boolean }) {
  return (
    <svg
      aria-hidden
      width={20}
      height={20}
      viewBox="0 0 24 24"
      fill={filled ? 'currentColor' : 'none'}
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinejoin="round"
    >
      <path d="M12 17.75l-6.172 3.245l1.179 -6.873l-5 -4.867l6.9 -1l3.086 -6.253l3.086 6.253l6.9 1l-5 4.867l1.179 6.873z" />
    </svg>
  );
}
