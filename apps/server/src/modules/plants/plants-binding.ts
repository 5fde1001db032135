/**
 * Where plants live for the resource engine (R-RES-1): the plants table, its concrete plant and
 * aggregate pit detail rows, and the plant's live event. Every write publishes plantUpdate_v1 with
 * the plant's live view beside resourceChanged_v1, in the write's transaction (R-LIVE-1), and
 * leaves a concrete plant or aggregate pit with its detail row (the section 9 defaults when none
 * was sent), as ticket numbering reads it.
 *
 * A caller sees, and writes, only plants of their own system types (ADR 005): the plants module
 * before the engine sent every plant to every caller; a concrete-only dispatcher now picks from
 * concrete plants only. The board read (modules/plants/plants-board.routes.ts) still names every
 * plant, as plantUpdate_v1 does to every connected client.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import { integer, numeric, pgTable, smallint, text } from 'drizzle-orm/pg-core';
import type { PlantLiveView } from '@dispatch/domain/plants/plant-live-view';
import { isSystemTypeId, systemTypeIds } from '@dispatch/domain/system-types';
import type { Tx } from '../../db/client';
import { aggregatePits, concretePlants, plants } from '../../db/schema/plants';
import { publish } from '../../dispatch/publish';
import type { ResourceBinding } from '../../resources/resource-binding';

/*
 * The detail tables are keyed by their plant (plant_id is both the key and the parent key), while
 * the engine's child rows carry an `id`: these declarations of the same tables name plant_id `id`,
 * so a detail row is answered with its plant's id and found by it when sent back. They declare
 * only the columns the definition edits; the rest keep their database defaults. Not in
 * src/db/schema, so drizzle-kit never sees them as tables of their own. Every column is named
 * explicitly: the client's snake_case casing caches a table's column names by table name, and a
 * partial declaration left to it would hide the real table's other columns from it.
 */
const concretePlantRows = pgTable('concrete_plants', {
  id: integer('plant_id').primaryKey(),
  numberOfAlleys: smallint('number_of_alleys').notNull(),
  nextTicketNumber: integer('next_ticket_number').notNull(),
});

const aggregatePitRows = pgTable('aggregate_pits', {
  id: integer('plant_id').primaryKey(),
  zone: text('zone'),
  fuelSurChage: numeric('fuel_sur_chage', { precision: 12, scale: 2, mode: 'number' }),
  nextTicketNumber: integer('next_ticket_number').notNull(),
  nextBillOfLadingNumber: integer('next_bill_of_lading_number').notNull(),
  railScheduleEdiStoredProcedureName: text('rail_schedule_edi_stored_procedure_name'),
});

/** What plantUpdate_v1 carries about a plant (R-ENTITY-16's live view). */
export async function plantLiveView(tx: Tx, id: number): Promise<PlantLiveView | undefined> {
  const [row] = await tx
    .select({
      id: plants.id,
      description: plants.description,
      systemTypeId: plants.systemTypeId,
      inactiveFlag: plants.inactiveFlag,
      plantColorId: plants.plantColorId,
      latitude: plants.latitude,
      longitude: plants.longitude,
      version: plants.version,
    })
    .from(plants)
    .where(eq(plants.id, id));
  if (!row || !isSystemTypeId(row.systemTypeId)) return undefined;
  return { ...row, systemTypeId: row.systemTypeId };
}

/** A concrete plant or aggregate pit always has its detail row; other plants have none. */
async function ensureDetails(tx: Tx, id: number, systemTypeId: number): Promise<void> {
  if (systemTypeId === systemTypeIds.concrete) {
    await tx.insert(concretePlants).values({ plantId: id }).onConflictDoNothing();
  }
  if (systemTypeId === systemTypeIds.aggregate) {
    await tx.insert(aggregatePits).values({ plantId: id }).onConflictDoNothing();
  }
}

export const plantsBinding: ResourceBinding = {
  table: plants,
  modifiedAtKey: 'modifiedOn',
  scope: (context) =>
    context.systemTypeIds.length === 0
      ? sql`false`
      : inArray(plants.systemTypeId, [...context.systemTypeIds]),
  check: (_tx, record, context) =>
    Promise.resolve(
      typeof record.systemTypeId === 'number' &&
        !context.systemTypeIds.includes(record.systemTypeId)
        ? [{ field: 'systemTypeId', reason: 'is not one of your system types' }]
        : [],
    ),
  children: {
    concretePlant: { table: concretePlantRows, parentKey: 'id' },
    aggregatePit: { table: aggregatePitRows, parentKey: 'id' },
  },
  afterWrite: async (tx, id) => {
    const view = await plantLiveView(tx, id);
    if (!view) return;
    await ensureDetails(tx, id, view.systemTypeId);
    await publish(tx, {
      name: 'plantUpdate_v1',
      data: view,
      ids: [id],
      systemTypeId: view.systemTypeId,
    });
  },
};
