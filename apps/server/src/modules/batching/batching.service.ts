/**
 * R-BATCH-1..9: the batch queue of a plant (its dispatched loads, R-DISP-2), sending a load's mix to
 * the batch panel, retrying a failure, recording a load batched by hand, and the panel's report
 * landing on the ticket. Every state change is one transaction that publishes batchQueueUpdate_v1
 * (and ticketUpdate_v1 when the ticket changes) inside it.
 */
import { and, asc, desc, eq, isNull, or, sql } from 'drizzle-orm';
import {
  alleyProblem,
  batchActionRefusal,
  batchModeOf,
  batchTargets,
  type BatchAction,
  type BatchDetail,
  type BatchQueue,
  type BatchQueueItem,
  type BatchQueueUpdate,
  type BatchState,
  type BatchWeight,
} from '@dispatch/domain/batching/batch-queue';
import { loadStatusIds } from '@dispatch/domain/dispatch/load-status';
import { systemTypeIds, type SystemTypeId } from '@dispatch/domain/system-types';
import type { Db, Tx } from '../../db/client';
import { loadBatches, ticketBatchWeights } from '../../db/schema/batching';
import { customers } from '../../db/schema/customers';
import { jobs } from '../../db/schema/jobs';
import { orders, scheduleProducts, schedules } from '../../db/schema/orders';
import { concretePlants, plants } from '../../db/schema/plants';
import {
  concreteMixRawMaterials,
  concreteMixes,
  products,
  rawMaterials,
} from '../../db/schema/products';
import { loads, tickets } from '../../db/schema/tickets';
import { publish } from '../../dispatch/publish';
import { ApiError, notFound, validationError } from '../../http/api-error';
import { translatingDatabaseErrors } from '../../http/database-errors';
import { storedWeightsOf, unitText } from '../tickets/ticket-batch';
import { publishTicket, ticketLiveColumns } from '../tickets/ticket-live';
import type { BatchJob, BatchPanelAdapter, BatchPanelReport } from './batch-panel';

const iso = (value: Date | null) => (value ? value.toISOString() : null);

/** The queue's rows: dispatched loads with their ticket, order, job, mix and batch state. */
function queueSelect(db: Db | Tx) {
  return db
    .select({
      loadId: loads.id,
      loadNumber: loads.loadNumber,
      quantity: loads.quantity,
      ticketId: tickets.id,
      ticketNumber: tickets.number,
      truckId: tickets.truckId,
      truckNumber: tickets.truckNumber,
      allowedWaterGallons: tickets.maxAllowableWaterGallons,
      orderId: orders.id,
      orderNumber: orders.number,
      systemTypeId: orders.systemTypeId,
      uploadMixToBatchPanel: orders.uploadMixToBatchPanel,
      customerName: sql<string | null>`coalesce(${customers.name}, ${orders.customerName})`,
      jobNumber: jobs.number,
      jobName: sql<string | null>`coalesce(${jobs.address2}, ${jobs.address1})`,
      plantId: schedules.plantId,
      plantName: plants.description,
      useBatchPanelFlag: plants.useBatchPanelFlag,
      productId: scheduleProducts.productId,
      productNumber: products.number,
      unitOfMeasureId: products.unitOfMeasureId,
      mixId: concreteMixes.id,
      mixDescription: sql<
        string | null
      >`coalesce(${concreteMixes.description}, ${products.description})`,
      slump: sql<
        number | null
      >`coalesce(${scheduleProducts.slump}, ${concreteMixes.slump})`.mapWith(
        (value: string | null) => (value === null ? null : Number(value)),
      ),
      batch: loadBatches,
    })
    .from(loads)
    .innerJoin(tickets, eq(tickets.id, loads.ticketId))
    .innerJoin(orders, eq(orders.id, loads.orderId))
    .leftJoin(customers, eq(customers.id, orders.customerId))
    .leftJoin(jobs, eq(jobs.id, orders.jobId))
    .innerJoin(schedules, eq(schedules.id, loads.scheduleId))
    .innerJoin(plants, eq(plants.id, schedules.plantId))
    .leftJoin(
      scheduleProducts,
      and(
        eq(scheduleProducts.scheduleId, loads.scheduleId),
        eq(scheduleProducts.primaryFlag, true),
      ),
    )
    .leftJoin(products, eq(products.id, scheduleProducts.productId))
    .leftJoin(
      concreteMixes,
      and(
        eq(concreteMixes.productId, scheduleProducts.productId),
        eq(concreteMixes.plantId, schedules.plantId),
      ),
    )
    .leftJoin(
      loadBatches,
      and(eq(loadBatches.loadId, loads.id), eq(loadBatches.ticketId, loads.ticketId)),
    )
    .$dynamic();
}

type QueueRow = Awaited<ReturnType<ReturnType<typeof queueSelect>['execute']>>[number];

/**
 * R-BATCH-1: a load is in its plant's batch queue from its dispatch (ticketed, on a ticket not
 * voided) until its truck leaves loaded (the ticket's loaded time is stamped).
 */
const inQueue = and(
  eq(loads.statusId, loadStatusIds.ticketed),
  isNull(tickets.voidStatusId),
  isNull(tickets.loadedDateTime),
);

function toItem(row: QueueRow): BatchQueueItem {
  const batch = row.batch;
  return {
    loadId: row.loadId,
    loadNumber: row.loadNumber,
    ticketId: row.ticketId,
    ticketNumber: row.ticketNumber,
    truckId: row.truckId,
    truckNumber: row.truckNumber,
    orderId: row.orderId,
    orderNumber: row.orderNumber,
    customerName: row.customerName,
    jobNumber: row.jobNumber,
    jobName: row.jobName,
    productNumber: row.productNumber,
    mixDescription: row.mixDescription,
    quantity: row.quantity,
    unit: unitText(row.unitOfMeasureId),
    slump: row.slump,
    allowedWaterGallons: row.allowedWaterGallons,
    alley: batch?.alley ?? null,
    mode: batchModeOf({
      plantUsesBatchPanel: row.useBatchPanelFlag,
      orderUploadsMix: row.uploadMixToBatchPanel,
    }),
    state: (batch?.state ?? 'queued') as BatchState,
    attempts: batch?.attempts ?? 0,
    lastError: batch?.lastError ?? null,
    sentBy: batch?.sentBy ?? null,
    sentAt: iso(batch?.sentAt ?? null),
    batchedBy: batch?.batchedBy ?? null,
    batchedAt: iso(batch?.batchedAt ?? null),
  };
}

type PlantOfQueue = { id: number; name: string; numberOfAlleys: number; usesBatchPanel: boolean };

async function plantOf(db: Db | Tx, plantId: number): Promise<PlantOfQueue | undefined> {
  const [plant] = await db
    .select({
      id: plants.id,
      name: plants.description,
      systemTypeId: plants.systemTypeId,
      numberOfAlleys: concretePlants.numberOfAlleys,
      usesBatchPanel: plants.useBatchPanelFlag,
    })
    .from(plants)
    .leftJoin(concretePlants, eq(concretePlants.plantId, plants.id))
    .where(eq(plants.id, plantId));
  if (!plant || plant.systemTypeId !== systemTypeIds.concrete) return undefined;
  // R-CONST-10: a concrete plant without its detail row has the default, one alley.
  return { ...plant, numberOfAlleys: plant.numberOfAlleys ?? 1 };
}

export type QueueQuery = {
  plantId: number;
  alley?: number | undefined;
  allowedSystemTypeIds: readonly SystemTypeId[];
};

/** R-BATCH-1, R-BATCH-4: the plant's queue, one alley's and the untaken loads when an alley is given. */
export async function listBatchQueue(db: Db, query: QueueQuery): Promise<BatchQueue> {
  const plant = await plantOf(db, query.plantId);
  if (!plant || !query.allowedSystemTypeIds.includes(1)) throw notFound(`Plant ${query.plantId}`);
  if (query.alley !== undefined) {
    const problem = alleyProblem(query.alley, plant.numberOfAlleys);
    if (problem) throw validationError([{ field: 'alley', reason: problem }]);
  }
  const rows = await queueSelect(db)
    .where(
      and(
        inQueue,
        eq(schedules.plantId, plant.id),
        query.alley === undefined
          ? undefined
          : or(isNull(loadBatches.alley), eq(loadBatches.alley, query.alley)),
      ),
    )
    // Loads still to batch first, by ticket; then the batched ones, the latest first.
    .orderBy(
      sql`case when ${loadBatches.state} = 'batched' then 1 else 0 end`,
      sql`case when ${loadBatches.state} = 'batched' then -${tickets.number} else ${tickets.number} end`,
    );
  return {
    plantId: plant.id,
    plantName: plant.name,
    numberOfAlleys: plant.numberOfAlleys,
    usesBatchPanel: plant.usesBatchPanel,
    data: rows.map(toItem),
  };
}

async function queueRowOf(db: Db | Tx, loadId: number): Promise<QueueRow | undefined> {
  const [row] = await queueSelect(db).where(and(inQueue, eq(loads.id, loadId)));
  return row;
}

/** The mix design's raw materials with their targets for the load (R-BATCH-6). */
async function designTargets(db: Db | Tx, row: QueueRow) {
  if (row.mixId === null) return [];
  const recipe = await db
    .select({
      rawMaterialId: rawMaterials.id,
      code: rawMaterials.code,
      description: rawMaterials.description,
      unitOfMeasureId: sql<number>`coalesce(${concreteMixRawMaterials.unitOfMeasureId}, ${rawMaterials.unitOfMeasureId})`,
      sequence: concreteMixRawMaterials.sequence,
      quantity: concreteMixRawMaterials.quantity,
    })
    .from(concreteMixRawMaterials)
    .innerJoin(rawMaterials, eq(rawMaterials.id, concreteMixRawMaterials.rawMaterialId))
    .where(eq(concreteMixRawMaterials.concreteMixId, row.mixId))
    .orderBy(asc(concreteMixRawMaterials.sequence), asc(rawMaterials.code));
  return batchTargets(recipe, row.quantity);
}

/** The ticket's weights once sent (targets, then what was batched), else the design's targets. */
async function weightsOf(db: Db | Tx, row: QueueRow): Promise<BatchWeight[]> {
  const stored = await storedWeightsOf(db, row.ticketId);
  const lines =
    stored.length > 0
      ? stored
      : (await designTargets(db, row)).map((line) => ({ ...line, batched: null }));
  return lines.map((line) => ({
    rawMaterialId: line.rawMaterialId,
    code: line.code,
    description: line.description,
    unit: unitText(line.unitOfMeasureId),
    target: line.target,
    batched: line.batched,
  }));
}

/**
 * The load's queue row when the user may see it: only concrete loads batch, and a load of a system
 * type the user may not see reads as missing (404), not as forbidden.
 */
function queuedForUser(
  row: QueueRow | undefined,
  loadId: number,
  allowedSystemTypeIds: readonly SystemTypeId[],
): QueueRow {
  if (
    !row ||
    row.systemTypeId !== systemTypeIds.concrete ||
    !allowedSystemTypeIds.some((id) => id === row.systemTypeId)
  ) {
    throw notFound(`Load ${loadId} in a batch queue`);
  }
  return row;
}

/** R-BATCH-1: one queued load with its weights, as the detail panel shows it. */
export async function batchDetail(
  db: Db | Tx,
  loadId: number,
  allowedSystemTypeIds: readonly SystemTypeId[],
): Promise<BatchDetail> {
  const row = queuedForUser(await queueRowOf(db, loadId), loadId, allowedSystemTypeIds);
  return { ...toItem(row), weights: await weightsOf(db, row) };
}

/** The load's row locked for the action, its queue row read under the lock. */
async function lockedQueueRow(
  tx: Tx,
  loadId: number,
  allowedSystemTypeIds: readonly SystemTypeId[],
): Promise<QueueRow> {
  await tx.select({ id: loads.id }).from(loads).where(eq(loads.id, loadId)).for('update');
  return queuedForUser(await queueRowOf(tx, loadId), loadId, allowedSystemTypeIds);
}

/** The load's batch row as given: made on its first send, else overwritten at its next version. */
async function writeLoadBatch(tx: Tx, values: typeof loadBatches.$inferInsert): Promise<void> {
  await tx
    .insert(loadBatches)
    .values(values)
    .onConflictDoUpdate({
      target: loadBatches.loadId,
      set: { ...values, version: sql`${loadBatches.version} + 1` },
    });
}

async function publishBatch(tx: Tx, update: BatchQueueUpdate): Promise<void> {
  await publish(tx, { name: 'batchQueueUpdate_v1', data: update, ids: [update.loadId] });
}

async function stampTicketBatched(tx: Tx, ticketId: number, now: Date, username: string) {
  const [ticket] = await tx
    .update(tickets)
    .set({
      batchDateTime: now,
      version: sql`${tickets.version} + 1`,
      modifiedAt: now,
      modifiedBy: username,
    })
    .where(eq(tickets.id, ticketId))
    .returning(ticketLiveColumns);
  await publishTicket(tx, ticket!);
}

export type BatchCommand = {
  loadId: number;
  action: BatchAction;
  alley: number | undefined;
  allowedSystemTypeIds: readonly SystemTypeId[];
  username: string;
  database: string;
  now: () => Date;
};

function checkAlley(alley: number | undefined, plant: PlantOfQueue): number {
  const chosen = alley ?? 1;
  const problem = alleyProblem(chosen, plant.numberOfAlleys);
  if (problem) throw validationError([{ field: 'alley', reason: problem }]);
  return chosen;
}

function refuse(action: BatchAction, row: QueueRow, plantName: string): void {
  const item = toItem(row);
  const refusal = batchActionRefusal(action, { ...item, plantName });
  if (refusal) throw new ApiError('conflict', refusal.message, { code: refusal.code });
}

/**
 * R-BATCH-2, R-BATCH-8: send (or retry) a load to the batch panel. The load is marked sent with its
 * targets on the ticket in one transaction; then the panel gets the job. A panel that refuses at
 * once leaves the load failed with its reason; its later report lands through `recordPanelReport`.
 */
export async function sendToBatchPanel(
  db: Db,
  panel: BatchPanelAdapter,
  command: BatchCommand,
  onReport: (job: BatchJob, outcome: BatchPanelReport) => Promise<void>,
): Promise<BatchDetail> {
  const job = await translatingDatabaseErrors(() =>
    db.transaction(async (tx): Promise<BatchJob> => {
      const row = await lockedQueueRow(tx, command.loadId, command.allowedSystemTypeIds);
      const plant = (await plantOf(tx, row.plantId))!;
      const alley = checkAlley(command.alley, plant);
      refuse(command.action, row, plant.name);
      const targets = await designTargets(tx, row);
      if (targets.length === 0) {
        throw new ApiError(
          'conflict',
          `Mix ${row.productNumber ?? ''} has no raw materials at ${plant.name}: there is nothing to send to the batch panel. Batch it by hand and mark it batched.`,
          { code: 'no_mix_design' },
        );
      }
      const now = command.now();
      await tx.delete(ticketBatchWeights).where(eq(ticketBatchWeights.ticketId, row.ticketId));
      await tx.insert(ticketBatchWeights).values(
        targets.map((line, index) => ({
          ticketId: row.ticketId,
          rawMaterialId: line.rawMaterialId,
          sequence: index,
          targetQuantity: line.target,
          unitOfMeasureId: line.unitOfMeasureId,
        })),
      );
      const attempts = (row.batch?.attempts ?? 0) + 1;
      const values = {
        loadId: row.loadId,
        ticketId: row.ticketId,
        plantId: row.plantId,
        alley,
        state: 'sent' as const,
        attempts,
        lastError: null,
        sentAt: now,
        sentBy: command.username,
        batchedAt: null,
        batchedBy: null,
        modifiedAt: now,
        modifiedBy: command.username,
      };
      await writeLoadBatch(tx, values);
      await publishBatch(tx, {
        plantId: row.plantId,
        loadId: row.loadId,
        ticketId: row.ticketId,
        state: 'sent',
        alley,
      });
      return {
        database: command.database,
        plantId: row.plantId,
        alley,
        loadId: row.loadId,
        ticketId: row.ticketId,
        ticketNumber: row.ticketNumber,
        attempt: attempts,
        productNumber: row.productNumber,
        quantity: row.quantity,
        slump: row.slump,
        materials: targets.map((line) => ({
          rawMaterialId: line.rawMaterialId,
          code: line.code,
          target: line.target,
        })),
      };
    }),
  );
  try {
    await panel.send(job, (outcome) => onReport(job, outcome));
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    await recordPanelReport(
      db,
      job,
      { kind: 'failed', reason: `${panel.name}: ${reason}` },
      command.now(),
    );
  }
  return batchDetail(db, command.loadId, command.allowedSystemTypeIds);
}

/** What a report needs of its job: a result file's job is resolved from the database (R-BATCH-10). */
export type ReportedJob = Pick<BatchJob, 'plantId' | 'loadId' | 'ticketId' | 'attempt'> & {
  alley: number | null;
};

/**
 * R-BATCH-10: the load the plant's batch panel was last sent for a ticket number, with its attempt,
 * state and the raw materials on its ticket: a result file names only the ticket number and
 * attempt, and may arrive after a restart, when no job is held in memory.
 */
export async function sentBatchOf(db: Db, plantId: number, ticketNumber: number) {
  const [batch] = await db
    .select({
      loadId: loadBatches.loadId,
      ticketId: loadBatches.ticketId,
      alley: loadBatches.alley,
      attempts: loadBatches.attempts,
      state: loadBatches.state,
    })
    .from(loadBatches)
    .innerJoin(tickets, eq(tickets.id, loadBatches.ticketId))
    .where(and(eq(loadBatches.plantId, plantId), eq(tickets.number, ticketNumber)))
    .orderBy(desc(loadBatches.loadId))
    .limit(1);
  if (!batch) return undefined;
  const lines = await db
    .select({ rawMaterialId: ticketBatchWeights.rawMaterialId })
    .from(ticketBatchWeights)
    .where(eq(ticketBatchWeights.ticketId, batch.ticketId));
  return { ...batch, rawMaterialIds: lines.map((line) => line.rawMaterialId) };
}

/**
 * R-BATCH-6, R-BATCH-8: the panel's report for a job. Batched: the weights go on the ticket per
 * raw material, the ticket's batch time is stamped, the load is batched. Failed: the load stays in
 * the queue, failed, with the reason, to be retried. A report for a load no longer sent on that
 * attempt (marked by hand meanwhile, voided, sent again) changes nothing.
 */
export async function recordPanelReport(
  db: Db,
  job: ReportedJob,
  outcome: BatchPanelReport,
  now: Date,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.select({ id: loads.id }).from(loads).where(eq(loads.id, job.loadId)).for('update');
    const [batch] = await tx.select().from(loadBatches).where(eq(loadBatches.loadId, job.loadId));
    if (
      !batch ||
      batch.state !== 'sent' ||
      batch.attempts !== job.attempt ||
      batch.ticketId !== job.ticketId
    ) {
      return false;
    }
    const by = batch.sentBy ?? 'batch panel';
    if (outcome.kind === 'batched') {
      for (const weight of outcome.weights) {
        await tx
          .update(ticketBatchWeights)
          .set({ batchedQuantity: weight.batched })
          .where(
            and(
              eq(ticketBatchWeights.ticketId, job.ticketId),
              eq(ticketBatchWeights.rawMaterialId, weight.rawMaterialId),
            ),
          );
      }
      await stampTicketBatched(tx, job.ticketId, now, by);
    }
    const state: BatchState = outcome.kind === 'batched' ? 'batched' : 'failed';
    await tx
      .update(loadBatches)
      .set({
        state,
        lastError: outcome.kind === 'failed' ? outcome.reason : null,
        batchedAt: outcome.kind === 'batched' ? now : null,
        batchedBy: outcome.kind === 'batched' ? by : null,
        version: sql`${loadBatches.version} + 1`,
        modifiedAt: now,
        modifiedBy: by,
      })
      .where(eq(loadBatches.loadId, job.loadId));
    await publishBatch(tx, {
      plantId: job.plantId,
      loadId: job.loadId,
      ticketId: job.ticketId,
      state,
      alley: job.alley,
    });
    return true;
  });
}

/**
 * R-BATCH-3: a load batched by hand (a plant without a panel, an order whose mix is not uploaded,
 * or after a panel failure): the load is batched, the ticket's batch time stamped.
 */
export async function markBatched(db: Db, command: BatchCommand): Promise<BatchDetail> {
  await translatingDatabaseErrors(() =>
    db.transaction(async (tx) => {
      const row = await lockedQueueRow(tx, command.loadId, command.allowedSystemTypeIds);
      const plant = (await plantOf(tx, row.plantId))!;
      const alley = checkAlley(command.alley, plant);
      refuse('markBatched', row, plant.name);
      const now = command.now();
      const values = {
        loadId: row.loadId,
        ticketId: row.ticketId,
        plantId: row.plantId,
        alley,
        state: 'batched' as const,
        attempts: row.batch?.attempts ?? 0,
        lastError: row.batch?.lastError ?? null,
        sentAt: row.batch?.sentAt ?? null,
        sentBy: row.batch?.sentBy ?? null,
        batchedAt: now,
        batchedBy: command.username,
        modifiedAt: now,
        modifiedBy: command.username,
      };
      await writeLoadBatch(tx, values);
      await stampTicketBatched(tx, row.ticketId, now, command.username);
      await publishBatch(tx, {
        plantId: row.plantId,
        loadId: row.loadId,
        ticketId: row.ticketId,
        state: 'batched',
        alley,
      });
    }),
  );
  return batchDetail(db, command.loadId, command.allowedSystemTypeIds);
}
