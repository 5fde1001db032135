/**
 * Test builders for the load-board answer (R-BOARD), shared by the domain's, the server's and the
 * web's tests so there is one fixture of each shape. Times are ISO strings; a load's projected
 * cycle is built from its ticket time and minutes per segment.
 */
import type { BoardLoad, BoardOrder, BoardPlant, BoardTruck } from './load-board';

const minuteMs = 60_000;
const iso = (at: number) => new Date(at).toISOString();

/** Minutes each projected segment lasts when a test does not say. */
export const fixtureCycle = { batch: 10, travel: 20, unload: 20, wash: 10, return: 20 } as const;

export function projectedFrom(
  ticketTime: string,
  cycle: {
    batch: number;
    travel: number;
    unload: number;
    wash: number;
    return: number;
  } = fixtureCycle,
): BoardLoad['projected'] {
  const start = Date.parse(ticketTime);
  const loaded = start + cycle.batch * minuteMs;
  const onJob = loaded + cycle.travel * minuteMs;
  const finish = onJob + cycle.unload * minuteMs;
  const washed = finish + cycle.wash * minuteMs;
  return {
    ticketTime: iso(start),
    loadedTime: iso(loaded),
    onJobTime: iso(onJob),
    finishUnloadTime: iso(finish),
    washedTime: iso(washed),
    returnTime: iso(washed + cycle.return * minuteMs),
  };
}

export const noActualTimes: BoardLoad['actual'] = {
  ticketTime: null,
  loadedTime: null,
  toJobTime: null,
  onJobTime: null,
  finishUnloadTime: null,
  toPlantTime: null,
  arrivePlantTime: null,
};

export function boardLoad(
  fields: Partial<BoardLoad> & { id: number; ticketTime?: string },
): BoardLoad {
  const { ticketTime = '2026-11-25T10:00:00.000Z', ...rest } = fields;
  return {
    orderId: 1,
    scheduleId: 1,
    plantId: 1,
    loadNumber: 1,
    quantity: 8,
    statusId: 1,
    ticketId: null,
    ticketNumber: null,
    truckId: null,
    truckNumber: null,
    projected: projectedFrom(ticketTime),
    actual: noActualTimes,
    printFailure: null,
    version: 1,
    ...rest,
  };
}

export function boardOrder(fields: Partial<BoardOrder> & { id: number }): BoardOrder {
  return {
    number: 5000 + fields.id,
    customerName: 'Ace Builders',
    jobDescription: 'Riverside slab',
    jobAddress: '100 Main St',
    plantId: 1,
    systemTypeId: 1,
    orderStatusId: 6,
    willCall: false,
    onHold: false,
    holdReason: null,
    orderFlagId: null,
    dispatchNotes: '',
    productDescription: '30 MPa mix',
    unitOfMeasure: 'm3',
    orderedQuantity: 40,
    deliveredQuantity: 0,
    version: 1,
    confirmedAt: null,
    loads: [],
    pourRequests: [],
    ...fields,
  };
}

export function boardTruck(fields: Partial<BoardTruck> & { id: number }): BoardTruck {
  return {
    plantId: 1,
    truckFlagId: null,
    truckFlag: '',
    statusId: 1,
    identificationNumber: `T${fields.id}`,
    minutes: 0,
    inYardSequenceNum: null,
    statusDescription: 'In yard',
    statusLocation: 'plant',
    statusDateTime: null,
    statusFromGps: false,
    loadId: null,
    orderId: null,
    orderNumber: null,
    ticketNumber: null,
    ...fields,
  };
}

export function boardPlant(fields: Partial<BoardPlant> & { id: number }): BoardPlant {
  return {
    description: `Plant ${fields.id}`,
    systemTypeId: 1,
    trucksAvailable: 0,
    yard: [],
    out: [],
    statusAverages: [],
    ...fields,
  };
}
