/**
 * R-CONST-14: what a screen reader should hear about a change the eye sees (a truck moved in the
 * yard with Alt+↑/↓). One hidden live region for the whole app; the text is cleared first and set
 * after the live announcer delay, so the same words said twice are heard twice.
 */
import { frameworkDefaults } from '@dispatch/domain/constants';

let region: HTMLElement | null = null;
let pending: ReturnType<typeof setTimeout> | undefined;

function liveRegion(): HTMLElement {
  if (region?.isConnected) return region;
  region = document.createElement('div');
  region.setAttribute('aria-live', 'polite');
  region.setAttribute('aria-atomic', 'true');
  region.dataset.liveAnnouncer = '';
  // Visually hidden, still read.
  Object.assign(region.style, {
    position: 'absolute',
    width: '1px',
    height: '1px',
    overflow: 'hidden',
    clip: 'rect(0 0 0 0)',
    whiteSpace: 'nowrap',
  });
  document.body.append(region);
  return region;
}

export function announce(message: string): void {
  const target = liveRegion();
  target.textContent = '';
  clearTimeout(pending);
  pending = setTimeout(() => {
    target.textContent = message;
  }, frameworkDefaults.liveAnnouncerDelayMs);
}

/** The words last announced (empty while the delay runs): for tests. */
export function lastAnnouncement(): string {
  return region?.textContent ?? '';
}
