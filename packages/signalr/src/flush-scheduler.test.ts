import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFlushScheduler } from './flush-scheduler';

const loopTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('flush scheduler', () => {
  // The lanes' turns run on an interval: the test moves it by hand, so a busy machine cannot stretch
  // a turn past the wait. Loop turns (setImmediate) stay real.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('flushes at the end of the loop turn when no interval is set', async () => {
    const scheduler = createFlushScheduler();
    let flushes = 0;
    scheduler.schedule({ flush: () => (flushes += 1) });
    expect(flushes).toBe(0);
    await loopTurn();
    expect(flushes).toBe(1);
  });

  it('sends at once when quiet, and at most once per interval under a stream', async () => {
    let clock = 1_000;
    const scheduler = createFlushScheduler(40, () => clock);
    const flushedAt: number[] = [];
    const socket = { flush: () => flushedAt.push(clock) };

    scheduler.schedule(socket);
    await loopTurn();
    expect(flushedAt).toEqual([1_000]);

    // Written again 10 ms after a flush: it waits for its lane's turn, within the interval.
    clock += 10;
    scheduler.schedule(socket);
    await loopTurn();
    expect(flushedAt).toHaveLength(1);
    // Eight lanes of 5 ms: its lane (the first) comes round on the eighth turn, 40 ms on.
    vi.advanceTimersByTime(35);
    expect(flushedAt).toHaveLength(1);
    vi.advanceTimersByTime(5);
    expect(flushedAt).toHaveLength(2);

    // Quiet for longer than the interval: straight out again.
    clock += 100;
    scheduler.schedule(socket);
    await loopTurn();
    expect(flushedAt).toHaveLength(3);
  });

  it('spreads the sockets of a stream across the interval, a lane at a time', async () => {
    const clock = 1_000;
    const scheduler = createFlushScheduler(40, () => clock);
    let turn = 0;
    const flushes: { socket: number; turn: number }[] = [];
    const sockets = Array.from({ length: 16 }, (_, socket) => ({
      flush: () => flushes.push({ socket, turn }),
    }));
    for (const socket of sockets) scheduler.schedule(socket);
    await loopTurn();
    expect(flushes).toHaveLength(16);

    // The stream goes on: every socket is written again, but lane by lane.
    flushes.length = 0;
    for (const socket of sockets) scheduler.schedule(socket);
    await loopTurn();
    expect(flushes).toHaveLength(0);
    for (turn = 1; turn <= 8; turn += 1) vi.advanceTimersByTime(5);
    expect(flushes.map((flush) => flush.socket).sort((a, b) => a - b)).toEqual(
      sockets.map((_, index) => index),
    );
    // Sixteen sockets in eight lanes: two a turn, over all eight turns.
    const perTurn = new Map<number, number>();
    for (const flush of flushes) perTurn.set(flush.turn, (perTurn.get(flush.turn) ?? 0) + 1);
    expect([...perTurn.values()]).toEqual([2, 2, 2, 2, 2, 2, 2, 2]);
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
