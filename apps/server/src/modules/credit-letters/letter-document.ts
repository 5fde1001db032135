/**
 * One customer's letter, from template to page (R-CREDIT-9..R-CREDIT-13): the merge fields' values
 * from the customer's account, the template rendered by the domain's renderer (the same for the
 * editor's preview and the letters), and the printed letter: letterhead, date, address block,
 * account and subject, body and signature, each letter starting on a page of its own.
 */
import type { Content } from 'pdfmake/interfaces';
import {
  letterChrome,
  letterFormats,
  paragraphsOf,
  renderLetter,
  type LetterLanguage,
  type LetterValues,
  type RenderedLetter,
} from '@dispatch/domain/credit/letter-render';
import { languageOf } from '@dispatch/domain/credit/letter-templates';
import { renderPdf } from '../../pdf/render-pdf';
import type { Letterhead } from '../../pdf/letterhead';
import type { CreditAccount } from './credit-accounts.service';

export type LetterTemplateRow = {
  id: number;
  name: string;
  languageId: number;
  subject: string;
  body: string;
};

export type ComposedLetter = {
  customerId: number;
  customerNumber: string;
  language: LetterLanguage;
  letterDate: string;
  address: string[];
  rendered: RenderedLetter;
  account: CreditAccount;
};

export function letterValuesOf(
  account: CreditAccount,
  context: { letterhead: Letterhead; senderName: string; today: string },
): LetterValues {
  return {
    customerName: account.customerName,
    customerNumber: account.customerNumber,
    // The name heads the address block; the field is the address itself.
    customerAddress: account.address.slice(1),
    contactName: account.contactName,
    balance: account.balance,
    pastDueAmount: account.pastDueAmount,
    daysPastDue: account.daysPastDue,
    creditLimit: account.creditLimit,
    overLimitAmount: account.overLimitAmount,
    creditStatus: account.creditStatus,
    terms: account.terms,
    pastDueInvoices: account.openInvoices.filter((invoice) => invoice.daysPastDue > 0),
    today: context.today,
    companyName: context.letterhead.name,
    senderName: context.senderName,
  };
}

/** R-CREDIT-9: the template filled for one customer (a MergeFieldError names an unknown field). */
export function composeLetter(
  template: Pick<LetterTemplateRow, 'subject' | 'body' | 'languageId'>,
  account: CreditAccount,
  context: { letterhead: Letterhead; senderName: string; today: string; hideAmounts: boolean },
): ComposedLetter {
  const language = languageOf(template.languageId);
  const rendered = renderLetter(template, letterValuesOf(account, context), {
    language,
    hideAmounts: context.hideAmounts,
  });
  return {
    customerId: account.customerId,
    customerNumber: account.customerNumber,
    language,
    letterDate: letterFormats(language).date(context.today),
    address: account.address,
    rendered,
    account,
  };
}

const accent = '#1c3d6e';

/** R-CREDIT-13: one printed letter; every letter after the first starts a new page. */
export function letterContent(
  letter: ComposedLetter,
  context: { letterhead: Letterhead; senderName: string },
  first: boolean,
): Content {
  const words = letterChrome[letter.language];
  const [name, ...addressLines] = letter.address;
  return {
    ...(first ? {} : { pageBreak: 'before' as const }),
    stack: [
      {
        columns: [
          {
            stack: [
              { text: context.letterhead.name, fontSize: 18, bold: true, color: accent },
              ...context.letterhead.lines.map((text) => ({ text, color: '#555555', fontSize: 9 })),
            ],
          },
          {
            width: 'auto',
            text: words.department,
            color: '#666666',
            fontSize: 9,
            alignment: 'right',
            margin: [0, 6, 0, 0],
          },
        ],
      },
      {
        canvas: [{ type: 'line', x1: 0, y1: 0, x2: 532, y2: 0, lineWidth: 1.5, lineColor: accent }],
        margin: [0, 10, 0, 24],
      },
      { text: letter.letterDate, margin: [0, 0, 0, 18] },
      { text: name ?? '', bold: true },
      ...addressLines.map((text) => ({ text })),
      {
        text: `${words.account} ${letter.customerNumber}`,
        color: '#666666',
        fontSize: 9,
        margin: [0, 10, 0, 18],
      },
      {
        text: `${words.subject} ${letter.rendered.subject}`,
        bold: true,
        margin: [0, 0, 0, 14],
      },
      ...paragraphsOf(letter.rendered.body).map((lines) => ({
        text: lines.join('\n'),
        margin: [0, 0, 0, 10] as [number, number, number, number],
        lineHeight: 1.3,
      })),
      {
        unbreakable: true,
        stack: [
          { text: words.closing, margin: [0, 10, 0, 30] },
          { text: context.senderName, bold: true },
          { text: words.department, color: '#444444' },
          { text: context.letterhead.name, color: '#444444' },
        ],
      },
    ],
  };
}

/** R-CREDIT-12..R-CREDIT-13: every letter in one PDF, the producer's contact lines at the foot. */
export async function renderLettersPdf(
  letters: readonly ComposedLetter[],
  context: { letterhead: Letterhead; senderName: string; title: string },
): Promise<Buffer> {
  const footer = [context.letterhead.name, ...context.letterhead.lines].join(' · ');
  return renderPdf({
    title: context.title,
    content: letters.map((letter, index) => letterContent(letter, context, index === 0)),
    footer: () => footer,
  });
}
