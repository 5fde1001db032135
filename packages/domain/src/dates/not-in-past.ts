/**
 * R-VALID-14: a date control flags `notInPast` when its value is before today. Only the calendar
 * day counts, so earlier today is fine. An empty value (blank, or the 1899 empty date, R-VALID-16)
 * and a value that is no date at all are left to the required and date rules.
 *
 * The controls that take it (project decision): the day an order is copied to (R-ORD-24) and the
 * day an external user asks for delivery (R-OREQ-3). Both are days something is still to happen.
 */
import { formatDate } from './date-format';
import { isIsoDateString, parseIsoDate } from './iso-date';

export type NotInPastFlag = { readonly notInPast: true };

/** The field reason of a date before today, as the server names it. */
export const notInPastReason = 'cannot be in the past';

/** The control's own text (the web shows it under an i18n key, with this as its default). */
export const notInPastMessage = 'The date cannot be in the past.';

function dayOf(value: Date | string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value !== 'string') return formatDate(value, 'YYYY-MM-DD');
  if (!isIsoDateString(value)) return null;
  const date = parseIsoDate(value);
  if (date === null) return null;
  // A bare day or a local date-time is that day; a zoned one is its day where the control runs.
  return /^\d{4}-\d{2}-\d{2}(T[^Z+-]*)?$/.test(value)
    ? value.slice(0, 10)
    : formatDate(date, 'YYYY-MM-DD');
}

/** `{ notInPast: true }` when the value's day is before `today`'s, else null. */
export function notInPast(
  value: Date | string | null | undefined,
  today: Date | string,
): NotInPastFlag | null {
  const day = dayOf(value);
  const todayDay = dayOf(today);
  if (day === null || todayDay === null) return null;
  return day < todayDay ? { notInPast: true } : null;
}
