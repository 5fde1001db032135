import { describe, expect, it } from 'vitest';
import { createFlushScheduler } from './flush-scheduler';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('flush scheduler', () => {
  it('flushes at the end of the loop turn when no interval is set', async () => {
    const scheduler = createFlushScheduler();
    let flushes = 0;
    scheduler.schedule({ flush: () => (flushes += 1) });
    expect(flushes).toBe(0);
    await new Promise((resolve) => setImmediate(resolve));
    expect(flushes).toBe(1);
  });

  it('sends at once when quiet, and at most once per interval under a stream', async () => {
    let clock = 1_000;
    const scheduler = createFlushScheduler(40, () => clock);
    const flushedAt: number[] = [];
    const socket = { flush: () => flushedAt.push(clock) };

    scheduler.schedule(socket);
    await new Promise((resolve) => setImmediate(resolve));
    expect(flushedAt).toEqual([1_000]);

    // Written again 10 ms after a flush: it waits out the rest of the interval.
    clock += 10;
    scheduler.schedule(socket);
    await new Promise((resolve) => setImmediate(resolve));
    expect(flushedAt).toHaveLength(1);
    await sleep(45);
    clock += 30;
    expect(flushedAt).toHaveLength(2);

    // Quiet for longer than the interval: straight out again.
    clock += 100;
    scheduler.schedule(socket);
    await new Promise((resolve) => setImmediate(resolve));
    expect(flushedAt).toHaveLength(3);
  });
});
