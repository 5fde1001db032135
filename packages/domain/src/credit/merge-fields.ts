/**
 * R-CREDIT-7: the merge fields a letter template may use, written `{{key}}` in its subject and
 * body, and the check that a template names only these. One list for the server that renders
 * letters and the editor that offers the fields.
 */

/** How a field's value is written: money and dates in the template's language (R-CREDIT-9). */
export type MergeFieldKind = 'text' | 'lines' | 'money' | 'date' | 'days';

export type MergeField = {
  readonly key: string;
  readonly kind: MergeFieldKind;
  /** English label; the web shows `creditLetters.fields.<key>` with this as its default. */
  readonly label: string;
  /** What it holds, for the list the editor offers. */
  readonly hint: string;
};

const field = (key: string, kind: MergeFieldKind, label: string, hint: string): MergeField => ({
  key,
  kind,
  label,
  hint,
});

export const letterMergeFields = [
  field('customerName', 'text', 'Customer name', 'The billing name, else the customer name'),
  field('customerNumber', 'text', 'Customer number', 'The account number'),
  field('customerAddress', 'lines', 'Customer address', 'The billing address, on several lines'),
  field('contactName', 'text', 'Contact', 'The contact, else the customer name'),
  field('balance', 'money', 'Balance', 'Invoices less credits and payments'),
  field(
    'pastDueAmount',
    'money',
    'Amount past due',
    'What is open on invoices past their due date',
  ),
  field('daysPastDue', 'days', 'Days past due', 'Of the oldest past-due invoice'),
  field('creditLimit', 'money', 'Credit limit', 'The customer’s credit limit'),
  field('overLimitAmount', 'money', 'Amount over limit', 'How far the balance is above the limit'),
  field('creditStatus', 'text', 'Credit status', 'Good standing, credit hold, …'),
  field('terms', 'text', 'Terms', 'The customer’s terms, e.g. Net 30'),
  field('pastDueInvoices', 'lines', 'Past-due invoices', 'One line per past-due invoice'),
  field('today', 'date', 'Today’s date', 'The date the letter is produced'),
  field('companyName', 'text', 'Company name', 'Your company, as on invoices'),
  field('senderName', 'text', 'Your name', 'The name of whoever produces the letters'),
] as const satisfies readonly MergeField[];

export type MergeFieldKey = (typeof letterMergeFields)[number]['key'];

const byKey: ReadonlyMap<string, MergeField> = new Map(
  letterMergeFields.map((entry) => [entry.key, entry]),
);

export function mergeFieldByKey(key: string): MergeField | undefined {
  return byKey.get(key);
}

/** `{{ key }}`: letters, digits and dots between double braces, spaces allowed around. */
export const mergeFieldPattern = /\{\{\s*([^{}]*?)\s*\}\}/g;

/** Every `{{…}}` in the text, as written, in order. */
export function mergeFieldsIn(text: string): string[] {
  return [...text.matchAll(mergeFieldPattern)].map((match) => match[1] ?? '');
}

export type MergeFieldProblem = { readonly field: string; readonly reason: string };

/** R-CREDIT-8: a name between `{{ }}` that is not a merge field, named with its part. */
export function unknownMergeFieldProblems(part: string, text: string): MergeFieldProblem[] {
  const unknown = [...new Set(mergeFieldsIn(text).filter((key) => !byKey.has(key)))];
  return unknown.map((key) => ({
    field: part,
    reason: `has an unknown merge field {{${key}}}: choose one from the list of merge fields`,
  }));
}

/** What follows a `{{` that is never closed (up to 20 characters), or null when none is. */
export function unclosedMergeField(text: string): string | null {
  const unclosed = /\{\{(?![^{}]*\}\})([^\n]{0,20})/.exec(text);
  return unclosed ? (unclosed[1] ?? '') : null;
}

/**
 * R-CREDIT-8: what is wrong with the merge fields of a template part (`subject`, `body`): a name
 * that is not a merge field, or `{{` left open. Each problem names the part and the field.
 */
export function mergeFieldProblems(part: string, text: string): MergeFieldProblem[] {
  const unclosed = unclosedMergeField(text);
  return [
    ...unknownMergeFieldProblems(part, text),
    ...(unclosed === null
      ? []
      : [{ field: part, reason: `has "{{${unclosed}" without its closing "}}"` }]),
  ];
}
