/**
 * R-VALID-13: an email field may hold a comma-separated list. Each item is trimmed and checked on
 * its own; empty items (a trailing comma, double commas) are ignored rather than reported.
 */
import { z } from 'zod';

const emailSchema = z.email();

export type EmailListResult =
  | { readonly valid: true; readonly emails: readonly string[] }
  | { readonly valid: false; readonly invalid: readonly string[] };

export function isEmailAddress(value: string): boolean {
  return emailSchema.safeParse(value).success;
}

/** The clean list when every item is an email address, otherwise the items that are not. */
export function parseEmailList(csv: string): EmailListResult {
  const items = csv
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
  const invalid = items.filter((item) => !isEmailAddress(item));
  return invalid.length === 0 ? { valid: true, emails: items } : { valid: false, invalid };
}

export function invalidEmailsMessage(invalid: readonly string[]): string {
  return `Invalid email address: ${invalid.join(', ')}`;
}

/** A comma-separated list in, the clean addresses out. */
const emailListSchema = z
  .string()
  .max(2000)
  .transform((csv, ctx) => {
    const result = parseEmailList(csv);
    if (!result.valid) {
      ctx.addIssue({ code: 'custom', message: invalidEmailsMessage(result.invalid), input: csv });
      return z.NEVER;
    }
    return [...result.emails];
  });

/** The same list kept as one string, normalised to 'a@x.com,b@y.com' for storage. */
export const emailCsvSchema = emailListSchema.transform((emails) => emails.join(','));
