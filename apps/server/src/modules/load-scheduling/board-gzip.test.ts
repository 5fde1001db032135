/** R-BOARD-2: an answer gzipped as a kept head and a fresh tail reads back as the whole text. */
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { gzipHead, gzipWithTail } from './board-gzip';

describe('board gzip', () => {
  it('joins a kept head and any number of tails into valid gzip', async () => {
    const orders = JSON.stringify(
      Array.from({ length: 3000 }, (_, id) => ({
        id,
        customerName: `Café ${id % 17}`,
        quantity: id / 7,
      })),
    );
    const head = await gzipHead(`{"from":"2026-03-10T13:00:00.000Z","orders":${orders}`);
    for (const plants of [
      '[]',
      JSON.stringify([{ id: 1, description: 'Nörth', yard: [1, 2, 3] }]),
    ]) {
      const tail = `,"generatedAt":"2026-03-10T13:00:01.000Z","plants":${plants}}`;
      const text = gunzipSync(await gzipWithTail(head, tail)).toString('utf8');
      expect(text).toBe(`{"from":"2026-03-10T13:00:00.000Z","orders":${orders}${tail}`);
      expect(JSON.parse(text)).toMatchObject({
        orders: expect.any(Array),
        plants: expect.any(Array),
      });
    }
  });
});
