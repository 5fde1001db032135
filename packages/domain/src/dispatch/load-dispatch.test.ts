import { describe, expect, it } from 'vitest';
import { orderStatusIds } from '../orders/order-status';
import { truckFlagIds } from '../trucks/truck-flags';
import { truckStatusIds } from '../trucks/truck-status';
import { boardLoad, boardOrder, boardPlant, boardTruck } from './load-board-fixtures';
import {
  boardLoadRefusal,
  boardTruckRefusal,
  loadDispatchRefusal,
  truckDispatchRefusal,
  type DispatchLoad,
  type DispatchTruck,
} from './load-dispatch';
import { loadStatusIds } from './load-status';

const load: DispatchLoad = {
  loadNumber: 3,
  statusId: loadStatusIds.scheduled,
  orderNumber: 275,
  orderStatusId: orderStatusIds.toBeShipped,
  ticket: null,
};
const truck: DispatchTruck = {
  identificationNumber: '12',
  statusId: truckStatusIds.inYard,
  inactiveFlag: false,
  plantId: 1,
  plantName: 'North',
  truckFlagId: null,
  currentTicket: null,
};
const north = { id: 1, name: 'North' };

describe('R-DISP-3: which load may be dispatched', () => {
  it('sends a scheduled load of a shipping order', () => {
    expect(loadDispatchRefusal(load)).toBeNull();
  });

  it('names the ticket and truck that already took the load', () => {
    expect(loadDispatchRefusal({ ...load, ticket: { number: 88309, truckNumber: '7' } })).toEqual({
      code: 'load_taken',
      message: 'Load 3 of order 275 already has ticket 88309 on truck 7.',
    });
    expect(
      loadDispatchRefusal({ ...load, ticket: { number: 88309, truckNumber: null } })?.message,
    ).toBe('Load 3 of order 275 already has ticket 88309.');
  });

  it('refuses cancelled, delivered and ticketed loads', () => {
    const message = (statusId: number) => loadDispatchRefusal({ ...load, statusId })?.message;
    expect(message(loadStatusIds.cancelled)).toBe('Load 3 of order 275 is cancelled.');
    expect(message(loadStatusIds.delivered)).toBe('Load 3 of order 275 is delivered.');
    expect(message(loadStatusIds.ticketed)).toBe('Load 3 of order 275 is already ticketed.');
  });

  it('refuses the loads of an order that is not shipping', () => {
    expect(loadDispatchRefusal({ ...load, orderStatusId: orderStatusIds.onHold })).toEqual({
      code: 'order_not_shipping',
      message: 'Order 275 is on hold: its loads are not sent.',
    });
    expect(loadDispatchRefusal({ ...load, orderStatusId: 42 })?.message).toBe(undefined);
  });

  it('names why a held order waits when the reason is known', () => {
    const held = { ...load, orderStatusId: orderStatusIds.onHold };
    expect(loadDispatchRefusal({ ...held, holdReason: 'Credit limit exceeded' })?.message).toBe(
      'Order 275 is on hold (Credit limit exceeded): its loads are not sent.',
    );
    expect(loadDispatchRefusal({ ...held, holdReason: null })?.message).toBe(
      'Order 275 is on hold: its loads are not sent.',
    );
    // Only a hold has a hold reason to give.
    expect(
      loadDispatchRefusal({
        ...load,
        orderStatusId: orderStatusIds.stopShipping,
        holdReason: 'Credit limit exceeded',
      })?.message,
    ).toBe('Order 275 is stop shipping: its loads are not sent.');
  });
});

describe('R-DISP-12: a will-call order is called in first', () => {
  it('refuses its loads until it is called in from Pending Orders', () => {
    expect(loadDispatchRefusal({ ...load, orderStatusId: orderStatusIds.willCall })).toEqual({
      code: 'order_will_call',
      message: 'Order 275 is will call: call it in from Pending Orders first.',
    });
    // A load already sent says so first: calling the order in would not send it again.
    expect(
      loadDispatchRefusal({
        ...load,
        orderStatusId: orderStatusIds.willCall,
        ticket: { number: 88309, truckNumber: '7' },
      })?.code,
    ).toBe('load_taken');
  });
});

describe('R-DISP-4: which truck may take a load', () => {
  it('takes a truck in the yard of the load plant, or with no plant', () => {
    expect(truckDispatchRefusal(truck, north)).toBeNull();
    expect(truckDispatchRefusal({ ...truck, plantId: null, plantName: null }, north)).toBeNull();
  });

  it('names the ticket and order a busy truck is on', () => {
    const busy = { ...truck, currentTicket: { number: 88310, orderNumber: 275 } };
    expect(truckDispatchRefusal({ ...busy, statusId: truckStatusIds.loading }, north)).toEqual({
      code: 'truck_busy',
      message: 'Truck 12 is already loading ticket 88310 for order 275.',
    });
    expect(truckDispatchRefusal({ ...busy, statusId: truckStatusIds.toJob }, north)?.message).toBe(
      'Truck 12 is already on ticket 88310 for order 275 (to job).',
    );
    expect(truckDispatchRefusal({ ...busy, statusId: null }, north)?.message).toBe(
      'Truck 12 is already on ticket 88310 for order 275.',
    );
  });

  it('says why a truck is unavailable', () => {
    const message = (changes: Partial<DispatchTruck>) =>
      truckDispatchRefusal({ ...truck, ...changes }, north)?.message;
    expect(message({ inactiveFlag: true })).toBe('Truck 12 is inactive.');
    expect(message({ statusId: truckStatusIds.outOfService })).toBe('Truck 12 is out of service.');
    expect(message({ statusId: truckStatusIds.offDuty })).toBe('Truck 12 is off duty.');
    expect(message({ statusId: truckStatusIds.toPlant })).toBe(
      'Truck 12 is not in the yard (to plant).',
    );
    expect(message({ statusId: null })).toBe('Truck 12 is not in the yard (has no status yet).');
    expect(message({ statusId: 99 })).toBe('Truck 12 is not in the yard (has no status yet).');
  });

  it('refuses a truck waiting at another plant', () => {
    expect(truckDispatchRefusal({ ...truck, plantId: 2, plantName: 'South' }, north)).toEqual({
      code: 'truck_elsewhere',
      message: 'Truck 12 is in the yard at South, not at North.',
    });
    expect(truckDispatchRefusal({ ...truck, plantId: 2, plantName: null }, north)?.message).toBe(
      'Truck 12 is in the yard at plant 2, not at North.',
    );
  });
});

describe('R-DISP-13: a truck flagged needs wash', () => {
  const dirty = { ...truck, truckFlagId: truckFlagIds.needsWash };

  it('is sent only once the dispatcher confirms', () => {
    expect(truckDispatchRefusal(dirty, north)).toEqual({
      code: 'truck_needs_wash',
      message: 'Truck 12 is flagged needs wash: confirm to send it as it is.',
    });
    expect(truckDispatchRefusal(dirty, north, { confirmNeedsWash: true })).toBeNull();
    // Other flags ask nothing.
    expect(truckDispatchRefusal({ ...truck, truckFlagId: truckFlagIds.lowFuel }, north)).toBeNull();
  });

  it('asks for no confirmation a refusal makes pointless', () => {
    expect(truckDispatchRefusal({ ...dirty, plantId: 2, plantName: 'South' }, north)?.code).toBe(
      'truck_elsewhere',
    );
    expect(
      truckDispatchRefusal({ ...dirty, statusId: truckStatusIds.outOfService }, north)?.code,
    ).toBe('truck_unavailable');
  });
});

describe('R-BOARD-36..38: the board asks before it sends', () => {
  const plants = [
    boardPlant({ id: 1, description: 'North' }),
    boardPlant({ id: 2, description: 'South' }),
  ];

  it('says why a load of the board is not sent, with a held order reason', () => {
    const waiting = boardLoad({ id: 1, loadNumber: 2 });
    expect(boardLoadRefusal(boardOrder({ id: 1 }), waiting)).toBeNull();
    expect(
      boardLoadRefusal(
        boardOrder({
          id: 1,
          orderStatusId: orderStatusIds.onHold,
          onHold: true,
          holdReason: 'Over credit limit',
        }),
        waiting,
      ),
    ).toEqual({
      code: 'order_not_shipping',
      message: 'Order 5001 is on hold (Over credit limit): its loads are not sent.',
    });
    expect(
      boardLoadRefusal(
        boardOrder({ id: 2, orderStatusId: orderStatusIds.willCall, willCall: true }),
        waiting,
      )?.code,
    ).toBe('order_will_call');
    const sent = boardLoad({
      id: 3,
      statusId: loadStatusIds.ticketed,
      ticketId: 70,
      ticketNumber: 700,
      truckNumber: 'T14',
    });
    expect(boardLoadRefusal(boardOrder({ id: 1 }), sent)?.message).toBe(
      'Load 1 of order 5001 already has ticket 700 on truck T14.',
    );
  });

  it('names the yard a truck from another plant waits in', () => {
    const fromSouth = boardTruck({ id: 21, identificationNumber: 'S21', plantId: 2 });
    expect(boardTruckRefusal(fromSouth, plants[0]!, plants)).toEqual({
      code: 'truck_elsewhere',
      message: 'Truck S21 is in the yard at South, not at North.',
    });
    expect(boardTruckRefusal(fromSouth, plants[1]!, plants)).toBeNull();
  });

  it('asks to confirm a truck that needs washing, and names the load a truck is on', () => {
    const dirty = boardTruck({ id: 11, identificationNumber: 'T11', truckFlagId: 1 });
    expect(boardTruckRefusal(dirty, plants[0]!, plants)?.code).toBe('truck_needs_wash');
    expect(boardTruckRefusal(dirty, plants[0]!, plants, { confirmNeedsWash: true })).toBeNull();
    const out = boardTruck({
      id: 14,
      identificationNumber: 'T14',
      statusId: truckStatusIds.onJob,
      orderNumber: 5009,
      ticketNumber: 700,
    });
    expect(boardTruckRefusal(out, plants[0]!, plants)?.message).toBe(
      'Truck T14 is already on ticket 700 for order 5009 (on job).',
    );
  });
});
