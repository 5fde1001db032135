/** The audit trail: every administrative change, who made it, when, and the record before and after. */
import { bigint, index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns';

export const auditTrail = pgTable(
  'audit_trail',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamptz().notNull().defaultNow(),
    username: text().notNull(),
    /** A resource name (users, truckTypes, systemParameters, priceEscalations, ...). */
    resource: text().notNull(),
    recordId: text().notNull(),
    /** created, updated, deactivated, deleted, or a verb of its own (applied, reversed, ended). */
    action: text().notNull(),
    before: jsonb(),
    after: jsonb(),
  },
  (t) => [
    index('audit_trail_at_idx').on(t.at),
    index('audit_trail_resource_record_id_idx').on(t.resource, t.recordId),
    index('audit_trail_username_idx').on(t.username),
  ],
);
