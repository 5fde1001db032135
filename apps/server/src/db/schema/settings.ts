/** Per-database settings (server config, requireJobAddresses357, ...) and print destinations. */
import { sql } from 'drizzle-orm';
import { boolean, check, jsonb, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { identityId, modifiedAt, version } from './columns';

/**
 * Key/value so a new setting needs no migration; the zod schema that reads a key owns its shape.
 */
export const systemParameters = pgTable('system_parameters', {
  key: text().primaryKey(),
  value: jsonb().notNull(),
  description: text(),
  version: version(),
  modifiedAt: modifiedAt(),
});

/** Listed as { name, type }; the client prefixes the lowercase type and a colon to the name. */
export const printDestinations = pgTable(
  'print_destinations',
  {
    id: identityId(),
    name: text().notNull(),
    type: text().notNull(),
    /** R-PRINT-4: an IPP printer (ipp://, ipps://, http(s)://); none: the spool folder. */
    uri: text(),
    inactiveFlag: boolean().notNull().default(false),
    version: version(),
    modifiedAt: modifiedAt(),
  },
  (t) => [
    unique('print_destinations_type_name_unique').on(t.type, t.name),
    check(
      'print_destinations_name_check',
      sql`length(trim(${t.name})) > 0 and length(trim(${t.type})) > 0`,
    ),
  ],
);
