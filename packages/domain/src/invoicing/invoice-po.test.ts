import { describe, expect, it } from 'vitest';
import { sharedPoNumber } from './invoice-po';

const line = (ticketId: number | null, customerPoNumber: string) => ({
  ticketId,
  customerPoNumber,
});

describe('R-INV-12: the PO on the invoice header', () => {
  it('is the one PO all the tickets share', () => {
    expect(sharedPoNumber([line(1, 'PO-4471'), line(1, 'PO-4471'), line(2, 'PO-4471 ')])).toBe(
      'PO-4471',
    );
  });

  it('is none when the tickets differ, or some of them have none', () => {
    expect(sharedPoNumber([line(1, 'PO-4471'), line(2, 'PO-4472')])).toBe('');
    expect(sharedPoNumber([line(1, 'PO-4471'), line(2, '')])).toBe('');
    expect(sharedPoNumber([line(1, ''), line(2, '')])).toBe('');
  });

  it('leaves out lines without a ticket (an opening balance), and is none without tickets', () => {
    expect(sharedPoNumber([line(1, 'PO-9'), line(null, '')])).toBe('PO-9');
    expect(sharedPoNumber([line(null, '')])).toBe('');
    expect(sharedPoNumber([])).toBe('');
  });
});
