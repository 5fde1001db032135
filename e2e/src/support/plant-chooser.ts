/** The load-scheduling board's plant chooser, worked as a dispatcher does. */
import type { Page } from 'playwright-core';

/**
 * Picks plants in the board's chooser (remembered for the user from then on). A list that closes
 * before its option is clicked is opened again, at most three times, and said in the log: on a
 * busy machine CI once found the option in the page but hidden for 30 s, the list closed under
 * the click. A plant already chosen is not clicked again, which would take it off.
 */
export async function choosePlants(page: Page, names: readonly string[]): Promise<void> {
  const chooser = page.getByRole('combobox', { name: 'Plants' });
  for (const name of names) {
    const option = page.getByRole('option', { name, exact: true });
    for (let attempt = 1; ; attempt += 1) {
      await chooser.click();
      await chooser.fill(name);
      const selected = await option
        .getAttribute('aria-selected', { timeout: 5_000 })
        .catch(() => null);
      if (selected === 'true') break;
      const chosen = await option.click({ timeout: 5_000 }).then(
        () => true,
        () => false,
      );
      if (chosen) break;
      if (attempt === 3)
        throw new Error(`The plant list closed each time before ${name} was chosen`);
      console.warn(`The plant list closed before ${name} was chosen (attempt ${attempt})`);
    }
  }
  await page.keyboard.press('Escape');
}
