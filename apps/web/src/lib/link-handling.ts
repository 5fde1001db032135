/**
 * Link handling (R-LINK-1..5, R-OAUD-6) and the print window (R-PRINT-1..2). The domain decides what a link
 * opens and how big the print window is; this carries it out: navigate, open the classic form, or
 * tell the user.
 */
import { resolveLink } from '@dispatch/domain/links';
import type { MenuEntry } from '@dispatch/domain/menu/menu-entry';
import { planPrintWindow } from '@dispatch/domain/print-window';
import { showOk } from '../components/dialogs/dialog-store';
import { translateMessage, i18n } from './i18n/i18n';
import { logger } from './logger';

export type LinkTargets = {
  /** Goes to a route of the app (the router's navigate). */
  readonly navigate: (path: string) => void;
  /** Opens a classic form through the intercom. */
  readonly openClassic: (entry: MenuEntry) => Promise<unknown>;
};

export type LinkOutcome = 'opened' | 'error' | 'warning' | 'none';

/** Follows a link of the product (an orders/ link, a maintenance path). */
export async function followLink(link: string, targets: LinkTargets): Promise<LinkOutcome> {
  const action = resolveLink(link);
  switch (action.kind) {
    case 'open':
      // R-OAUD-6: `to` carries the record the link names (an order, the audit filtered to it).
      if (action.to !== null) targets.navigate(action.to);
      else await targets.openClassic(action.entry);
      return 'opened';
    case 'error':
      logger.warn(action.message, link.split('?')[0]);
      await showOk({
        title: i18n.t('dialogs.invalidLinkTitle'),
        text: translateMessage(action.message),
      });
      return 'error';
    case 'warning':
      logger.warn(action.message);
      return 'warning';
    case 'none':
      return 'none';
  }
}

/** Opens a .pdf in the print window: 90% of this window's height, its full width. */
export async function openPrintWindow(
  url: string,
  opener: Pick<Window, 'innerHeight' | 'innerWidth' | 'open'> = window,
): Promise<Window | null> {
  const plan = planPrintWindow(url, opener);
  if (!plan.ok) {
    await showOk({ title: i18n.t('dialogs.printTitle'), text: translateMessage(plan.message) });
    return null;
  }
  return opener.open(url, '_blank', `popup=yes,height=${plan.height},width=${plan.width}`);
}
