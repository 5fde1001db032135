/**
 * R-BATCH-2, R-BATCH-6: a dispatched load's way through its plant's batch panel, and the weights
 * batched for its ticket. A load in the batch queue without a load_batches row is queued.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';
import {
  modifiedAt,
  modifiedBy,
  nonNegativeCheck,
  quantity,
  timestamptz,
  version,
} from './columns';
import { unitsOfMeasure } from './lookups';
import { plants } from './plants';
import { rawMaterials } from './products';
import { loads, tickets } from './tickets';

export const loadBatches = pgTable(
  'load_batches',
  {
    loadId: integer()
      .primaryKey()
      .references(() => loads.id, { onDelete: 'cascade' }),
    // The ticket it was batched for: a voided ticket's load starts again with its next ticket.
    ticketId: integer()
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    plantId: integer()
      .notNull()
      .references(() => plants.id),
    alley: smallint(),
    state: text().notNull().default('queued'),
    attempts: integer().notNull().default(0),
    lastError: text(),
    sentAt: timestamptz(),
    sentBy: text(),
    batchedAt: timestamptz(),
    batchedBy: text(),
    version: version(),
    modifiedAt: modifiedAt(),
    modifiedBy: modifiedBy(),
  },
  (t) => [
    index('load_batches_plant_id_idx').on(t.plantId),
    check('load_batches_state_check', sql`${t.state} in ('queued', 'sent', 'batched', 'failed')`),
    check('load_batches_alley_check', sql`${t.alley} >= 1`),
  ],
);

/** Per ticket and raw material: the mix design's target for the load and what the panel batched. */
export const ticketBatchWeights = pgTable(
  'ticket_batch_weights',
  {
    ticketId: integer()
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    rawMaterialId: integer()
      .notNull()
      .references(() => rawMaterials.id),
    sequence: smallint().notNull().default(0),
    targetQuantity: quantity().notNull(),
    batchedQuantity: quantity(),
    unitOfMeasureId: integer().references(() => unitsOfMeasure.id),
  },
  (t) => [
    primaryKey({ columns: [t.ticketId, t.rawMaterialId] }),
    nonNegativeCheck('ticket_batch_weights_quantities_check', t.targetQuantity, t.batchedQuantity),
  ],
);
