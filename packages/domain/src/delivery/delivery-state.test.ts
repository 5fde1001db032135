import { describe, expect, it } from 'vitest';
import { loadStatusIds } from '../dispatch/load-status';
import { orderStatusIds } from '../orders/order-status';
import { orderTypeIds } from '../orders/order-types';
import { truckStatusIds } from '../trucks/truck-status';
import {
  deliveredLineQuantity,
  finishesUnloading,
  isOrderFulfilled,
  isPickupOrder,
  loadStatusOf,
  orderStatusAfterDelivery,
  orderStatusOnReopen,
  orderStatusOnSend,
  reopenRefusal,
  returnedQuantityProblem,
  scheduleLinesDelivered,
  ticketStatusAfterStamps,
  ticketStatusOnEntry,
  type TicketProgress,
  type TicketStamps,
} from './delivery-state';
import { isTicketDelivered, ticketStatusIds } from './ticket-status';

const t = (hhmm: string) => `2026-03-10T${hhmm}:00Z`;
const unstamped: TicketStamps = {
  onJobDateTime: null,
  startUnloadDateTime: null,
  finishUnloadDateTime: null,
  arrivePlantDateTime: null,
};
const open: TicketProgress = { ...unstamped, statusId: ticketStatusIds.open, voided: false };

describe('R-DELIV-3: finishing unloading', () => {
  it('is stamped by Washing, the status that stands for it', () => {
    expect(
      finishesUnloading(truckStatusIds.washing, { ...unstamped, onJobDateTime: t('09:10') }),
    ).toBe(true);
  });

  it('is stamped by To plant when the truck skipped Washing', () => {
    const atJob = { ...unstamped, onJobDateTime: t('09:10'), startUnloadDateTime: t('09:15') };
    expect(finishesUnloading(truckStatusIds.toPlant, atJob)).toBe(true);
  });

  it('is stamped by In yard only once the truck had reached the job', () => {
    expect(
      finishesUnloading(truckStatusIds.inYard, { ...unstamped, onJobDateTime: t('09:10') }),
    ).toBe(true);
    // Loaded, then back in the yard without leaving: the load never reached anyone.
    expect(finishesUnloading(truckStatusIds.inYard, unstamped)).toBe(false);
  });

  it('is never stamped twice: the first time stands (whichever comes first)', () => {
    const done = { ...unstamped, finishUnloadDateTime: t('09:40') };
    expect(finishesUnloading(truckStatusIds.washing, done)).toBe(false);
    expect(finishesUnloading(truckStatusIds.toPlant, done)).toBe(false);
  });

  it('is not stamped by the statuses before unloading ends', () => {
    for (const status of [
      truckStatusIds.loading,
      truckStatusIds.loaded,
      truckStatusIds.toJob,
      truckStatusIds.onJob,
      truckStatusIds.unloading,
      truckStatusIds.outOfService,
      truckStatusIds.offDuty,
    ]) {
      expect(finishesUnloading(status, { ...unstamped, onJobDateTime: t('09:10') })).toBe(false);
    }
  });
});

describe('R-DELIV-3, R-DELIV-4: a ticket status follows its stamps, forward only', () => {
  it('stays open until unloading is finished', () => {
    expect(ticketStatusAfterStamps({ ...open, onJobDateTime: t('09:10') })).toBe(
      ticketStatusIds.open,
    );
  });

  it('is delivered when unloading is finished', () => {
    expect(ticketStatusAfterStamps({ ...open, finishUnloadDateTime: t('09:40') })).toBe(
      ticketStatusIds.delivered,
    );
  });

  it('is complete when the truck is back at the plant after delivering', () => {
    const back = { ...open, finishUnloadDateTime: t('09:40'), arrivePlantDateTime: t('10:05') };
    expect(ticketStatusAfterStamps(back)).toBe(ticketStatusIds.complete);
    expect(ticketStatusAfterStamps({ ...back, statusId: ticketStatusIds.delivered })).toBe(
      ticketStatusIds.complete,
    );
  });

  it('does not go back from complete', () => {
    expect(
      ticketStatusAfterStamps({
        ...open,
        statusId: ticketStatusIds.complete,
        finishUnloadDateTime: t('09:40'),
      }),
    ).toBe(ticketStatusIds.complete);
  });

  it('back at the plant without unloading: still open', () => {
    expect(ticketStatusAfterStamps({ ...open, arrivePlantDateTime: t('10:05') })).toBe(
      ticketStatusIds.open,
    );
  });

  it('leaves a voided or suspended ticket as it is', () => {
    const stamped = { finishUnloadDateTime: t('09:40'), arrivePlantDateTime: t('10:05') };
    expect(
      ticketStatusAfterStamps({
        ...open,
        ...stamped,
        statusId: ticketStatusIds.voided,
        voided: true,
      }),
    ).toBe(ticketStatusIds.voided);
    expect(ticketStatusAfterStamps({ ...open, ...stamped, voided: true })).toBe(
      ticketStatusIds.open,
    );
    expect(
      ticketStatusAfterStamps({ ...open, ...stamped, statusId: ticketStatusIds.suspended }),
    ).toBe(ticketStatusIds.suspended);
  });
});

describe('R-DELIV-2: the one definition of delivered', () => {
  it('counts delivered and complete tickets that are not voided', () => {
    expect(isTicketDelivered({ statusId: ticketStatusIds.delivered, voided: false })).toBe(true);
    expect(isTicketDelivered({ statusId: ticketStatusIds.complete, voided: false })).toBe(true);
    expect(isTicketDelivered({ statusId: ticketStatusIds.complete, voided: true })).toBe(false);
    expect(isTicketDelivered({ statusId: ticketStatusIds.open, voided: false })).toBe(false);
    expect(isTicketDelivered({ statusId: ticketStatusIds.suspended, voided: false })).toBe(false);
  });

  it('a line delivers its quantity less what came back, once its ticket is delivered', () => {
    const delivered = { statusId: ticketStatusIds.delivered, voided: false };
    expect(deliveredLineQuantity(delivered, { quantity: 10, unusedQuantity: null })).toBe(10);
    expect(deliveredLineQuantity(delivered, { quantity: 10, unusedQuantity: 1.5 })).toBe(8.5);
    expect(deliveredLineQuantity(delivered, { quantity: 9.75, unusedQuantity: 0.25 })).toBe(9.5);
    expect(deliveredLineQuantity(delivered, { quantity: 10, unusedQuantity: 12 })).toBe(0);
  });

  it('an open or voided ticket delivers nothing', () => {
    const line = { quantity: 10, unusedQuantity: null };
    expect(deliveredLineQuantity({ statusId: ticketStatusIds.open, voided: false }, line)).toBe(0);
    expect(deliveredLineQuantity({ statusId: ticketStatusIds.voided, voided: true }, line)).toBe(0);
  });

  it('a block return line (negative quantity) delivers nothing', () => {
    const complete = { statusId: ticketStatusIds.complete, voided: false };
    expect(deliveredLineQuantity(complete, { quantity: -120, unusedQuantity: null })).toBe(0);
  });
});

describe('R-DELIV-6: returned concrete', () => {
  it('may be none up to the whole load', () => {
    expect(returnedQuantityProblem(0, 10)).toBeNull();
    expect(returnedQuantityProblem(1.5, 10)).toBeNull();
    expect(returnedQuantityProblem(10, 10)).toBeNull();
  });

  it('may not be negative, more than the load, or not a number', () => {
    expect(returnedQuantityProblem(-1, 10)).toBe('must be zero or more');
    expect(returnedQuantityProblem(10.5, 10)).toBe("must not exceed the load's 10");
    expect(returnedQuantityProblem(Number.NaN, 10)).toBe('must be zero or more');
  });
});

describe('R-DELIV-4: a load status follows its ticket', () => {
  const scheduled = { statusId: loadStatusIds.scheduled };
  it('is scheduled without a ticket, ticketed while it is out, delivered once it is', () => {
    expect(loadStatusOf(scheduled, null)).toBe(loadStatusIds.scheduled);
    expect(loadStatusOf(scheduled, { statusId: ticketStatusIds.open, voided: false })).toBe(
      loadStatusIds.ticketed,
    );
    expect(loadStatusOf(scheduled, { statusId: ticketStatusIds.delivered, voided: false })).toBe(
      loadStatusIds.delivered,
    );
    expect(loadStatusOf(scheduled, { statusId: ticketStatusIds.complete, voided: false })).toBe(
      loadStatusIds.delivered,
    );
  });

  it('goes back to scheduled when its ticket is voided, delivered or not', () => {
    const delivered = { statusId: loadStatusIds.delivered };
    expect(loadStatusOf(delivered, { statusId: ticketStatusIds.voided, voided: true })).toBe(
      loadStatusIds.scheduled,
    );
  });

  it('stays cancelled', () => {
    expect(
      loadStatusOf({ statusId: loadStatusIds.cancelled }, { statusId: 2, voided: false }),
    ).toBe(loadStatusIds.cancelled);
  });
});

describe('R-DELIV-7: a schedule line delivers what its tickets delivered of its product', () => {
  it('sums each product over the schedule’s tickets', () => {
    const lines = [
      { id: 11, scheduleId: 1, productId: 100 },
      { id: 12, scheduleId: 1, productId: 200 },
      { id: 21, scheduleId: 2, productId: 100 },
    ];
    const delivered = scheduleLinesDelivered(lines, [
      { scheduleId: 1, productId: 100, deliveredQuantity: 10 },
      { scheduleId: 1, productId: 100, deliveredQuantity: 8.5 },
      { scheduleId: 1, productId: 200, deliveredQuantity: 0.1 },
      { scheduleId: 1, productId: 200, deliveredQuantity: 0.2 },
      { scheduleId: 2, productId: 100, deliveredQuantity: 0 },
      // A ticket's product the schedule does not hold, or a ticket without a schedule.
      { scheduleId: 1, productId: 300, deliveredQuantity: 4 },
      { scheduleId: null, productId: 100, deliveredQuantity: 4 },
    ]);
    expect([...delivered.entries()]).toEqual([
      [11, 18.5],
      [12, 0.3],
      [21, 0],
    ]);
  });

  it('counts a product twice on one schedule on its first line', () => {
    const delivered = scheduleLinesDelivered(
      [
        { id: 12, scheduleId: 1, productId: 100 },
        { id: 11, scheduleId: 1, productId: 100 },
      ],
      [{ scheduleId: 1, productId: 100, deliveredQuantity: 6 }],
    );
    expect(delivered.get(11)).toBe(6);
    expect(delivered.get(12)).toBe(0);
  });
});

describe('R-DELIV-5, R-DELIV-8: the order follows its loads', () => {
  const load = (statusId: number) => ({ statusId });
  const progress = (statuses: number[], ordered: number, delivered: number) => ({
    loads: statuses.map(load),
    orderedQuantity: ordered,
    deliveredQuantity: delivered,
  });
  const { scheduled, ticketed, delivered, cancelled } = loadStatusIds;

  it('sending a load turns to be shipped into shipping, and nothing else', () => {
    expect(orderStatusOnSend(orderStatusIds.toBeShipped)).toBe(orderStatusIds.shipping);
    expect(orderStatusOnSend(orderStatusIds.shipping)).toBe(orderStatusIds.shipping);
    expect(orderStatusOnSend(orderStatusIds.fob)).toBe(orderStatusIds.fob);
    expect(orderStatusOnSend(orderStatusIds.onHold)).toBe(orderStatusIds.onHold);
  });

  it('worked example: 40 yd³ in four loads of 10', () => {
    let status: number = orderStatusIds.toBeShipped;
    status = orderStatusAfterDelivery(
      status,
      progress([ticketed, scheduled, scheduled, scheduled], 40, 0),
    );
    expect(status).toBe(orderStatusIds.shipping);
    status = orderStatusAfterDelivery(
      status,
      progress([delivered, ticketed, scheduled, scheduled], 40, 10),
    );
    expect(status).toBe(orderStatusIds.shipping);
    status = orderStatusAfterDelivery(
      status,
      progress([delivered, delivered, delivered, ticketed], 40, 30),
    );
    expect(status).toBe(orderStatusIds.shipping);
    status = orderStatusAfterDelivery(
      status,
      progress([delivered, delivered, delivered, delivered], 40, 38.5),
    );
    // Every load delivered completes the order though 1.5 yd³ came back.
    expect(status).toBe(orderStatusIds.complete);
  });

  it('completes when the quantity is reached with loads left over', () => {
    expect(isOrderFulfilled(progress([delivered, delivered, scheduled], 20, 20))).toBe(true);
    expect(
      orderStatusAfterDelivery(
        orderStatusIds.shipping,
        progress([delivered, delivered, scheduled], 20, 20),
      ),
    ).toBe(orderStatusIds.complete);
  });

  it('leaves cancelled loads out of "every load delivered"', () => {
    expect(isOrderFulfilled(progress([delivered, cancelled], 20, 10))).toBe(true);
    expect(isOrderFulfilled(progress([cancelled], 20, 0))).toBe(false);
    expect(isOrderFulfilled(progress([], 0, 0))).toBe(false);
  });

  it('a pickup (FOB) order completes too', () => {
    expect(orderStatusAfterDelivery(orderStatusIds.fob, progress([delivered], 22, 22))).toBe(
      orderStatusIds.complete,
    );
    expect(
      orderStatusAfterDelivery(orderStatusIds.fob, progress([delivered, scheduled], 44, 22)),
    ).toBe(orderStatusIds.fob);
  });

  it('held, will-call, stopped and cancelled orders keep their status', () => {
    const all = progress([delivered, delivered], 20, 20);
    for (const status of [
      orderStatusIds.onHold,
      orderStatusIds.willCall,
      orderStatusIds.stopShipping,
      orderStatusIds.cancelled,
      orderStatusIds.deleted,
      orderStatusIds.backOrder,
    ]) {
      expect(orderStatusAfterDelivery(status, all)).toBe(status);
    }
  });

  it('a void never reopens a complete order by itself', () => {
    expect(
      orderStatusAfterDelivery(orderStatusIds.complete, progress([delivered, scheduled], 20, 10)),
    ).toBe(orderStatusIds.complete);
  });
});

describe('R-DELIV-5: pickups and tickets written at the scale', () => {
  it('an order is a pickup by its FOB status or its pickup type', () => {
    expect(
      isPickupOrder({
        orderStatusId: orderStatusIds.fob,
        orderTypeId: orderTypeIds.aggregateDelivery,
      }),
    ).toBe(true);
    expect(
      isPickupOrder({
        orderStatusId: orderStatusIds.toBeShipped,
        orderTypeId: orderTypeIds.aggregatePickup,
      }),
    ).toBe(true);
    expect(
      isPickupOrder({
        orderStatusId: orderStatusIds.toBeShipped,
        orderTypeId: orderTypeIds.blockDelivery,
      }),
    ).toBe(false);
    expect(isPickupOrder({ orderStatusId: orderStatusIds.toBeShipped, orderTypeId: null })).toBe(
      false,
    );
  });

  it('a pickup’s ticket is complete when saved; a delivery on our truck follows the truck', () => {
    expect(ticketStatusOnEntry({ pickup: true, returnFlag: false, fleetTruck: false })).toBe(
      ticketStatusIds.complete,
    );
    expect(ticketStatusOnEntry({ pickup: true, returnFlag: false, fleetTruck: true })).toBe(
      ticketStatusIds.complete,
    );
    expect(ticketStatusOnEntry({ pickup: false, returnFlag: false, fleetTruck: true })).toBe(
      ticketStatusIds.open,
    );
    expect(ticketStatusOnEntry({ pickup: false, returnFlag: false, fleetTruck: false })).toBe(
      ticketStatusIds.complete,
    );
    expect(ticketStatusOnEntry({ pickup: false, returnFlag: true, fleetTruck: true })).toBe(
      ticketStatusIds.complete,
    );
  });
});

describe('R-DELIV-9: reopening a complete order', () => {
  const order = { number: 275, orderStatusId: orderStatusIds.complete };
  it('is allowed only for a complete order', () => {
    expect(reopenRefusal(order)).toBeNull();
    expect(reopenRefusal({ ...order, orderStatusId: orderStatusIds.shipping })).toBe(
      'Order 275 is not complete: only a complete order is reopened.',
    );
  });

  it('goes back to shipping, to be shipped, or FOB', () => {
    const kind = {
      orderStatusId: orderStatusIds.complete,
      orderTypeId: orderTypeIds.concreteDelivery,
    };
    const sent = {
      loads: [{ statusId: loadStatusIds.delivered }],
      orderedQuantity: 10,
      deliveredQuantity: 10,
    };
    const none = {
      loads: [{ statusId: loadStatusIds.scheduled }],
      orderedQuantity: 10,
      deliveredQuantity: 0,
    };
    expect(orderStatusOnReopen(kind, sent)).toBe(orderStatusIds.shipping);
    expect(orderStatusOnReopen(kind, none)).toBe(orderStatusIds.toBeShipped);
    expect(orderStatusOnReopen({ ...kind, orderTypeId: orderTypeIds.aggregatePickup }, sent)).toBe(
      orderStatusIds.fob,
    );
  });
});
