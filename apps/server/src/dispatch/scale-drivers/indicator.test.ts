/**
 * The indicator watcher over real TCP sockets, against the simulated indicators (and, for what
 * they never do, small servers written here): readings and their statuses, the throttle, and a
 * lost link reported within two seconds and healed when the indicator is back.
 */
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import {
  startSmaSimulator,
  startToledoSimulator,
  type IndicatorSimulator,
} from './indicator-simulators';
import {
  watchIndicator,
  type IndicatorLinkEvent,
  type IndicatorReading,
  type IndicatorSettings,
} from './indicator';
import { encodeToledoFrame } from './toledo-continuous';

type Seen = { at: number; reading: IndicatorReading };

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/**
 * Watches the indicator on this port. `until` waits for a reading that comes from now on, or from
 * `from` (a `seen.length` taken before an awaited step, during which the reading may come).
 */
function watch(port: number, settings: Partial<IndicatorSettings> = {}) {
  const seen: Seen[] = [];
  const links: IndicatorLinkEvent[] = [];
  let wake = () => undefined as void;
  const stop = watchIndicator(
    {
      protocol: 'toledo-continuous',
      address: { kind: 'tcp', host: '127.0.0.1', port },
      capacity: 100_000,
      division: 20,
      unit: 'lb',
      ...settings,
    },
    (reading) => {
      seen.push({ at: performance.now(), reading });
      wake();
    },
    (event) => links.push(event),
  );
  cleanups.push(stop);
  return {
    seen,
    links,
    async until(
      wanted: (reading: IndicatorReading) => boolean,
      timeoutMs = 5000,
      from = seen.length,
    ): Promise<Seen> {
      const deadline = performance.now() + timeoutMs;
      for (;;) {
        const found = seen.slice(from).find((entry) => wanted(entry.reading));
        if (found) return found;
        const left = deadline - performance.now();
        if (left <= 0) {
          const last = seen.slice(-3).map((entry) => entry.reading);
          throw new Error(`no such reading in ${timeoutMs} ms; last: ${JSON.stringify(last)}`);
        }
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
      }
    },
  };
}

async function toledo(options: { port?: number; frameEveryMs?: number } = {}) {
  const simulator = await startToledoSimulator({
    unit: 'lb',
    checksum: true,
    capacity: null,
    frameEveryMs: 50,
    ...options,
  });
  cleanups.push(() => simulator.close());
  return simulator;
}

/** A TCP server that does what the test tells it with each connection. */
async function server(onClient: (socket: net.Socket) => void): Promise<number> {
  const sockets = new Set<net.Socket>();
  const listening = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => undefined);
    onClient(socket);
  });
  await new Promise<void>((resolve) => listening.listen(0, '127.0.0.1', resolve));
  cleanups.push(
    () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        listening.close(() => resolve());
      }),
  );
  return (listening.address() as net.AddressInfo).port;
}

const isDisconnected = (reading: IndicatorReading) => reading.status === 'disconnected';

describe('a Toledo continuous indicator on TCP', () => {
  it('gives each weight with the status the domain gives it', async () => {
    const simulator = await toledo();
    simulator.setWeight(45_620);
    const scale = watch(simulator.port);

    const settled = await scale.until((reading) => reading.weight === 45_620);
    expect(settled.reading).toMatchObject({ unit: 'lb', stable: true, status: 'ok' });
    // A = '1': x2 with a dummy zero; the checksum byte after CR may be a control character.
    expect(settled.reading.frame).toMatch(/^<STX>1 {3}45620 {5}0<CR>(.|<[A-Z]+>)$/);

    simulator.setWeight(45_640, { motion: true });
    expect((await scale.until((reading) => reading.weight === 45_640)).reading).toMatchObject({
      stable: false,
      status: 'motion',
    });
    // Capacity 100,000 lb by 20 lb: up to 100,180 lb is shown (Handbook 44's nine divisions).
    simulator.setWeight(100_180);
    expect((await scale.until((reading) => reading.weight === 100_180)).reading.status).toBe('ok');
    simulator.setWeight(100_200);
    expect((await scale.until((reading) => reading.weight === 100_200)).reading).toMatchObject({
      stable: false,
      status: 'overCapacity',
    });
    simulator.setWeight(40, { negative: true });
    expect((await scale.until((reading) => reading.weight === -40)).reading).toMatchObject({
      stable: false,
      status: 'underZero',
    });
    // The indicator's own out-of-range bit, whatever the weight.
    simulator.setWeight(20_000, { overRange: true });
    expect((await scale.until((reading) => reading.weight === 20_000)).reading.status).toBe(
      'overCapacity',
    );
    expect(scale.links[0]).toEqual({ kind: 'connected' });
  });

  it('compares a kilogram weight with a capacity in pounds in pounds', async () => {
    const simulator = await startToledoSimulator({ unit: 'kg', checksum: false, capacity: null });
    cleanups.push(() => simulator.close());
    simulator.setWeight(45_000);
    const scale = watch(simulator.port);
    expect((await scale.until((reading) => reading.weight === 45_000)).reading).toMatchObject({
      unit: 'kg',
      status: 'ok',
    });
    simulator.setWeight(46_000);
    expect((await scale.until((reading) => reading.weight === 46_000)).reading.status).toBe(
      'overCapacity',
    );
  });

  it('passes an unchanged weight on about five times a second', async () => {
    const simulator = await toledo({ frameEveryMs: 20 });
    simulator.setWeight(45_620);
    const scale = watch(simulator.port);
    const first = await scale.until((reading) => reading.weight === 45_620);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const inASecond = scale.seen.filter(
      (entry) => entry.at > first.at && entry.at <= first.at + 1000,
    );
    expect(inASecond.length).toBeGreaterThanOrEqual(4);
    expect(inASecond.length).toBeLessThanOrEqual(6);
  });

  it('passes a change of weight or status on at once, however soon it comes', async () => {
    const frame = (weight: number, motion = false) =>
      encodeToledoFrame({ weight, division: 20, unit: 'lb', motion }, { checksum: false });
    // All in one write: the watcher gets them within a millisecond of each other.
    const burst = Buffer.concat([
      frame(45_620),
      frame(45_620),
      frame(45_620),
      frame(45_640, true),
      frame(45_640),
      frame(45_640),
    ]);
    const port = await server((socket) => socket.write(burst));
    const scale = watch(port);
    await scale.until((reading) => reading.status === 'ok' && reading.weight === 45_640);
    expect(scale.seen.map(({ reading }) => [reading.weight, reading.status])).toEqual([
      [45_620, 'ok'],
      [45_640, 'motion'],
      [45_640, 'ok'],
    ]);
  });

  it('reports a dropped connection within 2 s, then reads again', async () => {
    const simulator = await toledo();
    simulator.setWeight(45_620);
    const scale = watch(simulator.port);
    await scale.until((reading) => reading.status === 'ok');

    const droppedAt = performance.now();
    simulator.dropClients();
    const lost = await scale.until(isDisconnected);
    expect(lost.at - droppedAt).toBeLessThan(2000);
    expect(lost.reading).toEqual({
      weight: 45_620,
      unit: 'lb',
      stable: false,
      status: 'disconnected',
      frame: null,
    });
    expect(await scale.until((reading) => reading.status === 'ok')).toBeTruthy();
    expect(scale.links.map((event) => event.kind)).toEqual([
      'connected',
      'disconnected',
      'connected',
    ]);
  });

  it('reports a closed indicator within 2 s, and reads again once it is back on its port', async () => {
    const simulator = await toledo();
    simulator.setWeight(45_620);
    const scale = watch(simulator.port);
    await scale.until((reading) => reading.status === 'ok');

    const closedAt = performance.now();
    const before = scale.seen.length;
    await simulator.close();
    const lost = await scale.until(isDisconnected, 5000, before);
    expect(lost.at - closedAt).toBeLessThan(2000);
    // One report, however many tries to connect fail meanwhile.
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(scale.seen.filter((entry) => isDisconnected(entry.reading))).toHaveLength(1);

    const reopened = scale.seen.length;
    const again = await toledo({ port: simulator.port });
    again.setWeight(45_700);
    const back = await scale.until((reading) => reading.weight === 45_700, 12_000, reopened);
    expect(back.reading.status).toBe('ok');
  });

  it('reports an indicator that stops sending within 2 s, though its connection stays open', async () => {
    const frame = encodeToledoFrame(
      { weight: 45_620, division: 20, unit: 'lb' },
      { checksum: false },
    );
    let sending = true;
    const port = await server((socket) => {
      const timer = setInterval(() => sending && socket.write(frame), 50);
      socket.on('close', () => clearInterval(timer));
    });
    const scale = watch(port);
    await scale.until((reading) => reading.status === 'ok');

    const stoppedAt = performance.now();
    sending = false;
    const lost = await scale.until(isDisconnected);
    expect(lost.at - stoppedAt).toBeLessThan(2000);
    // The silent connection is dropped and made again; frames are read as soon as they come.
    sending = true;
    expect(await scale.until((reading) => reading.status === 'ok')).toBeTruthy();
  });

  it('reports a port that sends nothing a Toledo frame within 2 s', async () => {
    const port = await server((socket) => {
      const timer = setInterval(() => socket.write('\n 1G      45620lb \r'), 50);
      socket.on('close', () => clearInterval(timer));
    });
    const startedAt = performance.now();
    const scale = watch(port);
    const lost = await scale.until(isDisconnected);
    expect(lost.at - startedAt).toBeLessThan(2000);
    expect(lost.reading).toMatchObject({ weight: 0, frame: null, stable: false });
  });
});

describe('an SMA indicator on TCP', () => {
  async function sma(): Promise<IndicatorSimulator> {
    const simulator = await startSmaSimulator({ unit: 'lb', capacity: null });
    cleanups.push(() => simulator.close());
    return simulator;
  }

  it('is asked for each weight and gives it with its status', async () => {
    const simulator = await sma();
    simulator.setWeight(45_620);
    const scale = watch(simulator.port, { protocol: 'sma', smaPollMs: 100 });
    const settled = await scale.until((reading) => reading.weight === 45_620);
    expect(settled.reading).toEqual({
      weight: 45_620,
      unit: 'lb',
      stable: true,
      status: 'ok',
      frame: '<LF> 1G       45620lb <CR>',
    });
    simulator.setWeight(45_640, { motion: true });
    expect((await scale.until((reading) => reading.weight === 45_640)).reading.status).toBe(
      'motion',
    );
    simulator.setWeight(40, { negative: true });
    expect((await scale.until((reading) => reading.weight === -40)).reading.status).toBe(
      'underZero',
    );
    simulator.setWeight(100_200);
    expect((await scale.until((reading) => reading.weight === 100_200)).reading.status).toBe(
      'overCapacity',
    );

    const closedAt = performance.now();
    const before = scale.seen.length;
    await simulator.close();
    const lost = await scale.until(isDisconnected, 5000, before);
    expect(lost.at - closedAt).toBeLessThan(2000);
  });

  it('gives the gross of a tared indicator: its net weight plus the tare it is asked for', async () => {
    const answers: Record<string, string> = {
      W: '\n 1N       19620lb \r',
      M: '\n 1T       26000lb \r',
    };
    const port = await server((socket) => {
      socket.on('data', (chunk: Buffer) => {
        for (const request of chunk.toString('latin1').split('\r')) {
          const answer = answers[request.replace('\n', '')];
          if (answer) socket.write(answer);
        }
      });
    });
    const scale = watch(port, { protocol: 'sma', smaPollMs: 50 });
    const { reading } = await scale.until((seen) => seen.status === 'ok');
    expect(reading).toEqual({
      weight: 45_620,
      unit: 'lb',
      stable: true,
      status: 'ok',
      frame: '<LF> 1T       26000lb <CR><LF> 1N       19620lb <CR>',
    });
  });

  it('shows a zero error as a weight that cannot be taken', async () => {
    const port = await server((socket) => {
      socket.on('data', () => socket.write('\nE1G  ----------lb \r'));
    });
    const scale = watch(port, { protocol: 'sma', smaPollMs: 50 });
    expect((await scale.until(() => true)).reading).toMatchObject({
      weight: 0,
      stable: false,
      status: 'motion',
      frame: '<LF>E1G  ----------lb <CR>',
    });
  });
});
