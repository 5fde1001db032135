import { describe, expect, it } from 'vitest';
import { orderStatusIds } from '../orders/order-status';
import { truckStatusIds } from '../trucks/truck-status';
import {
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
    expect(loadDispatchRefusal({ ...load, orderStatusId: orderStatusIds.willCall })).toBeNull();
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
