/**
 * R-BATCH-10 on each engine: a plant on the file exchange gets a job file per send in its outbox;
 * result files in its inbox land on the ticket through the report path and go to done/, malformed
 * ones to rejected/ with their reason; a failure, an earlier attempt's result, a missing outbox, a
 * changed inbox, a simulated plant beside it, the demo's batch system, and a restart.
 */
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  utimesSync,
} from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  isWithinBatchTolerance,
  type BatchDetail,
  type TicketBatch,
} from '@dispatch/domain/batching/batch-queue';
import {
  batchJobFileName,
  batchJobFileSchema,
  batchResultFileName,
  type BatchJobFile,
} from '@dispatch/domain/batching/batch-panel-files';
import { units } from '@dispatch/domain/units';
import { buildApp, type App } from '../../app';
import { readEnv } from '../../env';
import { plants } from '../../db/schema/plants';
import { addUsers } from '../../../test/order-fixtures';
import { callerOf, createTestApp, fastJobs, type TestApp } from '../../../test/test-app';
import { databaseKinds } from '../../../test/test-tenancy';
import { addBatchRecipe } from '../../../test/batch-fixtures';
import { waitFor } from '../../../test/wait-for';
import {
  addDispatchedOrder,
  buildDispatchWorld,
  type DispatchWorld,
} from '../../../test/dispatch-fixtures';
import { startFileExchangeBatchSystem } from './file-exchange-batch-system';

const all = [1001, 1002, 1003];
const batchForm = 14000;
const boardForm = 51001;

/** The world's mix per cubic yard: cement in pounds, water in gallons. */
const recipe = [
  { code: 'CEM1', description: 'Type I/II cement', unit: units.pounds, perYard: 564 },
  { code: 'H2O', description: 'Water', unit: units.gallons, perYard: 30.5 },
];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(databaseKinds)('batch panel file exchange on %s', (kind) => {
  let t: TestApp;
  let world: DispatchWorld;
  let restarted: App | undefined;
  let root: string;
  let outbox: string;
  let inbox: string;
  let truckCount = 0;
  const tokens: Record<string, string> = {};
  const call = callerOf(() => t, tokens, 'batchman');

  const folder = (name: string) => {
    const made = path.join(root, name);
    mkdirSync(made, { recursive: true });
    return made;
  };
  const setPlant = (values: Partial<typeof plants.$inferInsert>) =>
    t.db.update(plants).set(values).where(eq(plants.id, world.plants.concrete));

  /** A load of the concrete plant dispatched to a new truck: its id. */
  async function dispatched() {
    truckCount += 1;
    const { order } = await addDispatchedOrder(t.db, call, world, {
      loadSizes: [10],
      truckNumber: `F${truckCount}`,
      uploadMixToBatchPanel: true,
      who: 'dispatcher',
    });
    return order.loadIds[0]!;
  }
  async function send(loadId: number, action: 'send' | 'retry' = 'send') {
    const answer = await call('POST', `/api/v1/batch-queue/${loadId}/${action}`, 'batchman', {});
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json<BatchDetail>();
  }
  const detail = async (loadId: number) =>
    (await call('GET', `/api/v1/batch-queue/${loadId}`)).json<BatchDetail>();
  const waitForState = (loadId: number, state: BatchDetail['state']) =>
    waitFor(
      () => detail(loadId),
      (shown) => shown.state === state,
      15_000,
    );
  const waitForFile = (file: string) =>
    waitFor(
      () => Promise.resolve(existsSync(file)),
      (found) => found,
      15_000,
    );
  const readJob = (ticketNumber: number, attempt: number, from = outbox) =>
    JSON.parse(
      readFileSync(path.join(from, batchJobFileName(ticketNumber, attempt)), 'utf8'),
    ) as BatchJobFile;
  const writeResult = (result: object, name: string, into = inbox) =>
    writeFile(path.join(into, name), JSON.stringify(result));
  const batchedFor = (job: BatchJobFile, extra = 1) => ({
    ticketNumber: job.ticketNumber,
    attempt: job.attempt,
    kind: 'batched',
    weights: job.materials.map((line) => ({
      rawMaterialId: line.rawMaterialId,
      batched: line.target + extra,
    })),
  });
  const reasonOf = (file: string) => readFileSync(`${file}.reason.txt`, 'utf8').trim();

  beforeAll(async () => {
    t = await createTestApp(kind);
    t.clock.now = new Date('2026-03-11T14:20:00Z');
    world = await buildDispatchWorld(t.db);
    root = mkdtempSync(path.join(tmpdir(), 'batch-files-'));
    outbox = folder('outbox');
    inbox = folder('inbox');
    await setPlant({
      useBatchPanelFlag: true,
      batchPanelProtocol: 'file-exchange',
      batchPanelOutbox: outbox,
      batchPanelInbox: inbox,
    });
    await addBatchRecipe(t.db, world, recipe);
    await addUsers(t, tokens, [
      ['batchman', all, { [batchForm]: 5 }],
      ['dispatcher', all, { [boardForm]: 5, [batchForm]: 5 }],
    ]);
    await t.addUser({ username: 'admin', isSysadmin: true });
    tokens.admin = await t.login('admin');
  });
  afterAll(async () => {
    await restarted?.close();
    await t.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('writes the job file whole into the outbox; a batched result lands on the ticket and goes to done/', async () => {
    const loadId = await dispatched();
    const answer = await call('POST', `/api/v1/batch-queue/${loadId}/send`, 'batchman', {
      alley: 2,
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const sent = answer.json<BatchDetail>();
    expect(sent).toMatchObject({ state: 'sent', attempts: 1, alley: 2, lastError: null });
    const jobName = batchJobFileName(sent.ticketNumber, 1);
    // Written under a temporary name then renamed: nothing else is left in the outbox.
    expect(readdirSync(outbox)).toEqual([jobName]);
    const job = readJob(sent.ticketNumber, 1);
    expect(job).toEqual({
      plantId: world.plants.concrete,
      alley: 2,
      loadId,
      ticketId: sent.ticketId,
      ticketNumber: sent.ticketNumber,
      attempt: 1,
      productNumber: '4000P',
      quantity: 10,
      slump: 5,
      materials: [
        { rawMaterialId: expect.any(Number) as number, code: 'CEM1', target: 5640 },
        { rawMaterialId: expect.any(Number) as number, code: 'H2O', target: 305 },
      ],
    });
    expect(batchJobFileSchema.strict().parse(job)).toEqual(job);

    const resultName = batchResultFileName(sent.ticketNumber, 1);
    await writeResult(batchedFor(job, 2), resultName);
    await waitForFile(path.join(inbox, 'done', resultName));
    expect(existsSync(path.join(inbox, resultName))).toBe(false);
    expect(existsSync(path.join(inbox, 'done', `${resultName}.reason.txt`))).toBe(false);
    const onTicket = await call('GET', `/api/v1/tickets/${sent.ticketId}/batch-weights`);
    expect(onTicket.statusCode).toBe(200);
    const batch = onTicket.json<TicketBatch>();
    expect(batch).toMatchObject({
      state: 'batched',
      batchDateTime: t.clock.now.toISOString(),
    });
    expect(batch.weights.map((line) => [line.code, line.target, line.batched])).toEqual([
      ['CEM1', 5640, 5642],
      ['H2O', 305, 307],
    ]);
    expect(await detail(loadId)).toMatchObject({ state: 'batched', batchedBy: 'batchman' });
  });

  it('puts malformed results into rejected/ with their reason, and waits for one still being written', async () => {
    const loadId = await dispatched();
    const sent = await send(loadId);
    const job = readJob(sent.ticketNumber, 1);
    const ticket = sent.ticketNumber;
    const rejected = (name: string) => path.join(inbox, 'rejected', name);
    const expectRejected = async (name: string, reason: string | RegExp) => {
      await waitForFile(rejected(name));
      expect(reasonOf(rejected(name))).toMatch(reason);
      expect(existsSync(path.join(inbox, name))).toBe(false);
    };

    // Not JSON, and old enough not to be a file still being written.
    await writeFile(path.join(inbox, '900001-1.result.json'), '{"ticketNumber": 900001,');
    const old = new Date(Date.now() - 60_000);
    utimesSync(path.join(inbox, '900001-1.result.json'), old, old);
    await writeResult(
      { ticketNumber: 900002, attempt: 1, kind: 'batched', weights: [] },
      '900002-1.result.json',
    );
    await writeResult({ ...batchedFor(job), ticketNumber: 900003 }, '900003-1.result.json');
    await writeResult(batchedFor(job), 'ticket.result.json');
    await writeResult({ ...batchedFor(job), attempt: 2 }, batchResultFileName(ticket, 2));
    await writeFile(path.join(inbox, 'notes.txt'), 'left alone');
    await expectRejected('900001-1.result.json', /^it is not JSON: /);
    await expectRejected(
      '900002-1.result.json',
      'it is not a result file: weights: must name at least one material',
    );
    await expectRejected(
      '900003-1.result.json',
      "ticket 900003 is not a load sent to this plant's batch panel.",
    );
    await expectRejected(
      'ticket.result.json',
      'its name is not <ticket number>-<attempt>.result.json.',
    );
    await expectRejected(
      batchResultFileName(ticket, 2),
      `ticket ${ticket} has no attempt 2: its last send is attempt 1.`,
    );

    const name = batchResultFileName(ticket, 1);
    await writeResult({ ...batchedFor(job), attempt: 3 }, name);
    await expectRejected(
      name,
      `its name is for ticket ${ticket}, attempt 1, but it holds ticket ${ticket}, attempt 3.`,
    );
    const unknownMaterial = batchedFor(job);
    unknownMaterial.weights[0]!.rawMaterialId = 999_999;
    await writeResult(unknownMaterial, name);
    // A second rejected file of that name is kept beside the first.
    await expectRejected(
      `${ticket}-1 (2).result.json`,
      `raw material 999999 is not in ticket ${ticket}'s mix.`,
    );
    expect((await detail(loadId)).state).toBe('sent');

    // Half written and young: left for a later pass rather than rejected.
    const whole = JSON.stringify(batchedFor(job));
    await writeFile(path.join(inbox, name), whole.slice(0, 40));
    await sleep(800);
    expect(existsSync(path.join(inbox, name))).toBe(true);
    await writeFile(path.join(inbox, name), whole);
    await waitForFile(path.join(inbox, 'done', name));
    expect((await detail(loadId)).state).toBe('batched');
    expect(readFileSync(path.join(inbox, 'notes.txt'), 'utf8')).toBe('left alone');
  });

  it("a failed result leaves the load failed with its reason; an earlier attempt's result changes nothing", async () => {
    const loadId = await dispatched();
    const sent = await send(loadId);
    const first = readJob(sent.ticketNumber, 1);
    const name = batchResultFileName(sent.ticketNumber, 1);
    const reason = 'Alley 1: mixer door open (E-17).';
    await writeResult(
      { ticketNumber: sent.ticketNumber, attempt: 1, kind: 'failed', reason },
      name,
    );
    const failed = await waitForState(loadId, 'failed');
    expect(failed).toMatchObject({ lastError: reason, attempts: 1 });
    await waitForFile(path.join(inbox, 'done', name));

    expect(await send(loadId, 'retry')).toMatchObject({ state: 'sent', attempts: 2 });
    const second = readJob(sent.ticketNumber, 2);
    expect(second.attempt).toBe(2);

    // The batch system batched the first attempt after all: too late, taken to done/ with a note.
    await writeResult(batchedFor(first), name);
    const late = path.join(inbox, 'done', `${sent.ticketNumber}-1 (2).result.json`);
    await waitForFile(late);
    expect(reasonOf(late)).toBe(
      `not applied: an earlier attempt (ticket ${sent.ticketNumber} was sent again, attempt 2).`,
    );
    const still = await detail(loadId);
    expect(still).toMatchObject({ state: 'sent', attempts: 2, lastError: null });
    expect(still.weights.every((line) => line.batched === null)).toBe(true);

    await writeResult(batchedFor(second), batchResultFileName(sent.ticketNumber, 2));
    expect(await waitForState(loadId, 'batched')).toMatchObject({ attempts: 2 });
  });

  it('a missing outbox fails the send with its reason; a retry once it is set goes through', async () => {
    const missing = path.join(root, 'no-such-folder');
    await setPlant({ batchPanelOutbox: missing });
    try {
      const loadId = await dispatched();
      const failed = await send(loadId);
      expect(failed).toMatchObject({
        state: 'failed',
        lastError: `Batch panel: the outbox folder ${missing} does not exist: job file ${failed.ticketNumber}-1.job.json was not written.`,
      });
      await setPlant({ batchPanelOutbox: outbox });
      expect(await send(loadId, 'retry')).toMatchObject({ state: 'sent', attempts: 2 });
      expect(readJob(failed.ticketNumber, 2).loadId).toBe(loadId);
    } finally {
      await setPlant({ batchPanelOutbox: outbox });
    }
  });

  it('a plant switched back to simulated batches on the simulator, whose switch still works', async () => {
    await setPlant({ batchPanelProtocol: 'simulated' });
    try {
      const told = await call('POST', '/api/v1/batch-panel/simulator', 'admin', {
        plantId: world.plants.concrete,
        failNext: true,
      });
      expect(told.statusCode, told.body).toBe(200);
      const loadId = await dispatched();
      const sent = await send(loadId);
      expect(existsSync(path.join(outbox, batchJobFileName(sent.ticketNumber, 1)))).toBe(false);
      expect(await waitForState(loadId, 'failed')).toMatchObject({
        lastError: 'Alley 1: cement scale did not reach its target (simulated fault E-214).',
      });
    } finally {
      await setPlant({ batchPanelProtocol: 'file-exchange' });
    }
  });

  it("the demo's batch system takes the job and answers it, batched within 1 %", async () => {
    const demoOutbox = path.join(root, 'demo-out');
    const demoInbox = path.join(root, 'demo-in');
    const system = startFileExchangeBatchSystem({
      outbox: demoOutbox,
      inbox: demoInbox,
      delayMs: 100,
    });
    await setPlant({ batchPanelOutbox: demoOutbox, batchPanelInbox: demoInbox });
    try {
      const loadId = await dispatched();
      const sent = await send(loadId);
      const batched = await waitForState(loadId, 'batched');
      for (const line of batched.weights) {
        expect(isWithinBatchTolerance(line.target, line.batched!), line.code).toBe(true);
        expect(Math.abs(line.batched! - line.target)).toBeLessThanOrEqual(line.target * 0.01 + 0.1);
      }
      const jobName = batchJobFileName(sent.ticketNumber, 1);
      expect(existsSync(path.join(demoOutbox, 'taken', jobName))).toBe(true);
      expect(existsSync(path.join(demoOutbox, jobName))).toBe(false);
      await waitForFile(path.join(demoInbox, 'done', batchResultFileName(sent.ticketNumber, 1)));
    } finally {
      await system.close();
      await setPlant({ batchPanelOutbox: outbox, batchPanelInbox: inbox });
    }
  });

  it('follows a plant given another inbox without a restart', async () => {
    const loadId = await dispatched();
    const sent = await send(loadId);
    const otherInbox = folder('other-inbox');
    await setPlant({ batchPanelInbox: otherInbox });
    try {
      const name = batchResultFileName(sent.ticketNumber, 1);
      await writeResult(batchedFor(readJob(sent.ticketNumber, 1)), name, otherInbox);
      // The plants are read again every 5 s: the new inbox is watched by then.
      await waitForFile(path.join(otherInbox, 'done', name));
      expect((await detail(loadId)).state).toBe('batched');
    } finally {
      await setPlant({ batchPanelInbox: inbox });
    }
  });

  it('takes a result that arrives while the server is down once it is back', async () => {
    const loadId = await dispatched();
    const sent = await send(loadId);
    await t.app.close();
    const name = batchResultFileName(sent.ticketNumber, 1);
    await writeResult(batchedFor(readJob(sent.ticketNumber, 1)), name);
    await sleep(300);
    expect(existsSync(path.join(inbox, name))).toBe(true);

    restarted = await buildApp({
      env: readEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }),
      tenancy: t.tenancy,
      now: () => t.clock.now,
      jobOptions: fastJobs,
    });
    const app = restarted;
    const read = async () =>
      (
        await app.inject({
          method: 'GET',
          url: `/api/v1/batch-queue/${loadId}`,
          headers: { authorization: `Bearer ${tokens.batchman}` },
        })
      ).json<BatchDetail>();
    // Its first request for the database watches the database's inboxes.
    const batched = await waitFor(read, (shown) => shown.state === 'batched', 15_000);
    expect(batched.weights.map((line) => line.batched)).toEqual([5641, 306]);
    await waitForFile(path.join(inbox, 'done', name));
  });
});
