/**
 * New-tab links (R-LINK-5): the form's route with its id and enum name, the session's token
 * (the new tab logs in with it, without the form), and whether classic was connected.
 */
import { buildNewTabLink } from '@dispatch/domain/entry-url';
import type { MenuEntry } from '@dispatch/domain/menu/menu-entry';
import { isClassicUsableNow } from '../realtime/classic-usable';
import { getAccessToken } from './access-token';
import { sessionStore } from './session-store';

export function newTabLink(entry: MenuEntry & { readonly path: string }): string | null {
  const token = getAccessToken();
  if (token === null) return null;
  const session = sessionStore.get();
  return buildNewTabLink({
    path: entry.path,
    formId: entry.id,
    formEnum: entry.enumId,
    token,
    username: session.status.username,
    database: session.status.database,
    expiresIn: session.expiresIn,
    adminOnly: session.adminOnly,
    classicConnected: isClassicUsableNow(session.skipMode),
  });
}

export function openInNewTab(entry: MenuEntry & { readonly path: string }): void {
  const link = newTabLink(entry);
  if (link !== null) window.open(link, '_blank', 'noopener');
}
