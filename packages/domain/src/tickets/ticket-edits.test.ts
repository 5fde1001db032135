import { describe, expect, it } from 'vitest';
import {
  firstTimeOutOfOrder,
  ticketBatchEditSchema,
  ticketEditSchema,
  ticketLoopTimeFields,
  ticketTimesEditSchema,
  timeOnTicketDay,
} from './ticket-edits';

const at = (hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number);
  return new Date(2026, 2, 10, h, m).toISOString();
};

/** R-TEDIT-7: the loop's stamps never run backwards. */
describe('firstTimeOutOfOrder', () => {
  it('accepts times in loop order, with stamps not yet reached left empty', () => {
    expect(
      firstTimeOutOfOrder({
        ticketDateTime: at('09:50'),
        batchDateTime: at('10:00'),
        loadedDateTime: at('10:10'),
        toJobDateTime: at('10:10'),
        onJobDateTime: null,
        startUnloadDateTime: undefined,
      }),
    ).toBeNull();
  });

  it('names the first stamp earlier than one before it, and that one', () => {
    const problem = firstTimeOutOfOrder({
      ticketDateTime: at('09:50'),
      toJobDateTime: at('10:40'),
      onJobDateTime: at('10:15'),
      startUnloadDateTime: at('10:05'),
    });
    expect(problem).toMatchObject({ field: 'onJobDateTime', after: 'toJobDateTime' });
    expect(problem?.message).toBe('On job 10:15 is before To job 10:40');
  });

  it('compares across an empty stamp, and words it with the names given', () => {
    const names = Object.fromEntries(ticketLoopTimeFields.map((f) => [f, f.toUpperCase()]));
    const problem = firstTimeOutOfOrder(
      { batchDateTime: at('11:00'), loadedDateTime: null, arrivePlantDateTime: at('10:59') },
      names as never,
    );
    expect(problem?.message).toBe('ARRIVEPLANTDATETIME 10:59 is before BATCHDATETIME 11:00');
  });
});

describe('timeOnTicketDay', () => {
  it("puts HH:mm on the ticket's day, past midnight onto the next day", () => {
    expect(timeOnTicketDay(at('09:50'), '10:15')).toBe(at('10:15'));
    expect(timeOnTicketDay(at('23:10'), '00:20')).toBe(new Date(2026, 2, 11, 0, 20).toISOString());
    expect(timeOnTicketDay(at('09:50'), '25:00')).toBeNull();
    expect(timeOnTicketDay(at('09:50'), 'ten')).toBeNull();
  });
});

/** R-TEDIT-1..2, R-TEDIT-5. */
describe('the edit schemas', () => {
  it('require a reason', () => {
    const result = ticketEditSchema.safeParse({ version: 1, reason: '  ' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ path: ['reason'], message: 'is required' });
    expect(ticketEditSchema.parse({ version: 1, reason: ' Wrong PO ' }).reason).toBe('Wrong PO');
  });

  it('refuse voiding through an edit and negative quantities', () => {
    expect(ticketEditSchema.safeParse({ version: 1, reason: 'x', statusId: 5 }).success).toBe(
      false,
    );
    expect(
      ticketEditSchema.safeParse({
        version: 1,
        reason: 'x',
        products: [{ id: 1, quantity: -1 }],
      }).success,
    ).toBe(false);
  });

  it('take each ticket of a batch once, previewing unless told to apply', () => {
    const row = { ticketId: 4, version: 2, price: 120 };
    expect(ticketBatchEditSchema.parse({ changes: [row], reason: 'Price list' }).preview).toBe(
      false,
    );
    const twice = ticketBatchEditSchema.safeParse({ changes: [row, row], reason: 'x' });
    expect(twice.error?.issues[0]?.message).toBe('must name each ticket once');
    expect(ticketBatchEditSchema.safeParse({ changes: [], reason: 'x' }).success).toBe(false);
  });

  it('take only the loop stamps as instants', () => {
    expect(
      ticketTimesEditSchema.safeParse({
        version: 1,
        reason: 'x',
        times: { onJobDateTime: '2026-03-10T10:15:00Z' },
      }).success,
    ).toBe(true);
    expect(
      ticketTimesEditSchema.safeParse({ version: 1, reason: 'x', times: { voidDateTime: null } })
        .success,
    ).toBe(false);
    expect(
      ticketTimesEditSchema.safeParse({
        version: 1,
        reason: 'x',
        times: { onJobDateTime: '10:15' },
      }).error?.issues[0]?.path,
    ).toEqual(['times', 'onJobDateTime']);
  });
});
