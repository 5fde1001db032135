import { describe, expect, it } from 'vitest';
import { createSchemaOf, recordProblems } from '../resources/define';
import { resourceByScreen } from '../resources/registry';
import {
  createPaymentBodySchema,
  creditCandidatesQuerySchema,
  letterRunBodySchema,
  withoutAmounts,
} from './credit-letter-schemas';
import { languageOf, letterTemplateResource } from './letter-templates';

describe('R-CREDIT-11: candidates query', () => {
  it('reads the conditions from the query string', () => {
    expect(
      creditCandidatesQuerySchema.parse({
        overLimit: 'true',
        minDaysPastDue: '30',
        creditStatusIds: '3,4,3',
        search: ' buck ',
      }),
    ).toEqual({
      overLimit: true,
      minDaysPastDue: 30,
      creditStatusIds: [3, 4],
      search: 'buck',
      limit: 500,
    });
  });

  it('names a bad condition', () => {
    const result = creditCandidatesQuerySchema.safeParse({
      minDaysPastDue: '0',
      creditStatusIds: 'x',
    });
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['minDaysPastDue', 'must be at least 1'],
      ['creditStatusIds', 'must be a comma-separated list of ids'],
    ]);
  });
});

describe('R-CREDIT-12: a run', () => {
  it('needs a template and at least one customer, each once', () => {
    expect(letterRunBodySchema.parse({ templateId: 2, customerIds: [5, 5, 6] })).toEqual({
      templateId: 2,
      customerIds: [5, 6],
    });
    expect(
      letterRunBodySchema.safeParse({ templateId: 2, customerIds: [] }).error!.issues[0]!.message,
    ).toBe('choose at least one customer');
  });
});

describe('R-CREDIT-5: a payment', () => {
  it('takes an amount to the cent, more than nothing', () => {
    expect(
      createPaymentBodySchema.parse({ customerId: 1, paymentDate: '2026-03-10', amount: 10.25 }),
    ).toEqual({ customerId: 1, paymentDate: '2026-03-10', amount: 10.25, reference: '' });
    const wrong = (amount: number) =>
      createPaymentBodySchema.safeParse({ customerId: 1, paymentDate: '2026-03-10', amount }).error!
        .issues[0]!.message;
    expect(wrong(0)).toBe('must be more than 0');
    expect(wrong(1.005)).toBe('must be to the cent');
  });
});

describe('R-CREDIT-17: amounts hidden', () => {
  it('leaves out every amount at any depth, and keeps the rest', () => {
    expect(
      withoutAmounts({
        customerName: 'A',
        balance: 1,
        daysPastDue: 3,
        creditLimit: null,
        openInvoices: [{ number: 7, openAmount: 2, total: 3 }],
        payments: [
          { reference: 'Check 1', amount: 4, applications: [{ invoiceNumber: 7, amount: 4 }] },
        ],
        at: new Date(0),
      }),
    ).toEqual({
      customerName: 'A',
      daysPastDue: 3,
      openInvoices: [{ number: 7 }],
      payments: [{ reference: 'Check 1', applications: [{ invoiceNumber: 7 }] }],
      at: new Date(0),
    });
  });
});

describe('R-CREDIT-6..8: letter templates as a resource', () => {
  it('is the Form Letter Maintenance screen, picked from by Form Letters', () => {
    expect(resourceByScreen('FormLetterMaintenance')).toBe(letterTemplateResource);
    expect(letterTemplateResource.pickedBy).toEqual(['FormLetter']);
  });

  it('takes English by default and knows its languages', () => {
    const created = createSchemaOf(letterTemplateResource).parse({
      name: 'Reminder',
      subject: 'Hello',
      body: 'Dear {{contactName}}',
    });
    expect(created).toMatchObject({ languageId: 1, inactiveFlag: false });
    expect(languageOf(2)).toBe('es');
    expect(languageOf(null)).toBe('en');
  });

  it('refuses an unknown merge field in the subject or the body, naming it', () => {
    expect(
      recordProblems(letterTemplateResource, { subject: '{{balanse}}', body: 'Dear {{contact}}' }),
    ).toEqual([
      {
        field: 'subject',
        reason: 'has an unknown merge field {{balanse}}: choose one from the list of merge fields',
      },
      {
        field: 'body',
        reason: 'has an unknown merge field {{contact}}: choose one from the list of merge fields',
      },
    ]);
    expect(recordProblems(letterTemplateResource, {})).toEqual([]);
  });
});
