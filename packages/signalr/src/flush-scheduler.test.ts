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

    // Written again 10 ms after a flush: it waits for its lane's turn, within the interval.
    clock += 10;
    scheduler.schedule(socket);
    await new Promise((resolve) => setImmediate(resolve));
    expect(flushedAt).toHaveLength(1);
    await sleep(50);
    expect(flushedAt).toHaveLength(2);

    // Quiet for longer than the interval: straight out again.
    clock += 100;
    scheduler.schedule(socket);
    await new Promise((resolve) => setImmediate(resolve));
    expect(flushedAt).toHaveLength(3);
  });

  it('spreads the sockets of a stream across the interval, a lane at a time', async () => {
    const scheduler = createFlushScheduler(40);
    const flushes: { socket: number; at: number }[] = [];
    const sockets = Array.from({ length: 16 }, (_, socket) => ({
      flush: () => flushes.push({ socket, at: performance.now() }),
    }));
    for (const socket of sockets) scheduler.schedule(socket);
    await new Promise((resolve) => setImmediate(resolve));
    expect(flushes).toHaveLength(16);

    // The stream goes on: every socket is written again, but lane by lane.
    flushes.length = 0;
    for (const socket of sockets) scheduler.schedule(socket);
    await new Promise((resolve) => setImmediate(resolve));
    expect(flushes).toHaveLength(0);
    await sleep(60);
    expect(flushes.map((flush) => flush.socket).sort((a, b) => a - b)).toEqual(
      sockets.map((_, index) => index),
    );
    const turns = new Set(flushes.map((flush) => Math.round(flush.at)));
    expect(turns.size).toBeGreaterThanOrEqual(4);
  });

  it('frames queued records as one text frame, shared by sockets that queued the same ones', () => {
    const scheduler = createFlushScheduler();
    const first = Buffer.from('{"type":6}\u001e');
    const second = Buffer.from('{"type":1,"target":"ping","arguments":[]}\u001e');
    const frame = scheduler.frameOf([first, second]);
    expect(frame[0]).toBe(0x81);
    expect(frame[1]).toBe(first.length + second.length);
    expect(frame.subarray(2).toString()).toBe(first.toString() + second.toString());
    expect(scheduler.frameOf([first, second])).toBe(frame);
    const other = scheduler.frameOf([first]);
    expect(other).not.toBe(frame);
    expect(other.subarray(2).toString()).toBe(first.toString());
  });
});
