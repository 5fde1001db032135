/** Choosing from a pick list in the browser as a user does. */
import type { Page } from 'playwright-core';

/**
 * Types to search a pick list and chooses its first option, in the list the input says it
 * controls. Should the list not show (a click that lands while another list is closing, or one
 * that closes a list already open after a reload), the down arrow opens it, as a user would.
 */
export async function pickFirst(page: Page, input: ReturnType<Page['getByRole']>, search: string) {
  await input.click();
  // A list of fixed choices has no search box to type in.
  if (search !== '' || (await input.isEditable())) await input.fill(search);
  const firstOption = async () => {
    const controls = await input.getAttribute('aria-controls');
    return controls ? page.locator(`#${controls}`).getByRole('option').first() : null;
  };
  // A list may also close between showing its option and the click (a reload of its choices):
  // the click gives up after a moment and the down arrow opens the list again.
  for (let attempt = 0; attempt < 4; attempt += 1) {
    const option = await firstOption();
    const shown =
      option !== null &&
      (await option.waitFor({ timeout: 5_000 }).then(
        () => true,
        () => false,
      ));
    if (
      shown &&
      (await option.click({ timeout: 3_000 }).then(
        () => true,
        () => false,
      ))
    ) {
      return;
    }
    // Said aloud, so CI's logs show how often a list closes under the click, and where.
    console.warn(
      `${String(input)} closed before its first option was chosen (attempt ${attempt + 1}) at ${page.url()}`,
    );
    await input.press('ArrowDown');
  }
  throw new Error(`The pick list did not open, or closed before its first option could be chosen.`);
}
