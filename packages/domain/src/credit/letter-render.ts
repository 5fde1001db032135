/**
 * R-CREDIT-9..R-CREDIT-10: a letter template made into one customer's letter. The server renders
 * both the editor's preview and the letters with this one function, so what the clerk previews is
 * what the customer reads. Money and dates are written in the template's language; amounts are
 * masked for a reader whose level hides prices (R-PERM-6).
 */
import type { OpenInvoice } from './receivables';
import { mergeFieldByKey, mergeFieldPattern, mergeFieldProblems } from './merge-fields';
import { productLanguages } from '../languages';

export const letterLanguages = productLanguages;
export type LetterLanguage = (typeof letterLanguages)[number];

/** What one customer's letter says: its merge fields' values. */
export type LetterValues = {
  readonly customerName: string;
  readonly customerNumber: string;
  readonly customerAddress: readonly string[];
  readonly contactName: string;
  readonly balance: number;
  readonly pastDueAmount: number;
  readonly daysPastDue: number;
  readonly creditLimit: number | null;
  readonly overLimitAmount: number;
  readonly creditStatus: string;
  readonly terms: string;
  readonly pastDueInvoices: readonly Pick<
    OpenInvoice,
    'number' | 'invoiceDate' | 'dueDate' | 'openAmount' | 'daysPastDue'
  >[];
  /** YYYY-MM-DD. */
  readonly today: string;
  readonly companyName: string;
  readonly senderName: string;
};

export type LetterTemplateText = { readonly subject: string; readonly body: string };

export type RenderOptions = {
  readonly language: LetterLanguage;
  /** R-PERM-6: amounts are written as `hiddenAmount`. */
  readonly hideAmounts: boolean;
};

export type RenderedLetter = { readonly subject: string; readonly body: string };

/** What stands for an amount the reader may not see. */
export const hiddenAmount = '***';

/** A template naming fields that do not exist (R-CREDIT-8): the problems name them. */
export class MergeFieldError extends Error {
  constructor(readonly problems: readonly { field: string; reason: string }[]) {
    super(problems.map((problem) => `${problem.field} ${problem.reason}`).join('; '));
    this.name = 'MergeFieldError';
  }
}

const locales: Record<LetterLanguage, string> = { en: 'en-US', es: 'es' };

const words = {
  en: {
    noLimit: 'no limit',
    noPastDue: 'No invoice is past due.',
    invoiceLine: (number: string, date: string, due: string, amount: string, days: string) =>
      `Invoice ${number} of ${date}, due ${due}${amount ? `: ${amount}` : ''}, ${days} days past due`,
  },
  es: {
    noLimit: 'sin límite',
    noPastDue: 'Ninguna factura está vencida.',
    invoiceLine: (number: string, date: string, due: string, amount: string, days: string) =>
      `Factura ${number} del ${date}, vencida el ${due}${amount ? `: ${amount}` : ''}, ${days} días de atraso`,
  },
} satisfies Record<LetterLanguage, unknown>;

/** R-CREDIT-13: the words a printed letter adds around its template, in the letter's language. */
export const letterChrome = {
  en: {
    account: 'Account',
    subject: 'Re:',
    closing: 'Sincerely,',
    department: 'Credit Department',
  },
  es: {
    account: 'Cuenta',
    subject: 'Asunto:',
    closing: 'Atentamente,',
    department: 'Departamento de Crédito',
  },
} as const satisfies Record<LetterLanguage, Record<string, string>>;

export type LetterFormats = {
  money(value: number): string;
  date(value: string): string;
  days(value: number): string;
};

/** R-CREDIT-9: "$1,234.56" and "March 5, 2026" in English; "1234,56 US$" and "5 de marzo de 2026" in Spanish. */
export function letterFormats(language: LetterLanguage, hideAmounts = false): LetterFormats {
  const locale = locales[language];
  const money = new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD' });
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' });
  const whole = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
  return {
    money: (value) => (hideAmounts ? hiddenAmount : money.format(value)),
    date: (value) => date.format(new Date(`${value}T00:00:00Z`)),
    days: (value) => whole.format(value),
  };
}

/** Each merge field's value as the letter writes it. */
export function mergeValues(values: LetterValues, options: RenderOptions): Record<string, string> {
  const format = letterFormats(options.language, options.hideAmounts);
  const said = words[options.language];
  const invoices = values.pastDueInvoices.map((invoice) =>
    said.invoiceLine(
      String(invoice.number),
      format.date(invoice.invoiceDate),
      format.date(invoice.dueDate),
      options.hideAmounts ? '' : format.money(invoice.openAmount),
      format.days(invoice.daysPastDue),
    ),
  );
  return {
    customerName: values.customerName,
    customerNumber: values.customerNumber,
    customerAddress: values.customerAddress.join('\n'),
    contactName: values.contactName || values.customerName,
    balance: format.money(values.balance),
    pastDueAmount: format.money(values.pastDueAmount),
    daysPastDue: format.days(values.daysPastDue),
    creditLimit: values.creditLimit === null ? said.noLimit : format.money(values.creditLimit),
    overLimitAmount: format.money(values.overLimitAmount),
    creditStatus: values.creditStatus,
    terms: values.terms,
    pastDueInvoices: invoices.length > 0 ? invoices.join('\n') : said.noPastDue,
    today: format.date(values.today),
    companyName: values.companyName,
    senderName: values.senderName,
  };
}

/** R-CREDIT-8..R-CREDIT-9: the template with its fields filled; refuses an unknown field. */
export function renderLetter(
  template: LetterTemplateText,
  values: LetterValues,
  options: RenderOptions,
): RenderedLetter {
  const problems = [
    ...mergeFieldProblems('subject', template.subject),
    ...mergeFieldProblems('body', template.body),
  ];
  if (problems.length > 0) throw new MergeFieldError(problems);
  const filled = mergeValues(values, options);
  const fill = (text: string) =>
    text.replace(mergeFieldPattern, (_match, key: string) =>
      mergeFieldByKey(key) ? (filled[key] ?? '') : '',
    );
  // A subject is one line: a multi-line value (an address) is joined there.
  return { subject: fill(template.subject).replace(/\s*\n\s*/g, ', '), body: fill(template.body) };
}

/** The body as paragraphs (blank lines part them) of lines, as a letter prints them. */
export function paragraphsOf(body: string): string[][] {
  return body
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n/)
    .map((paragraph) => paragraph.split('\n').map((line) => line.trimEnd()))
    .map((lines) => {
      while (lines.length > 0 && lines[0] === '') lines.shift();
      while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
      return lines;
    })
    .filter((lines) => lines.length > 0);
}
