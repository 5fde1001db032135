/**
 * R-ENTITY-32, R-VALID-2..3: a named database (LIVE, TRAINING, DEMO, ...) and the server that
 * holds it. A database name must be a non-empty string and is escaped before it goes into a path
 * (GET /api/servers/{databaseName}); the database the server returns must name its server.
 */
import { z } from 'zod';
import { optionalText, text, textLength } from '../api/fields';
import { fieldLabels } from '../forms/field-labels';
import { requiredMessage } from '../forms/required';
import { messages } from '../messages';

export const databaseSchema = z.object({
  databaseName: text(textLength.name),
  serverName: optionalText(textLength.name),
});
export type Database = z.infer<typeof databaseSchema>;

export const databaseNameSchema = z
  .string({ error: requiredMessage(fieldLabels.database) })
  .trim()
  .min(1, { error: requiredMessage(fieldLabels.database) })
  .max(textLength.name);

/** The name as one path segment: validated, trimmed and percent-encoded. Throws on a blank name. */
export function databasePathSegment(name: string): string {
  const result = databaseNameSchema.safeParse(name);
  if (!result.success) throw new RangeError(requiredMessage(fieldLabels.database));
  return encodeURIComponent(result.data);
}

const nonBlank = z
  .string({ error: messages.databaseInvalid })
  .trim()
  .min(1, { error: messages.databaseInvalid });

/** The answer of GET /api/servers/{databaseName}: anything without a server name is invalid. */
const returnedDatabaseSchema = databaseSchema.extend({
  databaseName: nonBlank,
  serverName: nonBlank,
});

export type ReturnedDatabaseResult =
  | { readonly ok: true; readonly database: Database }
  | { readonly ok: false; readonly error: typeof messages.databaseInvalid };

export function checkReturnedDatabase(answer: unknown): ReturnedDatabaseResult {
  const result = returnedDatabaseSchema.safeParse(answer);
  return result.success
    ? { ok: true, database: result.data }
    : { ok: false, error: messages.databaseInvalid };
}
