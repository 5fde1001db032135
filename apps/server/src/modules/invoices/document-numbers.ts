/**
 * R-INV-5: gapless document numbers. The counter row is advanced under its row lock inside the
 * writing transaction: a concurrent writer waits for the commit and takes the next number, and a
 * rolled-back write gives its number back (a sequence would leave a gap).
 */
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';

export type DocumentCounter = 'invoice';

export async function takeDocumentNumber(tx: Tx, name: DocumentCounter): Promise<number> {
  await tx.execute(
    sql`insert into document_counters (name, next_value) values (${name}, 1) on conflict do nothing`,
  );
  const answer = await tx.execute<{ taken: number }>(
    sql`update document_counters set next_value = next_value + 1 where name = ${name}
        returning next_value - 1 as taken`,
  );
  const taken = answer.rows[0]?.taken;
  if (taken === undefined) throw new Error(`No document counter ${name}`);
  return Number(taken);
}
