import type { Page, Request } from 'playwright-core';

/**
 * Does what a user does (a click, a drag) until the page sends its request to `url`: at most
 * twice, 5 s each, with a warning in the log before the second, so CI's output shows it. On a
 * machine busy with two suites and their browsers an act can reach the page and send nothing: a
 * Chromium drag counts a mouse move as a drag only if the page saw dragstart within one task of
 * the move (playwright's setupDragListeners), and a click has once left the quick menu's pin
 * unchanged for 30 s. A user would do it again; an act that never sends still fails.
 */
export async function actSending(
  page: Page,
  url: RegExp,
  act: () => Promise<void>,
  method?: 'POST' | 'PUT' | 'PATCH' | 'DELETE',
): Promise<Request> {
  const sends = (request: Request) =>
    url.test(request.url()) && (method === undefined || request.method() === method);
  for (let attempt = 1; ; attempt++) {
    const sent = page.waitForRequest(sends, { timeout: 5_000 });
    await act();
    try {
      return await sent;
    } catch (error) {
      if (attempt === 2) throw error;
      console.warn(`Nothing was sent to ${url} after the first try; trying again`);
    }
  }
}
