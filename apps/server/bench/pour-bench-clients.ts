/**
 * Worker thread of the pour-page benchmark (pour-bench.ts): the contractors' phones, each an open
 * pour page as a server-sent-event stream over plain node:http (one socket each, no agent), its
 * `data:` lines read as they come. Hundreds of them share the machine's two cores with the server
 * being measured, so each does only what is measured: it parses each page it is sent and notes,
 * for each load on its way, the truck's position's recordedAt when it is new to this page.
 *
 * A position is known by `${truckNumber}|${recordedAt}`: per position, how many pages have shown
 * it and when the first and the last of them did (Date.now(), the main thread's clock), so the
 * main thread can time each post to the last page of its order. The baseline's clients (a bare
 * SSE server, pour-baseline-server.ts) are these same clients, its pages stamped the same way.
 */
import http from 'node:http';
import { parentPort } from 'node:worker_threads';

/** One page to open: its stream's URL and the address the proxy says it comes from. */
export type PourPageToOpen = { url: string; forwardedFor: string };

export type PourClientsCommand =
  | { type: 'connect'; pages: PourPageToOpen[] }
  | { type: 'reset' }
  | { type: 'report' }
  | { type: 'close' };

export type PourClientsReport = {
  type: 'report';
  clients: number;
  /** `${truckNumber}|${recordedAt}` of each position shown. */
  keys: string[];
  /** How many pages showed each. */
  counts: number[];
  firstAts: number[];
  lastAts: number[];
  /** Pages ended by a `gone` event, and streams that ended or failed otherwise. */
  gone: number;
  ended: number;
  /** Pages received since the last reset, over every stream. */
  frames: number;
};

type PageLoad = {
  truckNumber?: string | null;
  position?: { recordedAt?: string } | null;
};

type Heard = { count: number; firstAt: number; lastAt: number };

let heard = new Map<string, Heard>();
let frames = 0;
let gone = 0;
let ended = 0;
const requests: http.ClientRequest[] = [];

function note(key: string, arrived: number): void {
  const entry = heard.get(key);
  if (entry === undefined) {
    heard.set(key, { count: 1, firstAt: arrived, lastAt: arrived });
  } else {
    entry.count += 1;
    if (arrived > entry.lastAt) entry.lastAt = arrived;
  }
}

/** A page's stream: each event's data handed to onPage, the `gone` event counted. */
function open(page: PourPageToOpen): Promise<void> {
  return new Promise((resolve, reject) => {
    /** Per truck on this page, the last recordedAt it showed. */
    const shown = new Map<string, string>();
    let buffer = '';
    const onEvent = (block: string, arrived: number) => {
      let data: string | undefined;
      for (const line of block.split('\n')) {
        if (line.startsWith('data: ')) data = line.slice(6);
        else if (line === 'event: gone') gone += 1;
      }
      if (data === undefined || data === '{}') return;
      frames += 1;
      const { loads } = JSON.parse(data) as { loads?: PageLoad[] };
      for (const load of loads ?? []) {
        const truck = load.truckNumber;
        const recordedAt = load.position?.recordedAt;
        if (!truck || !recordedAt || shown.get(truck) === recordedAt) continue;
        shown.set(truck, recordedAt);
        note(`${truck}|${recordedAt}`, arrived);
      }
    };
    const request = http.get(page.url, {
      agent: false,
      headers: { accept: 'text/event-stream', 'x-forwarded-for': page.forwardedFor },
    });
    requests.push(request);
    request.on('response', (response) => {
      if (response.statusCode !== 200) {
        response.resume();
        reject(new Error(`The pour page's stream was answered ${response.statusCode}.`));
        return;
      }
      response.socket.setNoDelay(true);
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        const arrived = Date.now();
        buffer += chunk;
        for (;;) {
          const end = buffer.indexOf('\n\n');
          if (end === -1) break;
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          onEvent(block, arrived);
        }
      });
      response.on('end', () => (ended += 1));
      resolve();
    });
    request.on('error', (error) => {
      ended += 1;
      reject(error);
    });
  });
}

const port = parentPort!;
port.on('message', (command: PourClientsCommand) => {
  void (async () => {
    if (command.type === 'connect') {
      // In small batches, as phones on a site would open, not all in one burst.
      for (let done = 0; done < command.pages.length; done += 25) {
        await Promise.all(command.pages.slice(done, done + 25).map(open));
      }
      port.postMessage({ type: 'connected', count: requests.length });
    } else if (command.type === 'reset') {
      heard = new Map();
      frames = 0;
      port.postMessage({ type: 'reset' });
    } else if (command.type === 'report') {
      const report: PourClientsReport = {
        type: 'report',
        clients: requests.length,
        keys: [],
        counts: [],
        firstAts: [],
        lastAts: [],
        gone,
        ended,
        frames,
      };
      for (const [key, entry] of heard) {
        report.keys.push(key);
        report.counts.push(entry.count);
        report.firstAts.push(entry.firstAt);
        report.lastAts.push(entry.lastAt);
      }
      port.postMessage(report);
    } else {
      for (const request of requests.splice(0)) request.destroy();
      port.postMessage({ type: 'closed' });
    }
  })().catch((error: unknown) => port.postMessage({ type: 'error', message: String(error) }));
});
