/**
 * Test data for the dashboard, in the shapes the server answers, and a fake API that answers
 * them at the network edge (a stubbed `fetch`), so the tests run the real query and cache code.
 */
import { vi } from 'vitest';
import { plantLiveViewSchema } from '@dispatch/domain/plants/plant-live-view';
import { ticketSchema } from '@dispatch/domain/tickets/ticket';
import { truckResponseSchema } from '@dispatch/domain/trucks/truck-views';
import type { UserGroup } from '@dispatch/domain/users/user-group';
import type { OrderStatusId } from '@dispatch/domain/orders/order-status';
import type { SystemTypeId } from '@dispatch/domain/system-types';
import { truckStatusById, type TruckStatusId } from '@dispatch/domain/trucks/truck-status';
import { units, type UnitId } from '@dispatch/domain/units';
import type { OrderBoardRow } from '../../data/orders/order-queries';
import type { PlantRow } from '../../data/plants/plant-queries';
import type { TicketRow } from '../../data/tickets/ticket-queries';
import type { TruckRow } from '../../data/trucks/truck-queries';

export function group(id: number): UserGroup {
  return { id, userProfileId: 7, groupName: `Group ${id}` };
}

export function plant(id: number, description: string, systemTypeId: SystemTypeId): PlantRow {
  return plantLiveViewSchema.parse({ id, description, systemTypeId, version: 1 });
}

type OrderFields = {
  id: number;
  plantId: number;
  systemTypeId: SystemTypeId;
  orderStatusId: OrderStatusId;
  ordered: number;
  delivered: number;
  shipDate: string;
  unit?: UnitId;
};

export function order(fields: OrderFields): OrderBoardRow {
  return {
    id: fields.id,
    number: 1000 + fields.id,
    orderStatusId: fields.orderStatusId,
    plantId: fields.plantId,
    systemTypeId: fields.systemTypeId,
    customerName: `Customer ${fields.id}`,
    shipDate: fields.shipDate,
    dispatchNotes: '',
    orderFlagId: null,
    firstLoadTime: null,
    jobNumber: `J-${fields.id}`,
    jobAddress: '',
    productDescription: '',
    quantityOrdered: fields.ordered,
    quantityDelivered: fields.delivered,
    unitOfMeasure: fields.unit ?? (fields.systemTypeId === 2 ? units.tons : units.cubicYards),
    loadsTicketed: 0,
    version: 1,
  };
}

export function truck(
  id: number,
  identificationNumber: string,
  plantId: number,
  statusId: TruckStatusId,
  inYardSequenceNum: number | null = null,
): TruckRow {
  const status = truckStatusById(statusId);
  return truckResponseSchema.parse({
    id,
    identificationNumber,
    plantId,
    statusId,
    statusDescription: status.name,
    inYardSequenceNum,
    minutes: 12,
    truckFlag: '',
    currentTicketId: null,
    version: 1,
  });
}

type TicketFields = {
  id: number;
  number: number;
  orderId: number;
  plantId: number;
  truckNumber: string;
  ticketDateTime: string;
  quantity: number;
  customerName: string;
};

export function ticket(fields: TicketFields): TicketRow {
  return {
    ...ticketSchema.parse({
      id: fields.id,
      number: fields.number,
      orderId: fields.orderId,
      plantId: fields.plantId,
      statusId: 1,
      truckNumber: fields.truckNumber,
    }),
    ticketDateTime: fields.ticketDateTime,
    orderNumber: 1000 + fields.orderId,
    customerName: fields.customerName,
    systemTypeId: 1,
    voidedFlag: false,
    voidReason: null,
    billOfLadingNumber: null,
    products: [
      {
        id: fields.id * 10,
        ticketId: fields.id,
        productId: 3,
        quantity: 24,
        deliveredQuantity: 0,
        unusedQuantity: 0,
        slump: null,
        taxableFlag: true,
        unitOfMeasure: units.fluidOz,
        version: 1,
      },
      {
        id: fields.id * 10 + 1,
        ticketId: fields.id,
        productId: 1,
        quantity: fields.quantity,
        deliveredQuantity: fields.quantity,
        unusedQuantity: 0,
        slump: 4,
        taxableFlag: true,
        unitOfMeasure: units.cubicYards,
        version: 1,
      },
    ],
    modifiedAt: fields.ticketDateTime,
    version: 1,
  };
}

export type FakeApiState = {
  groups: UserGroup[];
  plants: PlantRow[];
  orders: OrderBoardRow[];
  trucks: TruckRow[];
  tickets: TicketRow[];
  /** Every ticket of the day; the list answers only the newest few. */
  ticketCount: number;
  /** The day's tickets that count as delivered (asked with their statuses, R-DELIV-2). */
  deliveredCount: number;
  /** Paths (e.g. '/api/v1/orders') answered with this error status instead, once each. */
  failOnce: Map<string, number>;
  /** Paths always answered with this error status. */
  refuse: Map<string, number>;
  /** GET /api/v1/kpis/delivery's answer for a period (R-KPI-1); nothing measured when absent. */
  deliveryKpis?: (period: { from: string; to: string }) => unknown;
  /** GET /api/v1/trucks/map's answer (R-MAP-1); no places and no trucks when absent. */
  truckMap?: unknown;
};

/** R-KPI-1: the figures of a period with nothing to measure, every one null. */
export const noDeliveryFigures = {
  onTimePercent: null,
  stageMinutes: {
    loading: null,
    toJob: null,
    waitOnJob: null,
    unloading: null,
    washing: null,
    toPlant: null,
  },
  truckUtilisationPercent: null,
  quantityPerTruckHour: null,
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** Stubs `fetch` with an API answering `state` as the server would; returns the requested URLs. */
export function stubApi(state: FakeApiState): {
  urls: URL[];
  requestsTo: (path: string) => number;
} {
  const urls: URL[] = [];
  const handler = (input: RequestInfo | URL): Promise<Response> => {
    const url = new URL(input instanceof Request ? input.url : input, 'http://localhost');
    urls.push(url);
    const failure = state.failOnce.get(url.pathname) ?? state.refuse.get(url.pathname);
    if (failure !== undefined) {
      state.failOnce.delete(url.pathname);
      return Promise.resolve(
        json(failure, { message: `The server answered ${failure} for a test.` }),
      );
    }
    const envelope = <T>(data: T[], count = data.length) =>
      json(200, { error: false, count, data });
    switch (url.pathname) {
      case '/api/v1/user/groups':
        return Promise.resolve(envelope(state.groups));
      case '/api/v1/plants/board':
        return Promise.resolve(envelope(state.plants));
      case '/api/v1/orders':
        return Promise.resolve(
          envelope(state.orders.filter((row) => row.shipDate === url.searchParams.get('shipDate'))),
        );
      case '/api/v1/trucks/board':
        return Promise.resolve(envelope(state.trucks));
      case '/api/v1/tickets': {
        const limit = Number(url.searchParams.get('limit') ?? 100);
        if (url.searchParams.get('statusId') === '2,3') {
          return Promise.resolve(envelope(state.tickets.slice(0, limit), state.deliveredCount));
        }
        return Promise.resolve(envelope(state.tickets.slice(0, limit), state.ticketCount));
      }
      case '/api/v1/kpis/delivery': {
        const period = {
          from: url.searchParams.get('from') ?? '',
          to: url.searchParams.get('to') ?? '',
        };
        return Promise.resolve(
          json(200, state.deliveryKpis?.(period) ?? { ...noDeliveryFigures, byPlant: [] }),
        );
      }
      case '/api/v1/trucks/map':
        return Promise.resolve(
          json(
            200,
            state.truckMap ?? {
              tileUrl: null,
              tileAttribution: '',
              plants: [],
              jobs: [],
              trucks: [],
            },
          ),
        );
      default:
        return Promise.resolve(json(404, { message: `No route ${url.pathname}` }));
    }
  };
  vi.stubGlobal('fetch', vi.fn(handler));
  return {
    urls,
    requestsTo: (path) => urls.filter((url) => url.pathname === path).length,
  };
}
