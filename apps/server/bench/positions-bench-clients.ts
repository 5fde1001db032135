/**
 * Worker thread of the positions benchmark (positions-bench.ts): board screens as lean WebSocket
 * clients speaking the hub's JSON protocol (handshake, Login, pings), the same as the hub
 * benchmark's (hub-protocol-client.ts): frames read off the socket by hand (RFC 6455: the servers
 * send whole, unmasked text frames), and only what is measured looked at.
 *
 * Against the dispatcher, each truckPositionUpdate_v1 is known by its truckId and recordedAt: per
 * fix, how many clients have it and when the last of them got it, so the main thread can time
 * each fix from just before its POST to the last client. Against the baseline (a bare `ws` server
 * broadcasting truckUpdate_v1 frames stamped with their send time in statusDateTime), every
 * client receives the frames in the order they were sent, so the n-th frame a client gets is the
 * same frame at every client: per n, how many clients have it, when the last did, and its stamp.
 */
import { eachMessage, serveClients, timeOf } from './hub-protocol-client';

export type PositionsClientsReport = {
  type: 'report';
  clients: number;
  /** Hub: `${truckId}|${recordedAt}` of each fix heard; baseline: the frame's order, as text. */
  keys: string[];
  /** How many clients heard each. */
  counts: number[];
  /** When the first of them heard it (Date.now()). */
  firstAts: number[];
  /** When the last of them heard it (Date.now()). */
  lastAts: number[];
  /** Baseline only: each frame's send time (its statusDateTime); 0 for the hub's fixes. */
  stamps: number[];
  /** The first truckPositionUpdate_v1 payload seen, so the baseline can broadcast the same. */
  sample?: Record<string, unknown>;
};

type Heard = { count: number; firstAt: number; lastAt: number; stamp: number };

/** Per client, how many baseline frames it has had (the next frame's place in the order). */
const sequences: { next: number }[] = [];
let heard = new Map<string, Heard>();
let sample: Record<string, unknown> | undefined;

// Searched for as bytes: a string needle is converted again on every search.
const positionKey = Buffer.from('"truckPositionUpdate_v1"');
const baselineKey = Buffer.from('"truckUpdate_v1"');
const truckIdKey = Buffer.from('"truckId":');
const recordedAtKey = Buffer.from('"recordedAt":"');
const stampKey = Buffer.from('"statusDateTime":"');

function note(key: string, arrived: number, stamp: number): void {
  const entry = heard.get(key);
  if (entry === undefined) {
    heard.set(key, { count: 1, firstAt: arrived, lastAt: arrived, stamp });
  } else {
    entry.count += 1;
    if (arrived > entry.lastAt) entry.lastAt = arrived;
  }
}

/** The text of a JSON string value that starts right after `key` (no escapes in these values). */
function stringAfter(payload: Buffer, key: Buffer, from: number, end: number): string | undefined {
  const at = payload.indexOf(key, from);
  if (at === -1 || at > end) return undefined;
  const start = at + key.length;
  return payload.toString('latin1', start, payload.indexOf(0x22, start));
}

/** Each truckPositionUpdate_v1 of a frame (a frame may hold several messages). */
function recordHub(payload: Buffer): void {
  const arrived = Date.now();
  // The message's own fields: the payload follows the target in the hub's invocations.
  eachMessage(payload, positionKey, (_target, start, end) => {
    const idAt = payload.indexOf(truckIdKey, start);
    const recordedAt = stringAfter(payload, recordedAtKey, start, end);
    if (idAt === -1 || idAt >= end || recordedAt === undefined) return;
    const idStart = idAt + truckIdKey.length;
    let idEnd = idStart;
    while (idEnd < end && payload[idEnd]! >= 0x30 && payload[idEnd]! <= 0x39) idEnd += 1;
    note(`${payload.toString('latin1', idStart, idEnd)}|${recordedAt}`, arrived, 0);
    if (sample === undefined) {
      const message = JSON.parse(payload.toString('utf8', start, end)) as {
        arguments: [Record<string, unknown>];
      };
      sample = message.arguments[0];
    }
  });
}

/** Each baseline frame, known by its place in the client's order. */
function recordBaseline(client: { next: number }, payload: Buffer): void {
  const arrived = Date.now();
  eachMessage(payload, baselineKey, (_target, start, end) => {
    const stamp = stringAfter(payload, stampKey, start, end);
    note(String(client.next), arrived, stamp === undefined ? 0 : timeOf(stamp));
    client.next += 1;
  });
}

serveClients({
  client(command) {
    if (command.hub) return recordHub;
    const sequence = { next: 0 };
    sequences.push(sequence);
    return (payload) => recordBaseline(sequence, payload);
  },
  reset() {
    heard = new Map();
    for (const sequence of sequences) sequence.next = 0;
  },
  report(clients) {
    const report: PositionsClientsReport = {
      type: 'report',
      clients,
      keys: [],
      counts: [],
      firstAts: [],
      lastAts: [],
      stamps: [],
      sample,
    };
    for (const [key, entry] of heard) {
      report.keys.push(key);
      report.counts.push(entry.count);
      report.firstAts.push(entry.firstAt);
      report.lastAts.push(entry.lastAt);
      report.stamps.push(entry.stamp);
    }
    return report;
  },
  close() {
    sequences.splice(0);
  },
});
