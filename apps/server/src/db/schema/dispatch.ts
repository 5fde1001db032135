/**
 * What several dispatcher processes share through the database (R-SCALEOUT-1..4, ADR 011): the
 * record locks of LockRecord and which process reads each truck scale. Rows are leases: their
 * holder renews them while it runs, and a row whose lease has run out belongs to nobody.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns';

export const recordLocks = pgTable(
  'record_locks',
  {
    tableName: text().notNull(),
    recordId: integer().notNull(),
    /** The hub connection holding the record, unique across processes. */
    holderConnectionId: text().notNull(),
    holderUsername: text().notNull(),
    dispatcherInstanceId: text().notNull(),
    lockedAt: timestamptz().notNull().defaultNow(),
    expiresAt: timestamptz().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tableName, t.recordId] }),
    index('record_locks_dispatcher_instance_id_index').on(t.dispatcherInstanceId),
    check('record_locks_record_id_check', sql`${t.recordId} >= 1`),
  ],
);

export const scaleReaders = pgTable('scale_readers', {
  scaleId: integer().primaryKey(),
  dispatcherInstanceId: text().notNull(),
  expiresAt: timestamptz().notNull(),
});
