import { describe, expect, it } from 'vitest';
import { ticketStatusIds } from '../delivery/ticket-status';
import { at, kpiTicket } from './kpi-fixtures';
import { instantOf } from './kpi-ticket';
import { firstLoadOf, isOnTime, onTimeByPlant, onTimeGraceMinutes } from './on-time';

const day = { from: '2026-03-10', to: '2026-03-10' };
const date = (value: string) => instantOf(value) as Date;

describe('R-KPI-2: the grace', () => {
  it('is five minutes', () => {
    expect(onTimeGraceMinutes).toBe(5);
  });

  it('counts early, on the dot and exactly at the grace edge as on time', () => {
    expect(isOnTime(date(at('08:00')), date(at('07:45')))).toBe(true);
    expect(isOnTime(date(at('08:00')), date(at('08:00')))).toBe(true);
    // 08:00 asked + 5 minutes grace = 08:05: arriving at 08:05:00 is still on time.
    expect(isOnTime(date(at('08:00')), date(at('08:05')))).toBe(true);
  });

  it('counts a second past the grace edge as late', () => {
    expect(isOnTime(date(at('08:00')), date(at('08:05:01')))).toBe(false);
    expect(isOnTime(date(at('08:00')), date(at('08:12')))).toBe(false);
  });

  it('takes another grace when given one', () => {
    expect(isOnTime(date(at('08:00')), date(at('08:12')), 15)).toBe(true);
  });
});

describe('R-KPI-2: the first load of an order', () => {
  it('is the earliest On job stamp, whichever truck was written first', () => {
    // Truck 11 was written first but truck 12 passed it: the customer saw concrete at 08:20.
    const first = firstLoadOf([
      kpiTicket({ plantId: 1, ticketDateTime: at('07:30'), onJobDateTime: at('08:25') }),
      kpiTicket({ plantId: 2, ticketDateTime: at('07:40'), onJobDateTime: at('08:20') }),
    ]);
    expect(first).toEqual({ plantId: 2, arrival: date(at('08:20')) });
  });

  it('is unknown when a ticket written earlier has no On job stamp', () => {
    // The 07:30 truck may have arrived before 08:20 without its driver saying so.
    expect(
      firstLoadOf([
        kpiTicket({ ticketDateTime: at('07:30') }),
        kpiTicket({ ticketDateTime: at('07:40'), onJobDateTime: at('08:20') }),
      ]),
    ).toBeNull();
  });

  it('does not wait for later tickets without the stamp', () => {
    const first = firstLoadOf([
      kpiTicket({ ticketDateTime: at('07:30'), onJobDateTime: at('08:10') }),
      kpiTicket({ ticketDateTime: at('08:30') }),
    ]);
    expect(first?.arrival).toEqual(date(at('08:10')));
  });

  it('is unknown with no tickets or none stamped On job (a pickup, say)', () => {
    expect(firstLoadOf([])).toBeNull();
    expect(firstLoadOf([kpiTicket({ finishUnloadDateTime: at('08:40') })])).toBeNull();
  });

  it('leaves voided tickets out, stamped or not', () => {
    const first = firstLoadOf([
      kpiTicket({ ticketDateTime: at('07:00'), voided: true, onJobDateTime: at('07:50') }),
      kpiTicket({ ticketDateTime: at('07:10'), statusId: ticketStatusIds.voided }),
      kpiTicket({ ticketDateTime: at('07:30'), onJobDateTime: at('08:10') }),
    ]);
    expect(first?.arrival).toEqual(date(at('08:10')));
  });

  it('ignores a written time it cannot read rather than guess it was earlier', () => {
    const first = firstLoadOf([
      kpiTicket({ ticketDateTime: '' }),
      kpiTicket({ ticketDateTime: at('07:30'), onJobDateTime: at('08:10') }),
    ]);
    expect(first?.arrival).toEqual(date(at('08:10')));
  });
});

describe('R-KPI-2: on-time first loads per plant', () => {
  it('worked example: on time, late, and at the grace edge', () => {
    const orders = [
      { id: 100, firstLoadTime: at('08:00') },
      { id: 200, firstLoadTime: at('09:00') },
      { id: 300, firstLoadTime: at('10:10') },
    ];
    const tickets = [
      // Order 100 from plant 1: 08:03 <= 08:00 + 5 → on time.
      kpiTicket({ orderId: 100, plantId: 1, onJobDateTime: at('08:03') }),
      // Its second load arrives late, but only the first load counts.
      kpiTicket({ orderId: 100, plantId: 1, onJobDateTime: at('09:30') }),
      // Order 200 from plant 2: 09:10 > 09:05 → late.
      kpiTicket({ orderId: 200, plantId: 2, onJobDateTime: at('09:10') }),
      // Order 300 from plant 2: 10:15 = 10:10 + 5 → on time, on the edge.
      kpiTicket({ orderId: 300, plantId: 2, onJobDateTime: at('10:15') }),
    ];
    // Plant 1: 1 of 1; plant 2: 1 of 2.
    expect(onTimeByPlant(orders, tickets, day)).toEqual(
      new Map([
        [1, { numerator: 1, denominator: 1 }],
        [2, { numerator: 1, denominator: 2 }],
      ]),
    );
  });

  it('counts an order on the day it was asked for, even when its load came the next day', () => {
    const orders = [{ id: 100, firstLoadTime: at('23:50') }];
    const tickets = [kpiTicket({ orderId: 100, onJobDateTime: at('00:20', '2026-03-11') })];
    expect(onTimeByPlant(orders, tickets, day).get(1)).toEqual({ numerator: 0, denominator: 1 });
    // The next day's figure does not count it again.
    expect(onTimeByPlant(orders, tickets, { from: '2026-03-11', to: '2026-03-11' }).size).toBe(0);
  });

  it('leaves out orders with no asked time, none known, or asked for outside the period', () => {
    const orders = [
      { id: 100, firstLoadTime: null },
      { id: 200, firstLoadTime: at('09:00') },
      { id: 300, firstLoadTime: at('09:00', '2026-03-09') },
      { id: 400, firstLoadTime: new Date(2026, 2, 10, 9, 0) },
    ];
    const tickets = [
      kpiTicket({ orderId: 100, onJobDateTime: at('08:00') }),
      kpiTicket({ orderId: 200 }),
      kpiTicket({ orderId: 300, onJobDateTime: at('09:00', '2026-03-09') }),
      // A Date, as the server reads the column, counts like its ISO string.
      kpiTicket({ orderId: 400, onJobDateTime: new Date(2026, 2, 10, 9, 4) }),
    ];
    expect(onTimeByPlant(orders, tickets, day)).toEqual(
      new Map([[1, { numerator: 1, denominator: 1 }]]),
    );
  });
});
