/** Choosing from a pick list in the browser as a user does. */
import type { Page } from 'playwright-core';

/** Types to search a pick list and chooses its first option. */
export async function pickFirst(page: Page, input: ReturnType<Page['getByRole']>, search: string) {
  await input.click();
  await input.fill(search);
  const listbox = page.locator(`#${await input.getAttribute('aria-controls')}`);
  const option = listbox.getByRole('option').first();
  await option.waitFor();
  await option.click();
}
