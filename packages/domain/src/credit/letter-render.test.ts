import { describe, expect, it } from 'vitest';
import {
  hiddenAmount,
  letterFormats,
  MergeFieldError,
  mergeValues,
  paragraphsOf,
  renderLetter,
  type LetterValues,
} from './letter-render';
import {
  letterMergeFields,
  mergeFieldByKey,
  mergeFieldProblems,
  mergeFieldsIn,
} from './merge-fields';

const values: LetterValues = {
  customerName: 'Buckeye Builders',
  customerNumber: '10042',
  customerAddress: ['PO Box 12', 'Columbus, OH 43215'],
  contactName: 'Dana Ortiz',
  balance: 12345.6,
  pastDueAmount: 4500,
  daysPastDue: 45,
  creditLimit: 10_000,
  overLimitAmount: 2345.6,
  creditStatus: 'Credit hold',
  terms: 'Net 30',
  pastDueInvoices: [
    {
      number: 1042,
      invoiceDate: '2026-01-05',
      dueDate: '2026-02-04',
      openAmount: 4500,
      daysPastDue: 35,
    },
  ],
  today: '2026-03-11',
  companyName: 'Scioto Valley Materials',
  senderName: 'Maria Lopez',
};

const en = { language: 'en', hideAmounts: false } as const;
const es = { language: 'es', hideAmounts: false } as const;

describe('R-CREDIT-7..8: merge fields', () => {
  it('lists the fields a letter needs, each once', () => {
    const keys = letterMergeFields.map((field) => field.key);
    expect(new Set(keys).size).toBe(keys.length);
    for (const key of [
      'customerName',
      'customerNumber',
      'customerAddress',
      'contactName',
      'balance',
      'pastDueAmount',
      'daysPastDue',
      'creditLimit',
      'overLimitAmount',
      'creditStatus',
      'terms',
      'today',
      'companyName',
    ]) {
      expect(mergeFieldByKey(key), key).toBeDefined();
    }
  });

  it('finds every {{field}} as written, spaces allowed inside the braces', () => {
    expect(mergeFieldsIn('Dear {{ contactName }}, you owe {{balance}}.')).toEqual([
      'contactName',
      'balance',
    ]);
  });

  it('refuses an unknown field, naming it, and a {{ left open', () => {
    expect(mergeFieldProblems('body', 'Dear {{contactName}}')).toEqual([]);
    expect(mergeFieldProblems('body', 'You owe {{amountDue}} and {{amountDue}}.')).toEqual([
      {
        field: 'body',
        reason:
          'has an unknown merge field {{amountDue}}: choose one from the list of merge fields',
      },
    ]);
    expect(mergeFieldProblems('subject', 'Account {{customerNum')).toEqual([
      { field: 'subject', reason: 'has "{{customerNum" without its closing "}}"' },
    ]);
  });
});

describe('R-CREDIT-9: rendering a letter', () => {
  it('fills every field in English: $1,234.56 and March 11, 2026', () => {
    const letter = renderLetter(
      {
        subject: 'Account {{customerNumber}}: {{pastDueAmount}} past due',
        body: [
          'Dear {{contactName}},',
          '',
          '{{customerName}}, {{customerAddress}}',
          'Balance {{balance}}, limit {{creditLimit}}, over by {{overLimitAmount}}.',
          'Oldest {{daysPastDue}} days; status {{creditStatus}}; terms {{terms}}.',
          '{{pastDueInvoices}}',
          '{{today}} — {{companyName}}, {{senderName}}',
        ].join('\n'),
      },
      values,
      en,
    );
    expect(letter.subject).toBe('Account 10042: $4,500.00 past due');
    expect(letter.body).toBe(
      [
        'Dear Dana Ortiz,',
        '',
        'Buckeye Builders, PO Box 12\nColumbus, OH 43215',
        'Balance $12,345.60, limit $10,000.00, over by $2,345.60.',
        'Oldest 45 days; status Credit hold; terms Net 30.',
        'Invoice 1042 of January 5, 2026, due February 4, 2026: $4,500.00, 35 days past due',
        'March 11, 2026 — Scioto Valley Materials, Maria Lopez',
      ].join('\n'),
    );
  });

  it('writes Spanish dates and money in a Spanish template', () => {
    const letter = renderLetter(
      { subject: 'Saldo {{balance}}', body: '{{today}}: {{pastDueInvoices}} / {{creditLimit}}' },
      values,
      es,
    );
    expect(letter.subject).toBe('Saldo 12.345,60\u00a0US$');
    expect(letter.body).toBe(
      '11 de marzo de 2026: Factura 1042 del 5 de enero de 2026, vencida el 4 de febrero de 2026: ' +
        '4500,00\u00a0US$, 35 días de atraso / 10.000,00\u00a0US$',
    );
  });

  it('masks every amount for a reader whose level hides prices (R-PERM-6)', () => {
    const letter = renderLetter(
      { subject: '{{balance}}', body: '{{pastDueAmount}} {{creditLimit}} {{pastDueInvoices}}' },
      values,
      { language: 'en', hideAmounts: true },
    );
    expect(letter.subject).toBe(hiddenAmount);
    expect(letter.body).toBe(
      `${hiddenAmount} ${hiddenAmount} Invoice 1042 of January 5, 2026, due February 4, 2026, 35 days past due`,
    );
    expect(letter.body).not.toMatch(/\$/);
  });

  it('says when there is no limit, nothing past due, and falls back to the customer for a contact', () => {
    const plain = { ...values, creditLimit: null, pastDueInvoices: [], contactName: '' };
    expect(mergeValues(plain, en)).toMatchObject({
      creditLimit: 'no limit',
      pastDueInvoices: 'No invoice is past due.',
      contactName: 'Buckeye Builders',
    });
    expect(mergeValues(plain, es)).toMatchObject({
      creditLimit: 'sin límite',
      pastDueInvoices: 'Ninguna factura está vencida.',
    });
  });

  it('keeps a subject on one line', () => {
    expect(renderLetter({ subject: 'To {{customerAddress}}', body: '' }, values, en).subject).toBe(
      'To PO Box 12, Columbus, OH 43215',
    );
  });

  it('refuses a template naming an unknown field, with the problems (R-CREDIT-8)', () => {
    const render = () => renderLetter({ subject: 'Hi', body: 'Owe {{owed}}' }, values, en);
    expect(render).toThrow(MergeFieldError);
    expect(render).toThrow(/body has an unknown merge field \{\{owed\}\}/);
    try {
      render();
    } catch (error) {
      expect((error as MergeFieldError).problems).toEqual([
        {
          field: 'body',
          reason: 'has an unknown merge field {{owed}}: choose one from the list of merge fields',
        },
      ]);
    }
  });

  it('formats days as whole numbers in the language', () => {
    expect(letterFormats('en').days(1234)).toBe('1,234');
    expect(letterFormats('es').days(12345)).toBe('12.345');
  });
});

describe('R-CREDIT-13: paragraphs', () => {
  it('parts a body at blank lines and keeps line breaks inside a paragraph', () => {
    expect(paragraphsOf('\n\nDear Dana,\r\n\r\nLine one\nLine two  \n \n\nBye\n\n')).toEqual([
      ['Dear Dana,'],
      ['Line one', 'Line two'],
      ['Bye'],
    ]);
  });
});
