/**
 * R-BATCH-1..8: the batch load screen's vocabulary and rules, shared by the server that sends loads
 * to a plant's batch panel and the screen that shows the queue. A dispatched load (ticketed, R-DISP-2)
 * waits in its plant's batch queue; it is sent to the batch panel (when the plant and the order say
 * the mix is uploaded) or batched by hand, and its batched weights land on its ticket.
 */
import { z } from 'zod';
import { int4Max } from '../api/fields';

/** R-BATCH-2: where a load is on its way through the batch panel. */
export const batchStates = ['queued', 'sent', 'batched', 'failed'] as const;
export const batchStateSchema = z.enum(batchStates);
export type BatchState = z.infer<typeof batchStateSchema>;

/**
 * R-BATCH-3: how a load is batched. 'panel' when the plant uses a batch panel (useBatchPanelFlag)
 * and the order uploads its mix to it (uploadMixToBatchPanel); 'manual' otherwise: the batchman
 * batches by hand and records it with "Mark batched".
 */
export const batchModes = ['panel', 'manual'] as const;
export type BatchMode = (typeof batchModes)[number];

export function batchModeOf(flags: {
  plantUsesBatchPanel: boolean;
  orderUploadsMix: boolean;
}): BatchMode {
  return flags.plantUsesBatchPanel && flags.orderUploadsMix ? 'panel' : 'manual';
}

/** One raw material of the load's mix: what the design asks for and, once batched, what went in. */
export const batchWeightSchema = z.object({
  rawMaterialId: z.int().positive(),
  code: z.string(),
  description: z.string(),
  /** The raw material's unit (lb, oz, gal, ...), as the ticket prints it. */
  unit: z.string().nullable(),
  target: z.number(),
  batched: z.number().nullable(),
});
export type BatchWeight = z.infer<typeof batchWeightSchema>;

export const batchQueueItemSchema = z.object({
  loadId: z.int().positive(),
  loadNumber: z.int().positive(),
  ticketId: z.int().positive(),
  ticketNumber: z.int().positive(),
  truckId: z.int().positive().nullable(),
  truckNumber: z.string().nullable(),
  orderId: z.int().positive(),
  orderNumber: z.int().positive(),
  customerName: z.string().nullable(),
  jobNumber: z.string().nullable(),
  jobName: z.string().nullable(),
  productNumber: z.string().nullable(),
  mixDescription: z.string().nullable(),
  quantity: z.number(),
  unit: z.string().nullable(),
  slump: z.number().nullable(),
  /** R-BATCH-5: the most water the driver may add on site, as the ticket carries it. */
  allowedWaterGallons: z.number().nullable(),
  /** The alley the load was sent to or batched in; null while it waits for any alley. */
  alley: z.int().positive().nullable(),
  mode: z.enum(batchModes),
  state: batchStateSchema,
  /** How many times it was sent to the panel. */
  attempts: z.int().nonnegative(),
  lastError: z.string().nullable(),
  sentBy: z.string().nullable(),
  sentAt: z.iso.datetime({ offset: true }).nullable(),
  batchedBy: z.string().nullable(),
  batchedAt: z.iso.datetime({ offset: true }).nullable(),
});
export type BatchQueueItem = z.infer<typeof batchQueueItemSchema>;

export const batchQueueSchema = z.object({
  plantId: z.int().positive(),
  plantName: z.string(),
  numberOfAlleys: z.int().positive(),
  usesBatchPanel: z.boolean(),
  data: z.array(batchQueueItemSchema),
});
export type BatchQueue = z.infer<typeof batchQueueSchema>;

/** A queue item with its mix's raw materials: the detail panel and GET .../:loadId. */
export const batchDetailSchema = batchQueueItemSchema.extend({
  weights: z.array(batchWeightSchema),
});
export type BatchDetail = z.infer<typeof batchDetailSchema>;

export const batchQueueQuerySchema = z.object({
  plantId: z.coerce.number().int().positive().max(int4Max),
  /** R-BATCH-4: one alley's loads and those no alley has taken yet; every alley when absent. */
  alley: z.coerce.number().int().positive().max(99).optional(),
});
export type BatchQueueQuery = z.infer<typeof batchQueueQuerySchema>;

/** Send, retry and mark batched: the alley the batchman works at (1 when the plant has one). */
export const batchActionBodySchema = z
  .object({ alley: z.int().positive().max(99).optional() })
  .optional()
  .default({});
export type BatchActionBody = z.infer<typeof batchActionBodySchema>;

/** The simulator's switch (R-BATCH-8): the plant's next send fails, or no longer does. */
export const batchSimulatorBodySchema = z.object({
  plantId: z.int().positive().max(int4Max),
  failNext: z.boolean(),
});

/** R-BATCH-6: a ticket's batch, as GET /api/v1/tickets/:id/batch-weights answers. */
export const ticketBatchSchema = z.object({
  ticketId: z.int().positive(),
  ticketNumber: z.int().positive(),
  batchDateTime: z.iso.datetime({ offset: true }).nullable(),
  state: batchStateSchema,
  weights: z.array(batchWeightSchema),
});
export type TicketBatch = z.infer<typeof ticketBatchSchema>;

/** batchQueueUpdate_v1: a queued load changed state; screens of the plant refetch it. */
export type BatchQueueUpdate = {
  plantId: number;
  loadId: number;
  ticketId: number;
  state: BatchState;
  alley: number | null;
};

/** R-BATCH-4: an alley exists at the plant (alleys default to 1, spec section 9). */
export function alleyProblem(alley: number, numberOfAlleys: number): string | null {
  if (!Number.isInteger(alley) || alley < 1 || alley > numberOfAlleys) {
    return numberOfAlleys === 1
      ? 'must be 1: the plant has one alley'
      : `must be between 1 and ${numberOfAlleys}: the plant's alleys`;
  }
  return null;
}

/**
 * R-BATCH-6: each raw material's target for a load: the mix design's quantity per unit of concrete
 * times the load's quantity, to a tenth of the raw material's unit.
 */
export function batchTargets<R extends { quantity: number }>(
  recipe: readonly R[],
  loadQuantity: number,
): (R & { target: number })[] {
  return recipe.map((line) => ({
    ...line,
    target: Math.round(line.quantity * loadQuantity * 10) / 10,
  }));
}

/**
 * R-BATCH-7: a batched weight is within tolerance when it is within 2% of its target (ASTM C94's
 * tolerance for aggregates and for cumulative batching; the screen marks the others). A zero
 * target allows nothing else but zero.
 */
export const batchTolerance = 0.02;

export function isWithinBatchTolerance(target: number, batched: number): boolean {
  if (target === 0) return batched === 0;
  return Math.abs(batched - target) <= Math.abs(target) * batchTolerance + 1e-9;
}

export type BatchAction = 'send' | 'retry' | 'markBatched';

export type BatchRefusal = {
  code: 'manual_batching' | 'already_sent' | 'already_batched' | 'not_failed' | 'failed_retry';
  message: string;
};

export type BatchActionTarget = {
  ticketNumber: number;
  plantName: string;
  mode: BatchMode;
  state: BatchState;
  sentBy: string | null;
  batchedBy: string | null;
  alley: number | null;
};

/**
 * R-BATCH-2..3: why an action cannot be taken on a queued load now, or null when it can. Send takes
 * a queued load to the panel, retry a failed one; mark batched records a load batched by hand
 * (queued or failed, never one the panel is batching). Each refusal names who holds the load.
 */
export function batchActionRefusal(
  action: BatchAction,
  load: BatchActionTarget,
): BatchRefusal | null {
  const ticket = `Ticket ${load.ticketNumber}`;
  if (load.state === 'batched') {
    return {
      code: 'already_batched',
      message: `${ticket} was already batched${load.batchedBy ? ` by ${load.batchedBy}` : ''}.`,
    };
  }
  if (load.state === 'sent') {
    const alley = load.alley === null ? '' : ` in alley ${load.alley}`;
    return {
      code: 'already_sent',
      message: `${ticket} was sent to the batch panel${alley} by ${load.sentBy ?? 'someone else'} and is batching.`,
    };
  }
  if (action === 'markBatched') return null;
  if (load.mode === 'manual') {
    return {
      code: 'manual_batching',
      message: `${load.plantName} batches ${ticket.toLowerCase()} by hand: mark it batched once loaded.`,
    };
  }
  if (action === 'send' && load.state === 'failed') {
    return { code: 'failed_retry', message: `${ticket} failed at the batch panel: retry it.` };
  }
  if (action === 'retry' && load.state !== 'failed') {
    return { code: 'not_failed', message: `${ticket} has not failed: send it.` };
  }
  return null;
}
