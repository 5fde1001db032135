/**
 * A pipelined transaction keeps a transaction's promises: all or nothing, and the statement that
 * failed is the error reported, not the ones aborted behind it (R-ORD-13's order creation runs in
 * one). On PGlite, and on PostgreSQL, where its statements really leave together.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { databaseKinds } from '../../test/test-tenancy';
import { pipelinedTransaction } from './pipelined-transaction';

describe.each(databaseKinds)('pipelined transaction on %s', (kind) => {
  let t: TestApp;
  const stored = async () => {
    const answer = await t.db.execute<{ id: number }>(
      sql`select id from pipeline_probe order by id`,
    );
    return answer.rows.map((row) => Number(row.id));
  };
  const insert = (tx: Parameters<Parameters<typeof pipelinedTransaction>[1]>[0], id: number) =>
    tx.execute(sql`insert into pipeline_probe (id) values (${id})`);

  beforeAll(async () => {
    t = await createTestApp(kind);
    await t.db.execute(sql`create table pipeline_probe (id integer primary key)`);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('commits the statements started together and the closing one, and answers the result', async () => {
    const answer = await pipelinedTransaction(t.db, async (tx, closing) => {
      await Promise.all([insert(tx, 1), insert(tx, 2)]);
      closing(insert(tx, 3));
      return 'saved';
    });
    expect(answer).toBe('saved');
    expect(await stored()).toEqual([1, 2, 3]);
  });

  it('rolls everything back and reports the statement that failed, not those behind it', async () => {
    const attempt = pipelinedTransaction(t.db, async (tx) => {
      await Promise.all([insert(tx, 4), insert(tx, 1), insert(tx, 5)]);
    });
    await expect(attempt).rejects.toMatchObject({ cause: { code: '23505' } });
    expect(await stored()).toEqual([1, 2, 3]);
  });

  it('rolls back when the closing statement fails, with its error', async () => {
    const attempt = pipelinedTransaction(t.db, async (tx, closing) => {
      await insert(tx, 6);
      closing(insert(tx, 2));
    });
    await expect(attempt).rejects.toMatchObject({ cause: { code: '23505' } });
    expect(await stored()).toEqual([1, 2, 3]);
  });

  it('rolls back what was written when the work itself refuses', async () => {
    const attempt = pipelinedTransaction(t.db, async (tx) => {
      await insert(tx, 7);
      throw new Error('refused after writing');
    });
    await expect(attempt).rejects.toThrow('refused after writing');
    expect(await stored()).toEqual([1, 2, 3]);
    // The connection went back to the pool usable: a later transaction commits.
    await pipelinedTransaction(t.db, async (tx) => {
      await insert(tx, 8);
    });
    expect(await stored()).toEqual([1, 2, 3, 8]);
  });
});
