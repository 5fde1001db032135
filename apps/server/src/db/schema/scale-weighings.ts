/**
 * R-SCALE-4..6: every weight taken from a pit's scale indicator, with the raw frame it came from.
 * A weight is taken first and put on a ticket when the ticket is saved; a truck's empty weigh-in
 * without a stored tare waits here, open, for its second pass (two-pass weighing).
 */
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { scaleWeightUnits } from '@dispatch/domain/plants/scale';
import { weighingKinds } from '@dispatch/domain/tickets/scale-weighings';
import { quantity, timestamptz } from './columns';
import { plants } from './plants';
import { tickets } from './tickets';
import { trucks } from './trucks';

export const scaleWeighings = pgTable(
  'scale_weighings',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    plantId: integer()
      .notNull()
      .references(() => plants.id),
    /** gross (loaded) or tare (empty). */
    kind: text({ enum: weighingKinds }).notNull(),
    weight: quantity().notNull(),
    unit: text({ enum: scaleWeightUnits }).notNull(),
    /** The indicator's frame, printable; null for a weight read from the simulator. */
    frame: text(),
    takenAt: timestamptz().notNull().defaultNow(),
    takenBy: text().notNull(),
    /** The truck weighed in empty, for its second pass (a tare without a ticket yet). */
    truckId: integer().references(() => trucks.id, { onDelete: 'set null' }),
    /** The ticket the weight went onto; null until then. */
    ticketId: integer().references(() => tickets.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('scale_weighings_plant_id_taken_at_idx').on(t.plantId, t.takenAt),
    index('scale_weighings_ticket_id_idx').on(t.ticketId),
    index('scale_weighings_open_tares_idx')
      .on(t.plantId, t.truckId)
      .where(sql`${t.kind} = 'tare' and ${t.ticketId} is null and ${t.truckId} is not null`),
    check('scale_weighings_kind_check', sql`${t.kind} in ('gross', 'tare')`),
    check('scale_weighings_unit_check', sql`${t.unit} in ('lb', 'kg')`),
    check('scale_weighings_weight_check', sql`${t.weight} >= 0`),
  ],
);
