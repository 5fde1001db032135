/**
 * R-NLQ-1: the names questions are matched against (plants, customers, products, jobs, trucks,
 * drivers), read from the database and indexed once a minute per database: a name added is known
 * to questions within a minute.
 */
import { sql } from 'drizzle-orm';
import { nlqEntityKinds, type NlqEntityKind } from '@dispatch/domain/nlq/nlq-catalogue';
import {
  createNlqVocabulary,
  type NlqEntity,
  type NlqVocabulary,
} from '@dispatch/domain/nlq/nlq-parser';
import type { DatabaseConnection } from '../../db/client';

const keptMs = 60_000;
/** The most names of one kind indexed (the newest): a large producer's jobs stay searchable. */
const namesPerKind = 20_000;

const kept = new WeakMap<DatabaseConnection, { at: number; vocabulary: Promise<NlqVocabulary> }>();

export async function readNlqNames(connection: DatabaseConnection): Promise<NlqEntity[]> {
  const result = await connection.db.execute<{ kind: string; id: number; name: string | null }>(sql`
    (select 'plant' as kind, id, description as name from plants where not inactive_flag
      order by id desc limit ${namesPerKind})
    union all
    (select 'customer', id, name from customers where not inactive_flag
      order by id desc limit ${namesPerKind})
    union all
    (select 'product', id, description from products where not inactive_flag
      order by id desc limit ${namesPerKind})
    union all
    (select 'job', id, coalesce(nullif(address2, ''), number) from jobs where not inactive_flag
      order by id desc limit ${namesPerKind})
    union all
    (select 'truck', id, identification_number from trucks where not inactive_flag
      order by id desc limit ${namesPerKind})
    union all
    (select 'driver', id, name from drivers where not inactive_flag and name <> ''
      order by id desc limit ${namesPerKind})`);
  return result.rows.flatMap((row) =>
    row.name && (nlqEntityKinds as readonly string[]).includes(row.kind)
      ? [{ kind: row.kind as NlqEntityKind, id: Number(row.id), name: row.name }]
      : [],
  );
}

export function nlqVocabularyOf(
  connection: DatabaseConnection,
  nowMs = Date.now(),
): Promise<NlqVocabulary> {
  const found = kept.get(connection);
  if (found && nowMs - found.at < keptMs) return found.vocabulary;
  const vocabulary = readNlqNames(connection).then(createNlqVocabulary);
  kept.set(connection, { at: nowMs, vocabulary });
  vocabulary.catch(() => kept.delete(connection));
  return vocabulary;
}
