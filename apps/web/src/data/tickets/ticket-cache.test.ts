import { describe, expect, it } from 'vitest';
import { ticketSchema } from '@dispatch/domain/tickets/ticket';
import { applyTicketLiveView } from './ticket-cache';
import type { TicketList, TicketRow } from './ticket-queries';

function ticket(id: number, plantId = 1): TicketRow {
  return {
    ...ticketSchema.parse({ id, number: 5000 + id, orderId: 1, plantId, statusId: 1 }),
    ticketDateTime: '2026-11-24T08:00:00.000Z',
    orderNumber: 1001,
    customerName: 'Acme Builders',
    systemTypeId: 1,
    voidedFlag: false,
    voidReason: null,
    billOfLadingNumber: null,
    products: [],
    modifiedAt: '2026-11-24T08:00:00.000Z',
    version: 1,
  };
}

const list = (...rows: TicketRow[]): TicketList => ({
  error: false,
  count: rows.length + 20,
  data: rows,
});
const day = '2026-11-24';

describe('applyTicketLiveView', () => {
  it('patches the ticket in place', () => {
    const before = list(ticket(1), ticket(2));
    const after = applyTicketLiveView(
      before,
      { date: day },
      { id: 2, statusId: 3, orderId: 1, plantId: 1 },
    );
    if (after === 'refetch') throw new Error('expected a patch');
    expect(after.data[1]).toMatchObject({ statusId: 3, number: 5002 });
    expect(after.data[0]).toBe(before.data[0]);
    expect(after.count).toBe(before.count);
  });

  it('leaves the list alone when nothing it holds changed', () => {
    const before = list(ticket(1));
    expect(
      applyTicketLiveView(before, { date: day }, { id: 1, statusId: 1, orderId: 1, plantId: 1 }),
    ).toBe(before);
  });

  it('fetches a ticket it lacks unless its plant is filtered out', () => {
    const event = { id: 9, statusId: 1, orderId: 1, plantId: 2 };
    expect(applyTicketLiveView(list(ticket(1)), { date: day }, event)).toBe('refetch');
    const plantOne = list(ticket(1));
    expect(applyTicketLiveView(plantOne, { date: day, plantIds: [1] }, event)).toBe(plantOne);
  });
});
