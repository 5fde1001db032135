/**
 * R-ORD-26: the fields order entry must mark as required, read from the save rules themselves
 * (R-VALID-6..9 as `orderEntrySchema` applies them), so a form's asterisks and its save check
 * cannot disagree. Paths are the save body's, with a schedule's or a line's position as `N`:
 * `customerId`, `schedules.N.schedule.loadIntervalTime`, `schedules.N.extraProducts.N.productId`.
 */
import { isSystemTypeId, type SystemTypeId } from '../system-types';
import { fieldLabels } from '../forms/field-labels';
import { requiredMessage } from '../forms/required';
import { orderEntrySchema, productLineEntrySchema, scheduleEntrySchema } from './order-entry';

/** A form path as `requiredOrderEntryFields` names it: every position becomes `N`. */
export function requiredFieldPattern(path: string): string {
  return path.replace(/(^|\.)\d+(?=\.|$)/g, '$1N');
}

function requiredMessageOf(field: PropertyKey | undefined): string | null {
  if (typeof field !== 'string' || !(field in fieldLabels)) return null;
  return requiredMessage(fieldLabels[field as keyof typeof fieldLabels]);
}

const cache = new Map<SystemTypeId, ReadonlySet<string>>();

/** Every field of a shape emptied, as a form's cleared controls send it. */
const emptied = (shape: object, systemTypeId: SystemTypeId) => ({
  ...Object.fromEntries(Object.keys(shape).map((key) => [key, null])),
  systemTypeId,
});

/**
 * Every field an order of the system type cannot be saved without: an order with one schedule
 * and one extra line, every field of it emptied (null), is checked, and each field refused as missing is
 * named. Schedules and lines are tagged with the system type (the form sets it, never the user).
 */
export function requiredOrderEntryFields(systemTypeId: SystemTypeId): ReadonlySet<string> {
  const known = cache.get(systemTypeId);
  if (known) return known;
  if (!isSystemTypeId(systemTypeId)) throw new RangeError(`No system type ${String(systemTypeId)}`);
  const line = emptied(productLineEntrySchema.shape, systemTypeId);
  const empty = {
    ...emptied(orderEntrySchema.shape, systemTypeId),
    schedules: [
      {
        schedule: emptied(scheduleEntrySchema.shape, systemTypeId),
        primaryProduct: line,
        extraProducts: [line],
      },
    ],
  };
  const parsed = orderEntrySchema.safeParse(empty);
  const fields = new Set<string>();
  for (const issue of parsed.error?.issues ?? []) {
    if (issue.message === requiredMessageOf(issue.path.at(-1))) {
      fields.add(requiredFieldPattern(issue.path.join('.')));
    }
  }
  cache.set(systemTypeId, fields);
  return fields;
}
