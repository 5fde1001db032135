/**
 * R-QSALE-3, R-DISP-6: a plant's ticket numbers under concurrency: 50 writers at once at one plant
 * take 50 distinct consecutive numbers, and a rolled-back take gives its number back.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plants } from '../../db/schema/plants';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { databaseKinds } from '../../../test/test-tenancy';
import { takeNextTicketNumber } from './ticket-numbers';

describe.each(databaseKinds)('ticket numbers on %s', (kind) => {
  let t: TestApp;
  let plantId: number;

  beforeAll(async () => {
    t = await createTestApp(kind);
    const [plant] = await t.db
      .insert(plants)
      .values({ description: 'North', systemTypeId: 1 })
      .returning({ id: plants.id });
    plantId = plant!.id;
  });
  afterAll(() => t.close());

  it('gives 50 concurrent takes at one plant 50 distinct consecutive numbers', async () => {
    const taken = await Promise.all(
      Array.from({ length: 50 }, () =>
        t.db.transaction(async (tx) => {
          const number = await takeNextTicketNumber(tx, plantId);
          // Hold the number a moment, as a dispatch writing its ticket does.
          await new Promise((resolve) => setTimeout(resolve, 1));
          return number;
        }),
      ),
    );
    expect([...taken].sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
  });

  it('gives a rolled-back number back', async () => {
    await expect(
      t.db.transaction(async (tx) => {
        expect(await takeNextTicketNumber(tx, plantId)).toBe(51);
        throw new Error('the ticket could not be written');
      }),
    ).rejects.toThrow('the ticket could not be written');
    expect(await t.db.transaction((tx) => takeNextTicketNumber(tx, plantId))).toBe(51);
  });
});
