/**
 * `writeInOneStatement` (R-ORD-13): rows read from JSON inside one prepared statement land as
 * Drizzle's own inserts would write them (ids drawn beforehand, defaults for columns left
 * undefined, instants, numerics, JSON), and its events go out with the commit, never after a
 * rollback. On PGlite and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import { auditTrail } from '../../db/schema/audit';
import { auditRow } from '../../audit/audit-trail';
import { listenToDispatch, type DispatchListener } from '../../../test/dispatch-listener';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { databaseKinds } from '../../../test/test-tenancy';
import { readInOneStatement, writeInOneStatement, newIds } from './one-statement';

describe.each(databaseKinds)('writeInOneStatement on %s', (kind) => {
  let t: TestApp;
  let events: DispatchListener;

  beforeAll(async () => {
    t = await createTestApp(kind);
    events = await listenToDispatch(await t.tenancy.open(t.database));
  });
  afterAll(async () => {
    await events.stop();
    await t.close();
  });

  const at = new Date('2026-03-04T05:06:07.089Z');
  const entry = (recordId: number, after: unknown) =>
    auditRow({
      username: 'clerk',
      at,
      resource: 'one-statement',
      recordId,
      action: 'created',
      before: null,
      after,
    });

  it('writes rows with drawn ids, defaults where a column is left undefined, instants and JSON', async () => {
    const drawn = await t.db.transaction(async (tx) => {
      const { ids } = await readInOneStatement<'ids'>(tx, {
        shape: 'one-statement test ids',
        reads: () => ({ ids: newIds('audit_trail', sql.placeholder('count')) }),
        values: { count: 2 },
      });
      const [first, second] = ids as number[];
      await writeInOneStatement(tx, [
        {
          table: auditTrail,
          overridingIdentity: true,
          rows: [
            { ...entry(1, { price: 12.5, lines: [{ quantity: 3 }] }), id: first! },
            // Left undefined, `at` takes its default (now) as Drizzle's insert would.
            { ...entry(2, 'text'), id: second!, at: undefined, username: 'o\'brien "quoted"' },
          ],
        },
      ]);
      return [first!, second!];
    });
    const rows = await t.db
      .select()
      .from(auditTrail)
      .where(inArray(auditTrail.id, drawn))
      .orderBy(auditTrail.id);
    expect(rows.map((row) => [row.id, row.recordId, row.username, row.before, row.after])).toEqual([
      [drawn[0], '1', 'clerk', null, { price: 12.5, lines: [{ quantity: 3 }] }],
      [drawn[1], '2', 'o\'brien "quoted"', null, 'text'],
    ]);
    expect(rows[0]!.at.toISOString()).toBe(at.toISOString());
    expect(Math.abs(rows[1]!.at.getTime() - Date.now())).toBeLessThan(60_000);
  });

  it('publishes its events when the transaction commits and never after a rollback', async () => {
    events.clear();
    await expect(
      t.db.transaction(async (tx) => {
        await writeInOneStatement(
          tx,
          [{ table: auditTrail, rows: [entry(3, null)] }],
          [{ name: 'orderDelete_v1', data: { id: 3 } }],
        );
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await t.db.transaction(async (tx) => {
      await writeInOneStatement(
        tx,
        [{ table: auditTrail, rows: [entry(4, null)] }],
        [{ name: 'orderDelete_v1', data: { id: 4 } }],
      );
    });
    const arrived = await events.next('orderDelete_v1');
    expect(arrived.data).toEqual({ id: 4 });
    // A moment for a stray event of the rolled-back write, which must never come.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(events.events.filter((event) => event.name === 'orderDelete_v1')).toHaveLength(1);
    const written = await t.db
      .select({ recordId: auditTrail.recordId })
      .from(auditTrail)
      .where(eq(auditTrail.resource, 'one-statement'));
    expect(written.map((row) => row.recordId).sort()).toEqual(['1', '2', '4']);
  });

  it('names a key that is not a column of the table', async () => {
    await expect(
      t.db.transaction((tx) =>
        writeInOneStatement(tx, [
          { table: auditTrail, rows: [{ ...entry(5, null), nickname: 'x' } as never] },
        ]),
      ),
    ).rejects.toThrow('audit_trail has no column nickname');
  });
});
