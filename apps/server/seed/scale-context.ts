/** What the scale seed's steps share: the options, the hash, and the ids earlier steps wrote. */
import { sql } from 'drizzle-orm';
import type { ScaleOptions } from './scale-options';
import { createHash, type Hash } from './scale-sql';
import type { SeedDb } from '../src/db/bulk-insert';

/** The first id of a block of rows one INSERT wrote (ids of one statement are consecutive). */
export type IdRange = { first: number; count: number };

export type ScaleIds = {
  plants: IdRange;
  ownCompany: number;
  outsideCompanies: IdRange;
  drivers: IdRange;
  trucks: IdRange;
  salesmen: IdRange;
  customers: IdRange;
  jobs: IdRange;
  /** Product ids by system type: what an order's primary line is, and its extras. */
  products: Record<1 | 2 | 3, { primary: number[]; extras: number[] }>;
};

export type ScaleContext = {
  db: SeedDb;
  options: ScaleOptions;
  hash: Hash;
  ids: Partial<ScaleIds>;
};

export function createScaleContext(db: SeedDb, options: ScaleOptions): ScaleContext {
  return { db, options, hash: createHash(options.seed), ids: {} };
}

export function required<K extends keyof ScaleIds>(context: ScaleContext, key: K): ScaleIds[K] {
  const value = context.ids[key];
  if (value === undefined) throw new Error(`The scale seed has not written ${key} yet.`);
  return value;
}

type ExecuteResult = { rowCount?: number | null; affectedRows?: number; rows: unknown[] };

/** Runs one statement and answers how many rows it wrote (node-postgres and PGlite alike). */
export async function execute(db: SeedDb, text: string): Promise<number> {
  const result = (await db.execute(sql.raw(text))) as unknown as ExecuteResult;
  return Number(result.rowCount ?? result.affectedRows ?? 0);
}

export async function queryRows<Row>(db: SeedDb, text: string): Promise<Row[]> {
  const result = (await db.execute(sql.raw(text))) as unknown as { rows: Row[] };
  return result.rows;
}

/**
 * Runs `INSERT ... RETURNING id` and answers the block of ids it wrote. One session inserting
 * with identity columns (cache 1) gets consecutive ids, in the order of the SELECT's ORDER BY.
 */
export async function insertRange(db: SeedDb, insertReturningId: string): Promise<IdRange> {
  const [row] = await queryRows<{ first: unknown; last: unknown; count: unknown }>(
    db,
    `WITH inserted AS (${insertReturningId})
     SELECT min(id) AS first, max(id) AS last, count(*) AS count FROM inserted`,
  );
  const first = Number(row?.first ?? 0);
  const count = Number(row?.count ?? 0);
  if (count > 0 && Number(row?.last) - first + 1 !== count) {
    throw new Error('The scale seed needs consecutive ids: run it alone on the database.');
  }
  return { first, count };
}
