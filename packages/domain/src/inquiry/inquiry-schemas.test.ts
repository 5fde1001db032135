/** R-INQ-2, R-INQ-3, R-INQ-5, R-INQ-7: the inquiries' queries, list answer and Enter rule. */
import { describe, expect, it } from 'vitest';
import { inquiryCountCap, inquiryListSchema, recordToOpen } from './inquiry-fields';
import { invoiceInquiryExportQuerySchema, invoiceInquiryQuerySchema } from './invoice-inquiry';
import {
  ticketInquiryExportQuerySchema,
  ticketInquiryQuerySchema,
  ticketInquiryRowSchema,
} from './ticket-inquiry';

/** The first problem's field and message, as the server's 400 names them. */
function problem(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  const issue = result.error?.issues[0];
  return issue ? `${issue.path.join('.')}: ${issue.message}` : undefined;
}

describe('R-INQ-2: the ticket inquiry query', () => {
  it('defaults to all history, voided included, newest first, 100 a page', () => {
    expect(ticketInquiryQuerySchema.parse({})).toEqual({
      voided: 'include',
      sort: 'ticketDateTime',
      order: 'desc',
      offset: 0,
      limit: 100,
    });
  });

  it('reads every filter from query-string text', () => {
    expect(
      ticketInquiryQuerySchema.parse({
        number: '501',
        customerId: '12',
        jobId: '7',
        po: '  PO-77 ',
        dateFrom: '2026-03-01',
        dateTo: '2026-03-31',
        plantId: '4',
        truckId: '41',
        productId: '70',
        systemTypeId: '2',
        voided: 'only',
        sort: 'number',
        order: 'asc',
        offset: '200',
        limit: '50',
      }),
    ).toEqual({
      number: 501,
      customerId: 12,
      jobId: 7,
      po: 'PO-77',
      dateFrom: '2026-03-01',
      dateTo: '2026-03-31',
      plantId: 4,
      truckId: 41,
      productId: 70,
      systemTypeId: 2,
      voided: 'only',
      sort: 'number',
      order: 'asc',
      offset: 200,
      limit: 50,
    });
  });

  it.each([
    [{ dateFrom: '2026-03-10', dateTo: '2026-03-09' }, 'dateTo: must not be before dateFrom'],
    [{ dateFrom: '2026-02-30' }, 'dateFrom: must be a real date as YYYY-MM-DD'],
    [{ number: '0' }, 'number: must be at least 1'],
    [{ number: '2.5' }, 'number: must be a whole number'],
    [{ customerId: 'acme' }, 'customerId: must be a number'],
    [{ systemTypeId: '4' }, 'systemTypeId: must be 1, 2 or 3'],
    [{ voided: 'maybe' }, "voided: must be 'include', 'exclude' or 'only'"],
    [{ sort: 'customerName' }, "sort: must be 'ticketDateTime' or 'number'"],
    [{ order: 'up' }, "order: must be 'asc' or 'desc'"],
    [{ limit: '501' }, 'limit: must be at most 500'],
    [{ offset: '-1' }, 'offset: must not be negative'],
    [{ po: 'x'.repeat(51) }, 'po: must be at most 50 characters'],
    [{ po: '  ' }, 'po: must not be blank'],
    [{ po: 'a\0b' }, 'po: must not contain NUL'],
  ])('refuses %o naming the field', (query, expected) => {
    expect(problem(ticketInquiryQuerySchema.safeParse(query))).toBe(expected);
  });

  it('R-INQ-3: exports as CSV unless Excel is asked for, with the same rules', () => {
    expect(ticketInquiryExportQuerySchema.parse({}).format).toBe('csv');
    expect(ticketInquiryExportQuerySchema.parse({ format: 'xlsx' }).format).toBe('xlsx');
    expect(problem(ticketInquiryExportQuerySchema.safeParse({ format: 'pdf' }))).toBe(
      "format: must be 'csv' or 'xlsx'",
    );
    expect(
      problem(
        ticketInquiryExportQuerySchema.safeParse({ dateFrom: '2026-03-02', dateTo: '2026-03-01' }),
      ),
    ).toBe('dateTo: must not be before dateFrom');
  });
});

describe('R-INQ-7: the invoice inquiry query', () => {
  it('defaults to every invoice, newest number first', () => {
    expect(invoiceInquiryQuerySchema.parse({})).toEqual({
      sort: 'number',
      order: 'desc',
      offset: 0,
      limit: 100,
    });
    expect(
      invoiceInquiryQuerySchema.parse({ ticketNumber: '501', kind: 'credit', sort: 'invoiceDate' }),
    ).toMatchObject({ ticketNumber: 501, kind: 'credit', sort: 'invoiceDate' });
  });

  it.each([
    [{ kind: 'draft' }, "kind: must be 'invoice' or 'credit'"],
    [{ sort: 'total' }, "sort: must be 'number' or 'invoiceDate'"],
    [{ ticketNumber: 'x' }, 'ticketNumber: must be a number'],
    [{ dateFrom: '2026-03-12', dateTo: '2026-03-01' }, 'dateTo: must not be before dateFrom'],
  ])('refuses %o naming the field', (query, expected) => {
    expect(problem(invoiceInquiryQuerySchema.safeParse(query))).toBe(expected);
  });

  it('exports with the same query', () => {
    expect(
      invoiceInquiryExportQuerySchema.parse({ format: 'xlsx', kind: 'invoice' }),
    ).toMatchObject({
      format: 'xlsx',
      kind: 'invoice',
    });
    expect(
      problem(
        invoiceInquiryExportQuerySchema.safeParse({ dateFrom: '2026-03-12', dateTo: '2026-03-01' }),
      ),
    ).toBe('dateTo: must not be before dateFrom');
  });
});

describe('R-INQ-3: an inquiry list answer', () => {
  it('is the envelope with whether its count stopped at the cap', () => {
    const list = inquiryListSchema(ticketInquiryRowSchema.pick({ id: true, number: true }));
    expect(
      list.parse({ count: inquiryCountCap, countCapped: true, data: [{ id: 1, number: 501 }] }),
    ).toEqual({ error: false, count: 10_000, countCapped: true, data: [{ id: 1, number: 501 }] });
    expect(list.safeParse({ count: 1, data: [] }).success).toBe(false);
  });

  it('leaves the amount out for levels that hide prices', () => {
    const row = {
      id: 1,
      number: 501,
      ticketDateTime: '2026-03-09T12:30:00.000Z',
      systemTypeId: 1,
      plantId: 4,
      plantName: 'North Yard',
      orderId: 31,
      orderNumber: 100234,
      customerId: 12,
      customerNumber: 'C1',
      customerName: 'Acme Builders',
      jobId: null,
      jobNumber: '',
      customerPoNumber: '',
      truckId: null,
      truckNumber: '',
      productDescription: '3000 PSI',
      quantity: 10,
      unitOfMeasure: 1,
      lineCount: 1,
      statusId: 3,
      voidedFlag: false,
      invoiceId: null,
      invoiceNumber: null,
    };
    expect(ticketInquiryRowSchema.parse(row)).not.toHaveProperty('extendedPrice');
    expect(ticketInquiryRowSchema.parse({ ...row, extendedPrice: 1315 }).extendedPrice).toBe(1315);
  });
});

describe('R-INQ-5: Enter on a typed number', () => {
  it('opens the one record it names, and none when it names several or none', () => {
    expect(recordToOpen([{ id: 7 }])).toBe(7);
    expect(recordToOpen([{ id: 7 }, { id: 9 }])).toBeNull();
    expect(recordToOpen([])).toBeNull();
  });
});
