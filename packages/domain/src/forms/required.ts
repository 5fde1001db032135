/**
 * R-VALID-6..12: required and never-null fields. The required-field wording (R-VALID-10) is
 * '<Field label> is required.', built here and nowhere else. The wrapper accepts null and
 * undefined on input (an empty form control) and narrows them away on output, so one schema types
 * the form and the saved value, and the issue lands on the field's own path.
 */
import { z } from 'zod';

export function requiredMessage(label: string): string {
  return `${label} is required.`;
}

/** R-VALID-12's wording for a never-null field: '{entity} contains a null value at {field}'. */
export function nullValueMessage(entity: string, field: string): string {
  return `${entity} contains a null value at ${field}`;
}

/** The field must hold a value; blank text counts as missing. */
export function required<T extends z.ZodType>(schema: T, label: string) {
  return schema.nullish().transform((value, ctx) => {
    const blank = typeof value === 'string' && value.trim() === '';
    if (value === null || value === undefined || blank) {
      ctx.addIssue({ code: 'custom', message: requiredMessage(label), input: value });
      return z.NEVER;
    }
    return value;
  });
}
