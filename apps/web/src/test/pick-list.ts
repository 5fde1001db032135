/** Choosing from a pick list (a searchable select) as a user does. */
import { waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';

/** The pick list's own dropdown, once it is open. */
export async function openListbox(input: HTMLElement): Promise<HTMLElement> {
  return waitFor(() => {
    const id = input.getAttribute('aria-controls');
    const found = id ? document.getElementById(id) : null;
    if (!found) throw new Error('The pick list did not open');
    return found;
  });
}

/** A pick list searches 200 ms after the last key (R-CONST-14); a little more, to be after it. */
const afterTypeahead = () => new Promise((resolve) => setTimeout(resolve, 250));

/**
 * Type to search, then choose the option from this list's own dropdown. The option is looked for
 * once the search has started: one found in the list shown before it could be gone by the click.
 */
export async function pick(user: UserEvent, input: HTMLElement, search: string, name: string) {
  await user.click(input);
  await user.type(input, search);
  await afterTypeahead();
  const listbox = await openListbox(input);
  await user.click(await within(listbox).findByRole('option', { name, hidden: true }));
}
