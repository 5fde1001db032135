/**
 * Where trucks are (issue 26): each truck's track for the day, its last position, and what the
 * geofence rules know of it between batches. Kept apart from `trucks`, whose row is the fleet
 * record the resource engine edits and whose version a position must not move on.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, real } from 'drizzle-orm/pg-core';
import { coordinate, timestamptz } from './columns';
import { trucks } from './trucks';

const coordinateChecks = (name: string, t: { latitude: unknown; longitude: unknown }) =>
  check(name, sql`${t.latitude} between -90 and 90 and ${t.longitude} between -180 and 180`);

/** R-GPS-10: the track. A replayed fix is the same (truck, recordedAt) and is not stored twice. */
export const truckPositions = pgTable(
  'truck_positions',
  {
    truckId: integer()
      .notNull()
      .references(() => trucks.id, { onDelete: 'cascade' }),
    recordedAt: timestamptz().notNull(),
    latitude: coordinate().notNull(),
    longitude: coordinate().notNull(),
    speedKph: real(),
    headingDeg: real(),
    accuracyM: real(),
    receivedAt: timestamptz().notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.truckId, t.recordedAt] }),
    // The retention sweep deletes by age across trucks.
    index('truck_positions_recorded_at_idx').on(t.recordedAt),
    coordinateChecks('truck_positions_coordinates_check', t),
  ],
);

/**
 * R-GPS-10: the truck's last position (by recordedAt, not arrival), the geofence dwell state the
 * next batch continues from.
 */
export const truckGpsStates = pgTable(
  'truck_gps_states',
  {
    truckId: integer()
      .primaryKey()
      .references(() => trucks.id, { onDelete: 'cascade' }),
    latitude: coordinate().notNull(),
    longitude: coordinate().notNull(),
    recordedAt: timestamptz().notNull(),
    speedKph: real(),
    headingDeg: real(),
    accuracyM: real(),
    dwellState: jsonb().notNull(),
  },
  (t) => [coordinateChecks('truck_gps_states_coordinates_check', t)],
);
