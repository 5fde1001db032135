import { encodeTextFrame } from './websocket-frame';

export type Flushable = { flush(): void };

/** Length of one lane's turn: a thousand sockets are written about 150 at a time at 35 ms. */
const SLOT_MS = 5;

/**
 * Collects the sockets written to and flushes them together. A burst (several NOTIFYs read in one
 * chunk, a method that sends and then answers) then costs one system call per socket instead of one
 * per message. With `intervalMs` 0 the delay is at most one loop turn.
 *
 * Above 0, each socket is written at most about once per interval under a stream of broadcasts,
 * one write carrying everything queued: that is what lets one process feed a thousand dispatch
 * screens, since a socket write costs about as much as the kernel's loopback path, whatever its
 * size. The sockets are dealt into lanes that take turns, one every SLOT_MS, so the writes are
 * spread across the interval: no socket waits behind a thousand others, and events are read
 * between turns instead of after one long burst. A quiet hub still sends at once.
 */
export function createFlushScheduler(intervalMs = 0, now: () => number = Date.now) {
  const laneCount = Math.max(1, Math.round(intervalMs / SLOT_MS));
  const lanes: Flushable[][] = Array.from({ length: laneCount }, () => []);
  const laneOf = new WeakMap<Flushable, number>();
  let dealt = 0;
  let turn = 0;
  let ticker: NodeJS.Timeout | undefined;
  let immediate = false;
  let lastFlush = Number.NEGATIVE_INFINITY;
  // The last frame built, by the records it holds: the sockets of a lane flushed together queued
  // the same broadcast records, so a broadcast is framed once per lane, not once per socket.
  let framedRecords: readonly Buffer[] = [];
  let framed: Buffer | undefined;

  function flushLane(lane: number): void {
    const flushing = lanes[lane]!;
    if (flushing.length === 0) return;
    lanes[lane] = [];
    lastFlush = now();
    for (const flushable of flushing) {
      flushable.flush();
    }
    framedRecords = [];
    framed = undefined;
  }

  function flushAll(): void {
    immediate = false;
    for (let lane = 0; lane < laneCount; lane += 1) flushLane(lane);
  }

  function tick(): void {
    turn = (turn + 1) % laneCount;
    flushLane(turn);
    if (lanes.every((lane) => lane.length === 0)) {
      clearInterval(ticker);
      ticker = undefined;
    }
  }

  function sameRecords(records: readonly Buffer[]): boolean {
    if (records.length !== framedRecords.length) return false;
    for (let index = 0; index < records.length; index += 1) {
      if (records[index] !== framedRecords[index]) return false;
    }
    return true;
  }

  return {
    /** The caller schedules once per batch: when its first pending write arrives. */
    schedule(flushable: Flushable): void {
      let lane = laneOf.get(flushable);
      if (lane === undefined) {
        lane = dealt % laneCount;
        dealt += 1;
        laneOf.set(flushable, lane);
      }
      lanes[lane]!.push(flushable);
      if (immediate || ticker !== undefined) return;
      if (now() - lastFlush >= intervalMs) {
        immediate = true;
        setImmediate(flushAll);
      } else {
        ticker = setInterval(tick, intervalMs / laneCount);
        ticker.unref();
      }
    },
    /** One text frame holding the records in order; the same records give the same bytes. */
    frameOf(records: readonly Buffer[]): Buffer {
      if (framed === undefined || !sameRecords(records)) {
        framed = encodeTextFrame(records.length === 1 ? records[0]! : Buffer.concat(records));
        framedRecords = records;
      }
      return framed;
    },
  };
}

export type FlushScheduler = ReturnType<typeof createFlushScheduler>;
