/** Choosing from a pick list in the browser as a user does. */
import type { Page } from 'playwright-core';

/**
 * Types to search a pick list and chooses its first option. The list is the one the input says
 * it controls once open; should a click land while another list is still closing, the keyboard
 * opens it, as a user would press the down arrow.
 */
export async function pickFirst(page: Page, input: ReturnType<Page['getByRole']>, search: string) {
  await input.click();
  await input.fill(search);
  let controls = await input.getAttribute('aria-controls');
  for (let attempt = 0; !controls && attempt < 50; attempt += 1) {
    if (attempt % 10 === 9) await input.press('ArrowDown');
    await page.waitForTimeout(100);
    controls = await input.getAttribute('aria-controls');
  }
  if (!controls) throw new Error('The pick list did not open.');
  const option = page.locator(`#${controls}`).getByRole('option').first();
  await option.waitFor();
  await option.click();
}
