import { describe, expect, it } from 'vitest';
import {
  invoicedTicketMessage,
  invoicesToMake,
  invoicingProblem,
  orderFullyInvoiced,
  type TicketForInvoicing,
} from './invoice-selection';

const ticket = (overrides: Partial<TicketForInvoicing> = {}): TicketForInvoicing => ({
  id: 1,
  number: 1001,
  statusId: 3,
  voided: false,
  invoiceNumber: null,
  ticketDate: '2026-03-09',
  lines: [{ price: 120 }],
  ...overrides,
});

describe('R-INV-2: which tickets may be invoiced', () => {
  it('takes a delivered or complete, priced ticket not on an invoice', () => {
    expect(invoicingProblem(ticket())).toBeNull();
    expect(invoicingProblem(ticket({ statusId: 2 }), '2026-03-09')).toBeNull();
  });

  it('refuses each other ticket with its reason', () => {
    expect(invoicingProblem(ticket({ voided: true }))).toEqual({
      kind: 'voided',
      message: 'Ticket 1001 is voided.',
    });
    expect(invoicingProblem(ticket({ invoiceNumber: 7 }))).toEqual({
      kind: 'invoiced',
      message: 'Ticket 1001 is on invoice 7; issue a credit first.',
    });
    expect(invoicingProblem(ticket({ statusId: 1 }))?.kind).toBe('notDelivered');
    expect(invoicingProblem(ticket({ statusId: 4 }))?.kind).toBe('notDelivered');
    expect(invoicingProblem(ticket({ lines: [] }))?.kind).toBe('noLines');
    expect(invoicingProblem(ticket({ lines: [{ price: 120 }, { price: null }] }))).toEqual({
      kind: 'unpriced',
      message: 'Ticket 1001 has a product without a price.',
    });
    expect(invoicingProblem(ticket({ ticketDate: '2026-03-10' }), '2026-03-09')).toEqual({
      kind: 'beforeDelivery',
      message: 'Ticket 1001 was delivered on 2026-03-10, after the invoice date.',
    });
  });

  it('R-INV-3: names the ticket and its invoice when a change is refused', () => {
    expect(invoicedTicketMessage(52, 1004)).toBe(
      'Ticket 52 is on invoice 1004; issue a credit first.',
    );
  });
});

describe('R-INV-5: one invoice per customer', () => {
  it('groups by customer in name order, tickets by date then number', () => {
    const row = (customerId: number, customerName: string, number: number, ticketDate: string) => ({
      customerId,
      customerName,
      number,
      ticketDate,
    });
    const groups = invoicesToMake([
      row(2, 'Zephyr Paving', 10, '2026-03-09'),
      row(1, 'Acme Builders', 12, '2026-03-09'),
      row(1, 'Acme Builders', 11, '2026-03-09'),
      row(1, 'Acme Builders', 30, '2026-03-08'),
      row(3, 'Acme Builders', 5, '2026-03-09'),
    ]);
    expect(groups.map((group) => [group.customerId, group.tickets.map((t) => t.number)])).toEqual([
      [1, [30, 11, 12]],
      [3, [5]],
      [2, [10]],
    ]);
  });
});

describe('R-INV-6: an order counts as invoiced', () => {
  it('once every ticket not voided is invoiced and nothing is left to deliver', () => {
    const invoiced = { voided: false, invoiced: true };
    const open = { voided: false, invoiced: false };
    const voided = { voided: true, invoiced: false };
    expect(orderFullyInvoiced({ tickets: [invoiced, voided], loadsToDeliver: 0 })).toBe(true);
    expect(orderFullyInvoiced({ tickets: [invoiced, open], loadsToDeliver: 0 })).toBe(false);
    expect(orderFullyInvoiced({ tickets: [invoiced], loadsToDeliver: 1 })).toBe(false);
    expect(orderFullyInvoiced({ tickets: [voided], loadsToDeliver: 0 })).toBe(false);
    expect(orderFullyInvoiced({ tickets: [], loadsToDeliver: 0 })).toBe(false);
  });
});
