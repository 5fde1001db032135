/**
 * Stand-ins for a scale house's indicator, on a TCP port as a serial-to-Ethernet converter would
 * be: one streaming Mettler Toledo continuous output, one answering SMA requests. The demo weighs
 * trucks on them and the tests drive them; each runs the scripted truck of `simulated-deck.ts`
 * until told a weight with `setWeight`.
 */
import net from 'node:net';
import type { ScaleWeightUnit } from '@dispatch/domain/plants/scale';
import { createScriptedDeck } from './simulated-deck';
import { encodeSmaAnswer } from './sma';
import { encodeToledoFrame } from './toledo-continuous';

export type SimulatedFlags = { motion?: boolean; overRange?: boolean; negative?: boolean };

export type IndicatorSimulator = {
  port: number;
  /** Shows this weight from now on (the script stops); `negative` makes it negative. */
  setWeight(weight: number, flags?: SimulatedFlags): void;
  /** Back to the scripted truck. */
  runScript(): void;
  /** Closes every connection; the port still takes new ones. */
  dropClients(): void;
  close(): Promise<void>;
};

export type SimulatorOptions = {
  /** 0 (the default) takes any free port. */
  port?: number;
  /** 127.0.0.1 unless set. */
  host?: string;
  unit: ScaleWeightUnit;
  capacity: number | null;
  /** 20 lb or 10 kg unless set. */
  division?: number;
};

type Shown = { weight: number; motion: boolean; overRange: boolean };

/** What the simulated indicator shows: the scripted truck, or a weight it was told. */
function simulatedDisplay(options: SimulatorOptions) {
  const division = options.division ?? (options.unit === 'lb' ? 20 : 10);
  const deck = createScriptedDeck({ unit: options.unit, division });
  const started = Date.now();
  let fixed: Shown | null = null;
  // An indicator flags a weight past capacity plus nine divisions as out of range.
  const beyondCapacity = (weight: number) =>
    options.capacity !== null && Math.abs(weight) > options.capacity + 9 * division;
  return {
    division,
    shown(): Shown {
      if (fixed) return fixed;
      const { weight, motion } = deck.at(Date.now() - started);
      return { weight, motion, overRange: beyondCapacity(weight) };
    },
    set(weight: number, flags: SimulatedFlags) {
      const signed =
        flags.negative === undefined ? weight : (flags.negative ? -1 : 1) * Math.abs(weight);
      fixed = {
        weight: signed,
        motion: flags.motion ?? false,
        overRange: (flags.overRange ?? false) || beyondCapacity(signed),
      };
    },
    runScript() {
      fixed = null;
    },
  };
}

/** A Toledo continuous indicator: every connection gets a frame every `frameEveryMs` (100 ms). */
export async function startToledoSimulator(
  options: SimulatorOptions & { checksum: boolean; frameEveryMs?: number },
): Promise<IndicatorSimulator> {
  const display = simulatedDisplay(options);
  const server = await listen(options, () => undefined);
  const timer = setInterval(() => {
    const shown = display.shown();
    const frame = encodeToledoFrame(
      { ...shown, division: display.division, unit: options.unit },
      { checksum: options.checksum },
    );
    for (const client of server.clients) client.write(frame);
  }, options.frameEveryMs ?? 100);
  timer.unref();
  return handleOf(server, display, () => clearInterval(timer));
}

/** An SMA level-1 indicator: answers `W` with the weight, `M` with a zero tare, else `?`. */
export async function startSmaSimulator(options: SimulatorOptions): Promise<IndicatorSimulator> {
  const display = simulatedDisplay(options);
  const answer = (command: string): Buffer => {
    const { weight, motion, overRange } = display.shown();
    const common = { division: display.division, unit: options.unit } as const;
    if (command === 'W') return encodeSmaAnswer({ ...common, weight, motion, overRange });
    if (command === 'M') return encodeSmaAnswer({ ...common, weight: 0, mode: 'T' });
    return Buffer.from('\n?\r', 'latin1');
  };
  const server = await listen(options, (socket) => {
    let heard = '';
    socket.on('data', (chunk: Buffer) => {
      heard += chunk.toString('latin1');
      let end = heard.indexOf('\r');
      while (end >= 0) {
        const request = heard.slice(0, end);
        heard = heard.slice(end + 1);
        const start = request.lastIndexOf('\n');
        if (start >= 0) socket.write(answer(request.slice(start + 1)));
        end = heard.indexOf('\r');
      }
      // A request is three bytes: whatever piles up without a CR is noise.
      if (heard.length > 64) heard = '';
    });
  });
  return handleOf(server, display, () => undefined);
}

type Listening = { server: net.Server; port: number; clients: Set<net.Socket> };

async function listen(
  options: SimulatorOptions,
  onClient: (socket: net.Socket) => void,
): Promise<Listening> {
  const clients = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    clients.add(socket);
    socket.setNoDelay(true);
    // A client that vanishes mid-write is no concern of the indicator's.
    socket.on('error', () => undefined);
    socket.on('close', () => clients.delete(socket));
    onClient(socket);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('not listening on TCP');
  return { server, port: address.port, clients };
}

function handleOf(
  listening: Listening,
  display: ReturnType<typeof simulatedDisplay>,
  stop: () => void,
): IndicatorSimulator {
  const dropClients = () => {
    for (const client of listening.clients) client.destroy();
  };
  let closing: Promise<void> | null = null;
  return {
    port: listening.port,
    setWeight: (weight, flags = {}) => display.set(weight, flags),
    runScript: () => display.runScript(),
    dropClients,
    close() {
      closing ??= new Promise((resolve, reject) => {
        stop();
        dropClients();
        listening.server.close((error) => (error ? reject(error) : resolve()));
      });
      return closing;
    },
  };
}
