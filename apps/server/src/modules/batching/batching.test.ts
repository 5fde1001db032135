/**
 * R-BATCH-1..9 on each engine: the plant's batch queue, sending a load to the simulated batch
 * panel and its weights landing on the ticket, a failure then a retry, batching by hand, alleys,
 * the 400/403/404/409 answers and the events each change publishes.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  isWithinBatchTolerance,
  type BatchDetail,
  type BatchQueue,
  type TicketBatch,
} from '@dispatch/domain/batching/batch-queue';
import { units } from '@dispatch/domain/units';
import { loadBatches, ticketBatchWeights } from '../../db/schema/batching';
import { plants } from '../../db/schema/plants';
import { tickets } from '../../db/schema/tickets';
import { listenToDispatch, settle, type DispatchListener } from '../../../test/dispatch-listener';
import { addUsers, type ErrorAnswer } from '../../../test/order-fixtures';
import { callerOf, createTestApp, type TestApp } from '../../../test/test-app';
import { databaseKinds } from '../../../test/test-tenancy';
import { addBatchRecipe } from '../../../test/batch-fixtures';
import {
  addDispatchedOrder,
  buildDispatchWorld,
  type DispatchWorld,
} from '../../../test/dispatch-fixtures';
import { createSimulatedBatchPanel, type SimulatedBatchPanel } from './batch-panel';

const all = [1001, 1002, 1003];
const batchForm = 14000;
const boardForm = 51001;

/** The world's mix, designed per cubic yard: cement, sand and stone in pounds, water in gallons. */
const recipe = [
  { code: 'CEM1', description: 'Type I/II cement', unit: units.pounds, perYard: 564 },
  { code: 'SAND', description: 'Concrete sand', unit: units.pounds, perYard: 1320 },
  { code: 'ST57', description: '#57 stone', unit: units.pounds, perYard: 1850 },
  { code: 'H2O', description: 'Water', unit: units.gallons, perYard: 30.5 },
];

describe.each(databaseKinds)('batch load screen on %s', (kind) => {
  let t: TestApp;
  let world: DispatchWorld;
  let panel: SimulatedBatchPanel;
  let events: DispatchListener;
  let truckCount = 0;
  const tokens: Record<string, string> = {};
  const call = callerOf(() => t, tokens, 'batchman');

  /** An order of the concrete plant with one load dispatched to a new truck: its load id. */
  async function dispatched(options: { uploadsMix?: boolean; size?: number } = {}) {
    truckCount += 1;
    const { order } = await addDispatchedOrder(t.db, call, world, {
      loadSizes: [options.size ?? 10],
      truckNumber: `B${truckCount}`,
      uploadMixToBatchPanel: options.uploadsMix ?? true,
      who: 'dispatcher',
    });
    return order.loadIds[0]!;
  }

  const queue = async (query = `plantId=${world.plants.concrete}`) => {
    const response = await call('GET', `/api/v1/batch-queue?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<BatchQueue>();
  };
  const detail = async (loadId: number) =>
    (await call('GET', `/api/v1/batch-queue/${loadId}`)).json<BatchDetail>();

  beforeAll(async () => {
    // Long enough that a second send, even on a loaded machine, finds the load still batching.
    panel = createSimulatedBatchPanel({ delayMs: 500 });
    t = await createTestApp(kind, {}, { batchPanel: panel });
    t.clock.now = new Date('2026-03-10T13:05:00Z');
    world = await buildDispatchWorld(t.db);
    await t.db
      .update(plants)
      .set({ useBatchPanelFlag: true })
      .where(eq(plants.id, world.plants.concrete));
    await addBatchRecipe(t.db, world, recipe);
    await addUsers(t, tokens, [
      ['batchman', all, { [batchForm]: 5 }],
      ['dispatcher', all, { [boardForm]: 5, [batchForm]: 5 }],
      ['viewer', all, { [batchForm]: 3 }],
      ['stranger', all, {}],
      ['aggregateOnly', [1002], { [batchForm]: 5 }],
    ]);
    await t.addUser({ username: 'admin', isSysadmin: true });
    tokens.admin = await t.login('admin');
    events = await listenToDispatch(await t.tenancy.open(t.database));
  });
  afterAll(async () => {
    await panel.idle();
    await events.stop();
    await t.close();
  });
  beforeEach(() => events.clear());

  it("R-BATCH-1: lists the plant's dispatched loads with mix, quantity, slump and allowed water", async () => {
    const loadId = await dispatched({ size: 8 });
    const answer = await queue();
    expect(answer).toMatchObject({
      plantId: world.plants.concrete,
      plantName: 'North',
      numberOfAlleys: 2,
      usesBatchPanel: true,
    });
    const item = answer.data.find((row) => row.loadId === loadId);
    expect(item).toMatchObject({
      truckNumber: expect.stringMatching(/^B\d+$/),
      customerName: 'Acme Builders',
      jobNumber: 'J-275',
      jobName: 'Lakeview Medical Center',
      productNumber: '4000P',
      mixDescription: '4000 PSI, 3/4 in. stone, pump',
      quantity: 8,
      unit: 'yd³',
      slump: 5,
      // R-BATCH-5: 1.5 gal per yard on 8 yd.
      allowedWaterGallons: 12,
      alley: null,
      mode: 'panel',
      state: 'queued',
      attempts: 0,
      lastError: null,
    });
    const [ticket] = await t.db.select().from(tickets).where(eq(tickets.id, item!.ticketId));
    expect(item!.ticketNumber).toBe(ticket!.number);

    // R-BATCH-6: before it is sent, the detail shows the design's targets for the load.
    const shown = await detail(loadId);
    expect(shown.weights.map((line) => [line.code, line.target, line.unit, line.batched])).toEqual([
      ['CEM1', 4512, 'lb', null],
      ['SAND', 10560, 'lb', null],
      ['ST57', 14800, 'lb', null],
      ['H2O', 244, 'gal', null],
    ]);
  });

  it('answers 400 naming the field, 403 without the form, 404 for what it cannot show', async () => {
    const missing = await call('GET', '/api/v1/batch-queue');
    expect(missing.statusCode).toBe(400);
    expect(missing.json<ErrorAnswer>().data).toEqual([
      expect.objectContaining({ field: 'plantId' }),
    ]);
    const alley = await call('GET', `/api/v1/batch-queue?plantId=${world.plants.concrete}&alley=3`);
    expect(alley.statusCode).toBe(400);
    expect(alley.json<ErrorAnswer>().data).toEqual([
      { field: 'alley', reason: "must be between 1 and 2: the plant's alleys" },
    ]);
    expect(
      (await call('GET', `/api/v1/batch-queue?plantId=${world.plants.concrete}`, 'stranger'))
        .statusCode,
    ).toBe(403);
    expect(
      (await call('GET', `/api/v1/batch-queue?plantId=${world.plants.aggregate}`)).statusCode,
    ).toBe(404);
    expect(
      (await call('GET', `/api/v1/batch-queue?plantId=${world.plants.concrete}`, 'aggregateOnly'))
        .statusCode,
    ).toBe(404);
    expect((await call('GET', '/api/v1/batch-queue/999999')).statusCode).toBe(404);
    expect((await call('POST', '/api/v1/batch-queue/999999/send', 'batchman', {})).statusCode).toBe(
      404,
    );
    const loadId = await dispatched();
    const readOnly = await call('POST', `/api/v1/batch-queue/${loadId}/send`, 'viewer', {});
    expect(readOnly.statusCode).toBe(403);
    const badAlley = await call('POST', `/api/v1/batch-queue/${loadId}/send`, 'batchman', {
      alley: 5,
    });
    expect(badAlley.statusCode).toBe(400);
    expect(badAlley.json<ErrorAnswer>().data).toEqual([
      { field: 'alley', reason: "must be between 1 and 2: the plant's alleys" },
    ]);
    const wrongType = await call('POST', `/api/v1/batch-queue/${loadId}/send`, 'batchman', {
      alley: 'two',
    });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json<ErrorAnswer>().data).toEqual([
      expect.objectContaining({ field: 'alley' }),
    ]);
    await settle();
    expect(events.events.filter((event) => event.name === 'batchQueueUpdate_v1')).toEqual([]);
    expect((await detail(loadId)).state).toBe('queued');
  });

  it('R-BATCH-2, R-BATCH-6: sends a load, refuses a second send, and lands the weights on the ticket', async () => {
    const loadId = await dispatched();
    events.clear();
    // The panel reports on the server's clock: the ticket's batch time is when it batched.
    t.clock.advance(90_000);
    const sent = await call('POST', `/api/v1/batch-queue/${loadId}/send`, 'batchman', { alley: 2 });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json<BatchDetail>()).toMatchObject({
      state: 'sent',
      alley: 2,
      attempts: 1,
      sentBy: 'batchman',
    });
    const sentEvent = await events.next(
      'batchQueueUpdate_v1',
      (event) => (event.data as { loadId: number }).loadId === loadId,
    );
    expect(sentEvent.data).toMatchObject({
      plantId: world.plants.concrete,
      state: 'sent',
      alley: 2,
    });

    const again = await call('POST', `/api/v1/batch-queue/${loadId}/send`, 'dispatcher', {
      alley: 2,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json<ErrorAnswer>()).toMatchObject({
      code: 'already_sent',
      message: expect.stringMatching(
        /^Ticket \d+ was sent to the batch panel in alley 2 by batchman and is batching\.$/,
      ),
    });
    // R-BATCH-4: alley 1 sees the loads no alley has taken, not alley 2's.
    expect(
      (await queue(`plantId=${world.plants.concrete}&alley=1`)).data.map((row) => row.loadId),
    ).not.toContain(loadId);
    expect(
      (await queue(`plantId=${world.plants.concrete}&alley=2`)).data.map((row) => row.loadId),
    ).toContain(loadId);

    await panel.idle();
    const batchedEvent = await events.next(
      'batchQueueUpdate_v1',
      (event) =>
        (event.data as { loadId: number; state: string }).loadId === loadId &&
        (event.data as { state: string }).state === 'batched',
    );
    const ticketId = (batchedEvent.data as { ticketId: number }).ticketId;
    await events.next('ticketUpdate_v1', (event) => (event.data as { id: number }).id === ticketId);

    const batched = await detail(loadId);
    expect(batched).toMatchObject({
      state: 'batched',
      batchedBy: 'batchman',
      batchedAt: t.clock.now.toISOString(),
    });
    for (const line of batched.weights) {
      expect(line.batched, line.code).not.toBeNull();
      expect(
        isWithinBatchTolerance(line.target, line.batched!),
        `${line.code} ${line.batched} for ${line.target}`,
      ).toBe(true);
    }
    const [ticket] = await t.db.select().from(tickets).where(eq(tickets.id, ticketId));
    expect(ticket!.batchDateTime).toEqual(t.clock.now);
    const stored = await t.db
      .select()
      .from(ticketBatchWeights)
      .where(eq(ticketBatchWeights.ticketId, ticketId));
    expect(stored).toHaveLength(recipe.length);
    const onTicket = await call('GET', `/api/v1/tickets/${ticketId}/batch-weights`);
    expect(onTicket.statusCode).toBe(200);
    expect(onTicket.json<TicketBatch>()).toEqual({
      ticketId,
      ticketNumber: ticket!.number,
      batchDateTime: t.clock.now.toISOString(),
      state: 'batched',
      weights: batched.weights,
    });
    expect(
      (await call('GET', `/api/v1/tickets/${ticketId}/batch-weights`, 'stranger')).statusCode,
    ).toBe(403);

    const afterBatch = await call(
      'POST',
      `/api/v1/batch-queue/${loadId}/mark-batched`,
      'dispatcher',
      {},
    );
    expect(afterBatch.statusCode).toBe(409);
    expect(afterBatch.json<ErrorAnswer>().message).toMatch(
      /^Ticket \d+ was already batched by batchman\.$/,
    );
  });

  it('R-BATCH-8: a told-to-fail send shows its reason, stays queued and succeeds on retry', async () => {
    const loadId = await dispatched();
    const notAdmin = await call('POST', '/api/v1/batch-panel/simulator', 'batchman', {
      plantId: world.plants.concrete,
      failNext: true,
    });
    expect(notAdmin.statusCode).toBe(403);
    const told = await call('POST', '/api/v1/batch-panel/simulator', 'admin', {
      plantId: world.plants.concrete,
      failNext: true,
    });
    expect(told.statusCode, told.body).toBe(200);
    events.clear();
    expect(
      (await call('POST', `/api/v1/batch-queue/${loadId}/send`, 'batchman', {})).statusCode,
    ).toBe(200);
    await panel.idle();
    await events.next(
      'batchQueueUpdate_v1',
      (event) => (event.data as { state: string }).state === 'failed',
    );
    const failed = (await queue()).data.find((row) => row.loadId === loadId)!;
    expect(failed).toMatchObject({
      state: 'failed',
      alley: 1,
      lastError: 'Alley 1: cement scale did not reach its target (simulated fault E-214).',
    });
    const [ticket] = await t.db.select().from(tickets).where(eq(tickets.id, failed.ticketId));
    expect((await detail(loadId)).weights.every((line) => line.batched === null)).toBe(true);

    const sendAgain = await call('POST', `/api/v1/batch-queue/${loadId}/send`, 'batchman', {});
    expect(sendAgain.statusCode).toBe(409);
    expect(sendAgain.json<ErrorAnswer>().code).toBe('failed_retry');

    t.clock.advance(60_000);
    const retried = await call('POST', `/api/v1/batch-queue/${loadId}/retry`, 'batchman', {});
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json<BatchDetail>()).toMatchObject({
      state: 'sent',
      attempts: 2,
      lastError: null,
    });
    await panel.idle();
    const done = await detail(loadId);
    expect(done.state).toBe('batched');
    expect(done.weights.every((line) => line.batched !== null)).toBe(true);
    const [stamped] = await t.db.select().from(tickets).where(eq(tickets.id, failed.ticketId));
    expect(stamped!.batchDateTime).toEqual(t.clock.now);
    expect(stamped!.version).toBe(ticket!.version + 1);
    const retryBatched = await call('POST', `/api/v1/batch-queue/${loadId}/retry`, 'batchman', {});
    expect(retryBatched.statusCode).toBe(409);
  });

  it('R-BATCH-3: an order that does not upload its mix is batched by hand and marked batched', async () => {
    const loadId = await dispatched({ uploadsMix: false });
    expect((await detail(loadId)).mode).toBe('manual');
    const refused = await call('POST', `/api/v1/batch-queue/${loadId}/send`, 'batchman', {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json<ErrorAnswer>()).toMatchObject({
      code: 'manual_batching',
      message: expect.stringMatching(
        /^North batches ticket \d+ by hand: mark it batched once loaded\.$/,
      ),
    });
    events.clear();
    const marked = await call('POST', `/api/v1/batch-queue/${loadId}/mark-batched`, 'batchman', {});
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json<BatchDetail>()).toMatchObject({
      state: 'batched',
      batchedBy: 'batchman',
      alley: 1,
    });
    await events.next(
      'batchQueueUpdate_v1',
      (event) => (event.data as { loadId: number }).loadId === loadId,
    );
    const [row] = await t.db.select().from(loadBatches).where(eq(loadBatches.loadId, loadId));
    const [ticket] = await t.db.select().from(tickets).where(eq(tickets.id, row!.ticketId));
    expect(ticket!.batchDateTime).toEqual(t.clock.now);
  });

  it('R-BATCH-1: a load leaves the queue once its truck leaves loaded', async () => {
    const loadId = await dispatched();
    const item = (await queue()).data.find((row) => row.loadId === loadId)!;
    await t.db
      .update(tickets)
      .set({ loadedDateTime: t.clock.now })
      .where(eq(tickets.id, item.ticketId));
    expect((await queue()).data.map((row) => row.loadId)).not.toContain(loadId);
    expect((await call('GET', `/api/v1/batch-queue/${loadId}`)).statusCode).toBe(404);
  });

  it('R-BATCH-2: of two batchmen sending one load at once, exactly one wins', async () => {
    const loadId = await dispatched();
    const answers = await Promise.all([
      call('POST', `/api/v1/batch-queue/${loadId}/send`, 'batchman', {}),
      call('POST', `/api/v1/batch-queue/${loadId}/send`, 'dispatcher', {}),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    await panel.idle();
    const [row] = await t.db.select().from(loadBatches).where(eq(loadBatches.loadId, loadId));
    expect(row).toMatchObject({ state: 'batched', attempts: 1 });
  });
});
