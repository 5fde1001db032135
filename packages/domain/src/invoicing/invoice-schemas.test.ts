import { describe, expect, it } from 'vitest';
import {
  createInvoicesBodySchema,
  creditInvoiceBodySchema,
  invoiceCandidatesQuerySchema,
  invoiceListQuerySchema,
} from './invoice-schemas';

describe('flag invoice requests', () => {
  it('R-INV-1: candidates need a real date range; filters are optional ids', () => {
    expect(
      invoiceCandidatesQuerySchema.parse({
        from: '2026-03-01',
        to: '2026-03-09',
        customerId: '4',
        systemTypeId: '2',
      }),
    ).toEqual({ from: '2026-03-01', to: '2026-03-09', customerId: 4, systemTypeId: 2 });
    const backwards = invoiceCandidatesQuerySchema.safeParse({
      from: '2026-03-09',
      to: '2026-03-01',
    });
    expect(backwards.error?.issues[0]?.path).toEqual(['to']);
    expect(
      invoiceCandidatesQuerySchema.safeParse({ from: '2026-02-30', to: '2026-03-01' }).error
        ?.issues[0]?.path,
    ).toEqual(['from']);
    expect(
      invoiceCandidatesQuerySchema.safeParse({
        from: '2026-03-01',
        to: '2026-03-02',
        systemTypeId: 4,
      }).success,
    ).toBe(false);
  });

  it('R-INV-5: invoicing takes distinct ticket ids and a date', () => {
    expect(
      createInvoicesBodySchema.parse({ ticketIds: [3, 3, 4], invoiceDate: '2026-03-10' }),
    ).toEqual({ ticketIds: [3, 4], invoiceDate: '2026-03-10' });
    expect(
      createInvoicesBodySchema.safeParse({ ticketIds: [], invoiceDate: '2026-03-10' }).error
        ?.issues[0]?.message,
    ).toBe('choose at least one ticket');
  });

  it('R-INV-7: a credit needs a reason', () => {
    expect(creditInvoiceBodySchema.parse({ reason: '  Wrong price ' })).toEqual({
      reason: 'Wrong price',
    });
    expect(creditInvoiceBodySchema.safeParse({ reason: '  ' }).error?.issues[0]?.message).toBe(
      'is required',
    );
  });

  it('R-INV-8: the list pages 50 at a time by default', () => {
    expect(invoiceListQuerySchema.parse({})).toEqual({ limit: 50, offset: 0 });
  });
});
