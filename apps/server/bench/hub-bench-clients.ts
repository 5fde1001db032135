/**
 * Worker thread of the hub benchmark: holds the WebSocket clients, speaks the JSON hub protocol
 * (handshake, Login, pings) and records, for every truckUpdate_v1 it receives, the time from the
 * write (the truck's statusDateTime, stamped by the server) to its arrival here.
 *
 * The clients are lean on purpose (hub-protocol-client.ts): a thousand of them share this
 * machine's two cores with the servers being measured, so each reads frames off its socket by hand
 * and looks only at what it measures, without decoding whole messages. In the field the screens
 * are on other machines; the lighter the measuring tool, the closer the figure is to that. The
 * baseline's clients are these same clients.
 */
import { eachMessage, serveClients, timeOf } from './hub-protocol-client';

let latencies: number[] = [];
let received = 0;
/** The first truckUpdate_v1 payload seen, so the baseline can broadcast the very same shape. */
let sample: Record<string, unknown> | undefined;

// Searched for as bytes: a string needle is converted again on every search.
const targetKey = Buffer.from('"truckUpdate_v1"');
const stampKey = Buffer.from('"statusDateTime":"');

/** Finds each truckUpdate_v1 in a frame (a frame may hold several messages) and its time stamp. */
function record(payload: Buffer): void {
  const arrived = Date.now();
  eachMessage(payload, targetKey, (target, start, end) => {
    const stamp = payload.indexOf(stampKey, target);
    if (stamp === -1 || stamp > end) return false;
    const at = stamp + stampKey.length;
    latencies.push(arrived - timeOf(payload.toString('latin1', at, payload.indexOf(0x22, at))));
    received += 1;
    if (sample === undefined) {
      const message = JSON.parse(payload.toString('utf8', start, end)) as {
        arguments: [Record<string, unknown>];
      };
      sample = message.arguments[0];
    }
  });
}

serveClients({
  client: () => record,
  reset() {
    latencies = [];
    received = 0;
  },
  report: () => ({ type: 'report', received, latencies, sample }),
});
