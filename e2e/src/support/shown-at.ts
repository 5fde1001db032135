/**
 * When a change first showed in a page, by the page's own clock (the machine's, as the walk's
 * `Date.now()` and the browser's request timings), for the walks that time a live promise.
 *
 * A locator's `waitFor` cannot time it: Playwright looks again after 0, 20, 50, 100 and 100 ms,
 * then every 500 ms, so a change shown 780 ms after the answer is seen about 1,270 ms after it.
 * A clean clone on a slow machine measured the dashboard's second that way: 1,120 ms (ADR 017,
 * nineteenth pass). Polling at each frame marks the next frame instead, which a busy machine
 * holds back (the board once measured 1,084 ms so). A MutationObserver in the page marks the
 * change as the page makes it.
 */
import type { Page } from 'playwright-core';

export type Shown = {
  /**
   * The element that shows the change (a CSS selector), in the page. Not asked whether it is
   * visible: that asks the page for its styles at every change, on a board that changes often.
   */
  readonly selector: string;
  /** Only the first element the selector finds counts (a yard's head). */
  readonly first?: boolean;
  /** Its text: whole, or a regular expression's source that its text matches. */
  readonly text?: string | { readonly pattern: string };
  /** One of its attributes matches a regular expression's source. */
  readonly attribute?: { readonly name: string; readonly pattern: string };
  /** Only inside an element of this selector whose text matches the pattern (a card, a row). */
  readonly within?: { readonly selector: string; readonly pattern: string };
  /** The change is that the element went: the moment none shows any more. */
  readonly gone?: boolean;
};

/**
 * Starts watching `page` for `shown` (every part of it, when a list), before the change is made,
 * and fails if the page shows it already; the answer waits for it and returns the page's
 * `Date.now()` when it first showed (or, for `gone`, when it went).
 */
export async function watchShown(
  page: Page,
  shown: Shown | readonly Shown[],
): Promise<() => Promise<number>> {
  const parts: readonly Shown[] = 'selector' in shown ? [shown] : shown;
  const key = JSON.stringify(parts);
  const watching = await page.evaluate(
    ({ parts, key }) => {
      const matches = (part: Shown, element: Element) => {
        const text = (element.textContent ?? '').trim();
        if (typeof part.text === 'string' && text !== part.text) return false;
        if (typeof part.text === 'object' && !new RegExp(part.text.pattern).test(text)) {
          return false;
        }
        const attribute = part.attribute && element.getAttribute(part.attribute.name);
        if (part.attribute && !new RegExp(part.attribute.pattern).test(attribute ?? '')) {
          return false;
        }
        return true;
      };
      const shows = (part: Shown) => {
        const scopes = part.within
          ? [...document.querySelectorAll(part.within.selector)].filter((scope) =>
              new RegExp(part.within!.pattern).test(scope.textContent ?? ''),
            )
          : [document.documentElement];
        return scopes.some((scope) => {
          const found = [...scope.querySelectorAll(part.selector)];
          return (part.first ? found.slice(0, 1) : found).some((element) => matches(part, element));
        });
      };
      const holds = () => parts.every((part) => shows(part) !== (part.gone ?? false));
      const marks = ((window as unknown as { shownAt?: Record<string, number> }).shownAt ??= {});
      const mark = () => {
        if (!holds()) return false;
        marks[key] = Date.now();
        return true;
      };
      if (holds()) return false;
      const observer = new MutationObserver(() => {
        if (mark()) observer.disconnect();
      });
      observer.observe(document.documentElement, {
        subtree: true,
        childList: true,
        attributes: true,
        characterData: true,
      });
      return true;
    },
    { parts, key },
  );
  // A change already shown would time nothing: the walk watches too late, or for the wrong thing.
  if (!watching) throw new Error(`The page shows this before the change: ${key}`);
  return async () => {
    const at = await page.waitForFunction(
      (key) => (window as unknown as { shownAt?: Record<string, number> }).shownAt?.[key] ?? false,
      key,
      { polling: 100, timeout: 10_000 },
    );
    return (await at.jsonValue()) as number;
  };
}

/**
 * A page's request and the moment its answer reached the browser, where a live bound starts for
 * a change the browser made (the board's drop, pending orders' release): the other screen is to
 * show it within so long of its commit (R-BOARD-31), as the dashboard and the pour page are timed
 * from their answers. From the drop itself, the dispatch's own work (its ticket, its writes)
 * counted too: 2,019 and 1,696 ms in a clean clone on a machine half as fast (ADR 017, nineteenth
 * pass). The browser's own timing, since the test process hears of a response late on a busy
 * machine (750 ms after the other page showed it, once).
 */
export const answered = (page: Page, url: RegExp) =>
  page
    .waitForResponse((response) => url.test(response.url()))
    .then((response) => {
      const timing = response.request().timing();
      return { status: response.status(), at: timing.startTime + timing.responseStart };
    });
