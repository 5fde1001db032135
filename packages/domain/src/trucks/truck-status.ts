import type { TicketTimestampField } from '../tickets/ticket';

/**
 * The truck status catalogue: a truck's day is a loop from the yard to the job and back. Each
 * status a driver or dispatcher sets stamps one time on the truck's current ticket, so ticket
 * times (and the load cycle reports built on them) come from the same clicks that move the board.
 */
export const truckStatuses = [
  {
    id: 1,
    key: 'inYard',
    name: 'In yard',
    location: 'plant',
    ticketTimestamp: 'arrivePlantDateTime',
  },
  { id: 2, key: 'loading', name: 'Loading', location: 'plant', ticketTimestamp: 'batchDateTime' },
  { id: 3, key: 'loaded', name: 'Loaded', location: 'plant', ticketTimestamp: 'loadedDateTime' },
  { id: 4, key: 'toJob', name: 'To job', location: 'road', ticketTimestamp: 'toJobDateTime' },
  { id: 5, key: 'onJob', name: 'On job', location: 'job', ticketTimestamp: 'onJobDateTime' },
  {
    id: 6,
    key: 'unloading',
    name: 'Unloading',
    location: 'job',
    ticketTimestamp: 'startUnloadDateTime',
  },
  {
    id: 7,
    key: 'washing',
    name: 'Washing',
    location: 'job',
    ticketTimestamp: 'finishUnloadDateTime',
  },
  { id: 8, key: 'toPlant', name: 'To plant', location: 'road', ticketTimestamp: 'toPlantDateTime' },
  { id: 9, key: 'outOfService', name: 'Out of service', location: 'plant', ticketTimestamp: null },
  { id: 10, key: 'offDuty', name: 'Off duty', location: 'plant', ticketTimestamp: null },
] as const satisfies readonly {
  id: number;
  key: string;
  name: string;
  location: 'plant' | 'road' | 'job';
  ticketTimestamp: TicketTimestampField | null;
}[];

export type TruckStatus = (typeof truckStatuses)[number];
export type TruckStatusId = TruckStatus['id'];
export type TruckStatusKey = TruckStatus['key'];

export const truckStatusIds = Object.fromEntries(
  truckStatuses.map((status) => [status.key, status.id]),
) as { [K in TruckStatusKey]: Extract<TruckStatus, { key: K }>['id'] };

export function isTruckStatusId(value: unknown): value is TruckStatusId {
  return truckStatuses.some((status) => status.id === value);
}

export function truckStatusById(id: TruckStatusId): TruckStatus {
  const found = truckStatuses.find((status) => status.id === id);
  if (!found) throw new RangeError(`Unknown truck status ${String(id)}`);
  return found;
}

/** A truck in one of these is available to the dispatcher for the next load. */
export function isAvailableForLoad(id: TruckStatusId): boolean {
  return id === truckStatusIds.inYard;
}

/** A truck between loading and returning is working a ticket; its status stamps that ticket. */
export function isOnTicket(id: TruckStatusId): boolean {
  return truckStatusById(id).ticketTimestamp !== null && id !== truckStatusIds.inYard;
}
