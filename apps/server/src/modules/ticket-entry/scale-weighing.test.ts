/**
 * R-SCALE-1..6 on each engine, with a fake Toledo continuous indicator on a TCP port: a plant
 * configured through the plants API is read through the Toledo driver and streamed on the hub
 * (weight, motion, over capacity, under zero, a disconnection and the reconnection); a weight is
 * taken only when stable and lands with its frame in the ticket's history; a truck weighs in
 * empty and out loaded (two passes); a stored tare past the re-weigh interval is refused.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScaleReading } from '@dispatch/domain/dispatch/dispatch-events';
import type { TakenWeight } from '@dispatch/domain/tickets/scale-weighings';
import { menuEntryByEnumId } from '@dispatch/domain/menu/menu-catalogue';
import { trucks } from '../../db/schema/trucks';
import {
  startToledoSimulator,
  type IndicatorSimulator,
} from '../../dispatch/scale-drivers/indicator-simulators';
import { addUsers } from '../../../test/order-fixtures';
import { callerOf, createTestApp, type TestApp } from '../../../test/test-app';
import { databaseKinds } from '../../../test/test-tenancy';
import { startTestHub, type TestHub } from '../../../test/test-hub';
import type { HubClient } from '../../../test/hub-client';
import {
  addOrder,
  addTruck,
  buildDispatchWorld,
  type DispatchWorld,
} from '../../../test/dispatch-fixtures';

const all = [1001, 1002, 1003];
const aggregateForm = 22000;
const capacity = 120_000;

describe.each(databaseKinds)('weighing on a real indicator protocol on %s', (kind) => {
  let t: TestApp;
  let world: DispatchWorld;
  let hub: TestHub;
  let indicator: IndicatorSimulator;
  let scaleman: HubClient;
  let truck: number;
  const tokens: Record<string, string> = {};
  const call = callerOf(() => t, tokens, 'scaleman');

  /** The next reading on the hub that passes `test`, within `ms`. */
  const reading = (test: (r: ScaleReading) => boolean, ms = 4_000) =>
    scaleman.next(
      'updateScale_v1',
      (data) => test(data as ScaleReading),
      ms,
    ) as Promise<ScaleReading>;
  const take = (kind: 'gross' | 'tare', truckId: number | null = null) =>
    scaleman.connection.invoke<TakenWeight>(
      'TakeScaleWeight',
      world.plants.aggregate,
      kind,
      truckId,
    );

  beforeAll(async () => {
    t = await createTestApp(kind);
    t.clock.now = new Date('2026-03-10T13:05:00');
    world = await buildDispatchWorld(t.db);
    await addUsers(t, tokens, [
      ['scaleman', all, { [aggregateForm]: 5 }],
      ['tech', all, { [menuEntryByEnumId('PlantMaintenance')!.id]: 5 }],
    ]);
    truck = await addTruck(t.db, { plantId: world.plants.aggregate, number: 'T-41' });
    indicator = await startToledoSimulator({ unit: 'lb', capacity, division: 20, checksum: true });
    indicator.setWeight(42_000);

    // R-SCALE-1: the technician sets the pit's scale up in plant maintenance (the plants API).
    const plantUrl = `/api/v1/plants/${world.plants.aggregate}`;
    const plant = (await call('GET', plantUrl, 'tech')).json<Record<string, unknown>>();
    const saved = await call('PUT', plantUrl, 'tech', {
      ...plant,
      scaleProtocol: 'toledo-continuous',
      scaleAddress: `tcp://127.0.0.1:${indicator.port}`,
      scaleCapacity: capacity,
      scaleDivision: 20,
      scaleUnit: 'lb',
    });
    expect(saved.statusCode, saved.body).toBe(200);

    hub = await startTestHub(t, { now: () => t.clock.now });
    scaleman = await hub.login('scaleman', tokens.scaleman!);
    expect(await scaleman.connection.invoke('SubscribeToScale', world.plants.aggregate)).toBe(true);
  });

  afterAll(async () => {
    await hub?.close();
    await indicator?.close();
    await t.close();
  });

  it('refuses a scale address the drivers cannot open, naming the field', async () => {
    const plantUrl = `/api/v1/plants/${world.plants.aggregate}`;
    const plant = (await call('GET', plantUrl, 'tech')).json<Record<string, unknown>>();
    const refused = await call('PUT', plantUrl, 'tech', { ...plant, scaleAddress: 'com1' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ data: unknown[] }>().data).toEqual([
      expect.objectContaining({ field: 'scaleAddress' }),
    ]);
  });

  it('streams the weight, motion, over capacity and under zero, never with its frame', async () => {
    const settled = await reading((r) => r.weight === 42_000 && r.status === 'ok');
    expect(settled).toMatchObject({ plantId: world.plants.aggregate, unit: 'lb', stable: true });
    expect(settled).not.toHaveProperty('frame');

    indicator.setWeight(43_500, { motion: true });
    expect(await reading((r) => r.status === 'motion')).toMatchObject({ stable: false });
    await expect(take('gross')).rejects.toThrow(/in motion/);

    indicator.setWeight(capacity + 10 * 20);
    expect(await reading((r) => r.status === 'overCapacity')).toMatchObject({ stable: false });
    await expect(take('gross')).rejects.toThrow(/over the scale's capacity/);

    indicator.setWeight(40, { negative: true });
    expect(await reading((r) => r.status === 'underZero')).toMatchObject({ stable: false });
  });

  it('says the scale is disconnected within 2 s, and reads it again once it is back', async () => {
    indicator.setWeight(30_000);
    await reading((r) => r.weight === 30_000 && r.status === 'ok');
    const port = indicator.port;
    await indicator.close();
    const lost = Date.now();
    expect(await reading((r) => r.status === 'disconnected')).toMatchObject({ stable: false });
    expect(Date.now() - lost).toBeLessThan(2_000);
    await expect(take('gross')).rejects.toThrow(/not connected|not being read/);

    indicator = await startToledoSimulator({
      port,
      unit: 'lb',
      capacity,
      division: 20,
      checksum: true,
    });
    indicator.setWeight(31_000);
    expect(await reading((r) => r.weight === 31_000 && r.status === 'ok', 15_000)).toMatchObject({
      stable: true,
    });
  });

  it('takes a stable gross and finds its indicator frame in the ticket history', async () => {
    indicator.setWeight(61_240);
    await reading((r) => r.weight === 61_240 && r.stable);
    const gross = await take('gross');
    expect(gross).toMatchObject({ kind: 'gross', weight: 61_240, unit: 'lb' });
    expect(gross.frame).toMatch(/^<STX>.*61240.*<CR>/);

    const order = await addOrder(t.db, world, { systemTypeId: 2, loadSizes: [20] });
    const body = {
      systemTypeId: 2,
      orderId: order.orderId,
      plantId: world.plants.aggregate,
      truckId: truck,
      grossWeight: 61_240,
      tareWeight: 27_300,
      tareSource: 'weighed',
      grossWeighingId: gross.weighingId,
    };
    // A weight typed over the one taken is not the scale's.
    const changed = await call('POST', '/api/v1/tickets', 'scaleman', {
      ...body,
      grossWeight: 61_260,
    });
    expect(changed.statusCode).toBe(400);
    expect(changed.body).toContain('is not the weight taken from the scale');

    const saved = await call('POST', '/api/v1/tickets', 'scaleman', body);
    expect(saved.statusCode, saved.body).toBe(201);
    const ticketId = saved.json<{ id: number }>().id;
    const again = await call('POST', '/api/v1/tickets', 'scaleman', body);
    expect(again.body).toContain('already on another ticket');

    const { rows } = await t.db.execute<{ action: string; after: Record<string, unknown> }>(
      sql`select action, after from audit_trail
          where resource = 'tickets' and record_id = ${String(ticketId)} order by id`,
    );
    expect(rows).toEqual([
      expect.objectContaining({
        action: 'weighed',
        after: expect.objectContaining({ grossWeight: 61_240, scaleFrame: gross.frame }),
      }),
      expect.objectContaining({ action: 'keyed', after: { tareWeight: 27_300 } }),
    ]);
  });

  it('weighs a truck in empty and out loaded, and refuses a stored tare past its interval', async () => {
    indicator.setWeight(26_980);
    await reading((r) => r.weight === 26_980 && r.stable);
    const weighIn = await take('tare', truck);
    const [stored] = await t.db.select().from(trucks).where(eq(trucks.id, truck));
    expect(stored).toMatchObject({ tareWeight: 26_980 });

    const choicesUrl = `/api/v1/tickets/entry-choices?systemTypeId=2&plantId=${world.plants.aggregate}`;
    const waiting = (await call('GET', choicesUrl)).json<{ weighIns: { weighingId: number }[] }>();
    expect(waiting.weighIns).toEqual([
      expect.objectContaining({
        weighingId: weighIn.weighingId,
        truckNumber: 'T-41',
        weight: 26_980,
      }),
    ]);

    indicator.setWeight(66_980);
    await reading((r) => r.weight === 66_980 && r.stable);
    const gross = await take('gross');
    const order = await addOrder(t.db, world, { systemTypeId: 2, loadSizes: [20] });
    const out = await call('POST', '/api/v1/tickets', 'scaleman', {
      systemTypeId: 2,
      orderId: order.orderId,
      plantId: world.plants.aggregate,
      truckId: truck,
      grossWeight: 66_980,
      tareWeight: 26_980,
      tareSource: 'weighed',
      grossWeighingId: gross.weighingId,
      tareWeighingId: weighIn.weighingId,
    });
    expect(out.statusCode, out.body).toBe(201);
    expect(out.json()).toMatchObject({ netWeight: 40_000 });
    const after = (await call('GET', choicesUrl)).json<{ weighIns: unknown[] }>();
    expect(after.weighIns).toEqual([]);

    // R-SCALE-5: the stored tare is good for the re-weigh interval (30 days), then refused.
    const byStoredTare = {
      systemTypeId: 2,
      orderId: order.orderId,
      plantId: world.plants.aggregate,
      truckId: truck,
      grossWeight: 46_980,
      tareWeight: 26_980,
      tareSource: 'truck',
    };
    await t.db
      .update(trucks)
      .set({ tareWeighedAt: new Date('2026-03-01T08:00:00') })
      .where(eq(trucks.id, truck));
    expect((await call('POST', '/api/v1/tickets', 'scaleman', byStoredTare)).statusCode).toBe(201);
    await t.db
      .update(trucks)
      .set({ tareWeighedAt: new Date('2026-01-20T08:00:00') })
      .where(eq(trucks.id, truck));
    const stale = await call('POST', '/api/v1/tickets', 'scaleman', byStoredTare);
    expect(stale.statusCode).toBe(400);
    expect(stale.json<{ data: unknown[] }>().data).toEqual([
      {
        field: 'tareWeight',
        reason:
          "truck T-41's stored tare was weighed on 2026-01-20, more than 30 days ago: weigh it empty again",
      },
    ]);
  });
});
