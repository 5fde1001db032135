/**
 * R-PERM-10: the one name of a form in messages about it, the web's and the server's alike: the
 * long name its screen is titled with ("Concrete Order Entry", not the menu's short "Concrete"),
 * a classic form's display name, else its number.
 */
import { legacyFormById } from './legacy-forms';
import { menuEntryById } from './menu-catalogue';

export function formNameOf(formId: number): string {
  return menuEntryById(formId)?.longName ?? legacyFormById(formId)?.name ?? `form ${formId}`;
}
