/**
 * The contractor's pour page's own start (issue 27): a link opened on a phone on site, with no
 * account, gets the page and nothing of the office app.
 */
export const pourPathPrefix = '/pour/';

/** The token of a pour page address, or null for any other address. */
export function pourTokenOf(pathname: string): string | null {
  if (!pathname.startsWith(pourPathPrefix)) return null;
  const token = decodeURIComponent(pathname.slice(pourPathPrefix.length).split('/')[0] ?? '');
  return token === '' ? null : token;
}

/** `started`: the configuration's start-up (start-up.ts), begun before this code loaded. */
export async function startPour(
  container: HTMLElement,
  token: string,
  started: Promise<unknown>,
): Promise<void> {
  const [{ startPourPage }] = await Promise.all([
    import('../features/pour-page/pour-standalone'),
    started,
  ]);
  await startPourPage(container, token);
}
