/**
 * R-ORD-3..5, R-BOARD-4, R-BOARD-7 through the API on each engine: an order saved by order entry
 * and the board answer one plan, the domain's (`projectLoads`, `plannedLoadTimes`), spaced by the
 * schedule's load interval; a truck running ahead of that plan pulls no load earlier than the
 * customer asked for it, nor a ticket time before the order existed, until a dispatcher saves an
 * earlier first load time.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadBoardSchema, type BoardOrder } from '@dispatch/domain/dispatch/load-board';
import {
  plannedLoadTimes,
  projectLoads,
  type LoadProjectionInput,
} from '@dispatch/domain/orders/load-projection';
import { truckStatusIds } from '@dispatch/domain/trucks/truck-status';
import { plants } from '../../db/schema/plants';
import { loads } from '../../db/schema/tickets';
import { listenToDispatch, settle, type DispatchListener } from '../../../test/dispatch-listener';
import {
  addUsers,
  concreteOrderBody,
  concreteSchedule,
  concreteScheduleTimes,
  type Json,
} from '../../../test/order-fixtures';
import { callerOf, createTestApp, type TestApp } from '../../../test/test-app';
import { databaseKinds } from '../../../test/test-tenancy';
import { addTruck, buildDispatchWorld, type DispatchWorld } from '../../../test/dispatch-fixtures';

const all = [1001, 1002, 1003];
const at = (time: string) => new Date(`2026-03-10T${time}:00Z`);
const clock = (iso: string | null | undefined) => iso?.slice(11, 16);

type Load = { id: number; loadNumber: number; onJobTime: string | null; ticketId: number | null };
type Order = Json & {
  id: number;
  version: number;
  createdAt: string;
  schedules: { schedule: Json & { numberOfLoads: number | null } }[];
  loads: Load[];
};

/**
 * 60 yd in 10 yd loads at 30 yd/h (a load every 20 minutes by the rate) with 15 typed as the
 * interval; the fixture's times: 20 minutes out, 18 back, 15 unloading, 10 washing at the job.
 */
const plan = {
  firstLoadOnJobTime: '2026-03-10T14:00:00.000Z',
  quantity: 60,
  loadSize: 10,
  quantityPerHour: 30,
  loadIntervalTime: 15,
};

describe.each(databaseKinds)('one load plan for order entry and the board on %s', (kind) => {
  let t: TestApp;
  let world: DispatchWorld;
  let events: DispatchListener;
  const tokens: Record<string, string> = {};
  const call = callerOf(() => t, tokens, 'dispatcher');

  const body = (schedule: Partial<typeof plan> = {}): Json => {
    const wanted = { ...plan, ...schedule };
    return concreteOrderBody(
      {
        customerId: world.customerId,
        plantId: world.plants.concrete,
        customerPoNumber: 'PO-PLAN',
        jobId: world.jobId,
        shipDate: '2026-03-10',
      },
      {
        schedules: [
          concreteSchedule(
            {
              plantId: world.plants.concrete,
              productId: world.products.mix,
              firstLoadOnJobTime: wanted.firstLoadOnJobTime,
              quantity: wanted.quantity,
              loadSize: wanted.loadSize,
            },
            {
              quantityPerHour: wanted.quantityPerHour,
              loadIntervalTime: wanted.loadIntervalTime,
              numberOfTrucks: 5,
            },
          ),
        ],
      },
    );
  };
  const create = async (schedule: Partial<typeof plan> = {}) => {
    const response = await call('POST', '/api/v1/orders', 'dispatcher', body(schedule));
    expect(response.statusCode, response.body).toBe(201);
    return response.json<Order>();
  };
  const read = async (id: number) => {
    const response = await call('GET', `/api/v1/orders/${id}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Order>();
  };
  /** The order as read, sent back with its schedule changed as a dispatcher changes it. */
  const changeSchedule = async (order: Order, changes: Json) => {
    const [form] = order.schedules;
    const response = await call('PUT', `/api/v1/orders/${order.id}`, 'dispatcher', {
      ...order,
      schedules: [{ ...form, schedule: { ...form!.schedule, ...changes } }],
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Order>();
  };
  const boardOrder = async (orderId: number, from = '13:00', to = '18:00') => {
    const response = await call(
      'GET',
      `/api/v1/load-board?from=${at(from).toISOString()}&to=${at(to).toISOString()}&plantIds=${world.plants.concrete}`,
    );
    expect(response.statusCode, response.body).toBe(200);
    const answer = loadBoardSchema.parse(response.json());
    return answer.orders.find((order) => order.id === orderId);
  };
  /** What the domain projects for the schedule as order entry states it. */
  const projectionOf = (schedule: Partial<typeof plan> = {}): LoadProjectionInput => {
    const wanted = { ...plan, ...schedule };
    return {
      firstLoadOnJobTime: wanted.firstLoadOnJobTime,
      totalQuantity: wanted.quantity,
      loadSize: wanted.loadSize,
      quantityPerHour: wanted.quantityPerHour,
      loadIntervalTime: wanted.loadIntervalTime,
      travelTimeToJob: concreteScheduleTimes.travelTimeToJob,
      travelTimeToPlant: concreteScheduleTimes.travelTimeToPlant,
      onJobWaitMinutes: concreteScheduleTimes.onJobWaitMinutes,
      onJobWashMinutes: concreteScheduleTimes.onJobWashMinutes,
      batchMinutes: 8,
      plantWashMinutes: 5,
    };
  };
  const onJobTimes = (order: Pick<Order, 'loads'>) =>
    [...order.loads]
      .sort((a, b) => a.loadNumber - b.loadNumber)
      .map((load) => clock(load.onJobTime));

  beforeAll(async () => {
    t = await createTestApp(kind);
    world = await buildDispatchWorld(t.db);
    // Ticket 33 minutes before the job: 8 batching, 5 washing in the yard, 20 on the road.
    await t.db
      .update(plants)
      .set({ batchTime: 8, inYardWashTime: 5 })
      .where(eq(plants.id, world.plants.concrete));
    await addUsers(t, tokens, [['dispatcher', all, { 15000: 5, 51001: 5, 50401: 5 }]]);
    events = await listenToDispatch(await t.tenancy.open(t.database));
  });
  afterAll(async () => {
    await events.stop();
    await t.close();
  });
  beforeEach(() => {
    events.clear();
    t.clock.now = at('12:00');
  });

  it('stores and boards the loads every 15 minutes typed, as the domain projects them (not every 20 by the rate)', async () => {
    const order = await create();
    const projection = projectLoads(projectionOf());
    expect(projection.loads.map((load) => clock(load.onJobTime))).toEqual([
      '14:00',
      '14:15',
      '14:30',
      '14:45',
      '15:00',
      '15:15',
    ]);
    // The stored loads are the projection's.
    expect(onJobTimes(order)).toEqual(projection.loads.map((load) => clock(load.onJobTime)));
    expect(order.schedules[0]!.schedule.numberOfLoads).toBe(projection.numberOfLoads);

    // The board answers each load's cycle as the domain plans it: ticket, arrival and return
    // exactly as order entry's schedule card shows them, and the segments between.
    const onBoard = (await boardOrder(order.id))!;
    const boarded = [...onBoard.loads].sort((a, b) => a.loadNumber - b.loadNumber);
    expect(boarded.map((load) => load.loadNumber)).toEqual([1, 2, 3, 4, 5, 6]);
    for (const [index, load] of boarded.entries()) {
      const projected = projection.loads[index]!;
      expect(load.projected).toMatchObject({
        ticketTime: projected.ticketTime,
        onJobTime: projected.onJobTime,
        returnTime: projected.returnTime,
      });
      expect(load.projected).toEqual(
        plannedLoadTimes({
          ...projectionOf(),
          loadNumber: load.loadNumber,
          onJobTime: null,
          firstLoadOnJobTime: new Date(plan.firstLoadOnJobTime),
        }),
      );
    }
  });

  it('places a load without a stored time by the interval too', async () => {
    const order = await create();
    const before = (await boardOrder(order.id))!;
    await t.db.update(loads).set({ onJobTime: null }).where(eq(loads.orderId, order.id));
    const after = (await boardOrder(order.id))!;
    const times = (board: BoardOrder) =>
      [...board.loads].sort((a, b) => a.loadNumber - b.loadNumber).map((load) => load.projected);
    expect(times(after)).toEqual(times(before));
  });

  it('projects the loads again when only the interval changes', async () => {
    const order = await create();
    const changed = await changeSchedule(order, { loadIntervalTime: 12 });
    expect(onJobTimes(changed)).toEqual(
      projectLoads(projectionOf({ loadIntervalTime: 12 })).loads.map((load) =>
        clock(load.onJobTime),
      ),
    );
    expect(onJobTimes(changed)).toEqual(['14:00', '14:12', '14:24', '14:36', '14:48', '15:00']);
    const notice = await events.next('loadScheduleUpdatedNotification_v1');
    expect(notice.data).toMatchObject({ orderId: order.id });
  });

  /** Ordered at 12:00 for 12:45 on the job, a load every 15 minutes (the rate agrees). */
  const createAtQuarterHours = (quantity: number) =>
    create({ firstLoadOnJobTime: '2026-03-10T12:45:00.000Z', quantity, quantityPerHour: 40 });
  /** Sends the order's first load to a new truck at that time, as a dispatcher does. */
  const sendFirstLoad = async (order: Order, truckNumber: string, time: string) => {
    const truck = await addTruck(t.db, { plantId: world.plants.concrete, number: truckNumber });
    const first = order.loads.find((load) => load.loadNumber === 1)!;
    t.clock.now = at(time);
    const sent = await call('POST', `/api/v1/loads/${first.id}/dispatch`, 'dispatcher', {
      truckId: truck,
    });
    expect(sent.statusCode, sent.body).toBe(200);
    return { truck, first };
  };
  const setStatus = async (truck: number, statusId: number, time: string) => {
    t.clock.now = at(time);
    const response = await call('PUT', `/api/v1/trucks/${truck}/status`, 'dispatcher', {
      statusId,
    });
    expect(response.statusCode, response.body).toBe(200);
  };

  it('holds the loads at the times asked for when a truck runs ahead, until the dispatcher saves an earlier first load time', async () => {
    // Load 1's ticket is due at 12:12.
    const order = await createAtQuarterHours(40);
    expect(onJobTimes(order)).toEqual(['12:45', '13:00', '13:15', '13:30']);

    // Sent at 12:02 (the dispatcher's choice) and loaded at 12:05, 15 minutes ahead of 12:20.
    const { truck, first } = await sendFirstLoad(order, '71', '12:02');
    await settle();
    events.clear();
    await setStatus(truck, truckStatusIds.loaded, '12:05');
    await settle();
    // Nothing moves: the later loads stay when the customer asked for them, and load 1's ticket
    // time stays after the order was made (a 15-minute pull would have put it at 11:57).
    expect(onJobTimes(await read(order.id))).toEqual(['12:45', '13:00', '13:15', '13:30']);
    expect(events.events.map((event) => event.name)).not.toContain(
      'loadScheduleUpdatedNotification_v1',
    );
    // The order exists from the clock's 12:00, as the stamps it is measured with.
    expect(order.createdAt).toBe(at('12:00').toISOString());
    const held = (await boardOrder(order.id, '11:00', '15:00'))!;
    for (const load of held.loads) {
      expect(Date.parse(load.projected.ticketTime)).toBeGreaterThanOrEqual(
        Date.parse(order.createdAt),
      );
    }

    // The customer agrees to 12:30: the dispatcher saves the earlier first load time, and the
    // loads not yet ticketed come earlier (load 1, out on its ticket, stays).
    t.clock.now = at('12:06');
    const agreed = await changeSchedule(await read(order.id), {
      firstLoadOnJobTime: '2026-03-10T12:30:00.000Z',
    });
    expect(onJobTimes(agreed)).toEqual(['12:45', '12:45', '13:00', '13:15']);

    // On the job at 12:25, 20 minutes ahead of 12:45: load 1 comes only as early as its ticket
    // allows (12:00 + 33 minutes), the others are where the dispatcher put them.
    events.clear();
    await setStatus(truck, truckStatusIds.onJob, '12:25');
    expect(onJobTimes(await read(order.id))).toEqual(['12:33', '12:45', '13:00', '13:15']);
    const moved = await events.next('loadUpdate_v1');
    expect(moved.data).toMatchObject({ id: first.id, onJobTime: at('12:33').toISOString() });
  });

  it('still pushes the later loads back when a truck runs late', async () => {
    const order = await createAtQuarterHours(30);
    const { truck } = await sendFirstLoad(order, '72', '12:12');
    // Loaded at 12:30, 10 minutes behind 12:20.
    await setStatus(truck, truckStatusIds.loaded, '12:30');
    expect(onJobTimes(await read(order.id))).toEqual(['12:55', '13:10', '13:25']);
  });
});
