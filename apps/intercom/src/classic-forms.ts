import {
  legacyFormById,
  legacyFormCatalogue,
  type LegacyForm,
} from '@dispatch/domain/menu/legacy-forms';
import { notAClassicForm } from './intercom-messages';

/** What the classic application shows for an opened form. */
export type ClassicFormIdentity = {
  readonly formId: number | null;
  readonly enumId: string | null;
  readonly name: string;
};

export type ClassicFormLookup =
  | { readonly ok: true; readonly form: ClassicFormIdentity }
  | { readonly ok: false; readonly message: string };

/** Enum names match ignoring case, as .NET's Enum.Parse(type, name, ignoreCase) does. */
const byLowerEnumId = new Map(legacyFormCatalogue.map((form) => [form.enumId.toLowerCase(), form]));

/**
 * OpenForm takes a numeric id (60101 or "60101") or an enum name ("LegacyConcreteOrderEntry"),
 * and null when it is neither. Known forms take their catalogue name; unknown ones still open,
 * since the classic application has forms the web catalogue does not list. Non-legacy entries
 * are refused: they are web screens, and a client sending one has a bug worth seeing.
 */
export function lookUpClassicForm(idOrEnumId: unknown): ClassicFormLookup | null {
  if (typeof idOrEnumId === 'number') return lookUpById(idOrEnumId);
  if (typeof idOrEnumId !== 'string' || idOrEnumId.trim() === '') return null;
  const text = idOrEnumId.trim();
  if (/^\d+$/.test(text)) return lookUpById(Number(text));
  const known = byLowerEnumId.get(text.toLowerCase());
  return known
    ? fromCatalogue(known)
    : { ok: true, form: { formId: null, enumId: text, name: text } };
}

function lookUpById(id: number): ClassicFormLookup | null {
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  const known = legacyFormById(id);
  return known
    ? fromCatalogue(known)
    : { ok: true, form: { formId: id, enumId: null, name: `Form ${id}` } };
}

function fromCatalogue(form: LegacyForm): ClassicFormLookup {
  return form.legacy
    ? { ok: true, form: { formId: form.id, enumId: form.enumId, name: form.name } }
    : { ok: false, message: notAClassicForm(form.id, form.name) };
}
