/**
 * The serial transport on real serial ports: a pseudo-terminal pair made by socat, the indicator
 * on one end (opened here with `serialport` as well) and the watcher on the other. Needs socat
 * (`apt-get install socat`).
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SerialPort } from 'serialport';
import { afterEach, describe, expect, it } from 'vitest';
import { parseScaleAddress, type ScaleAddress } from '@dispatch/domain/plants/scale';
import { watchIndicator, type IndicatorReading } from './indicator';
import { encodeSmaAnswer } from './sma';
import { encodeToledoFrame } from './toledo-continuous';

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const lineSettings = 'baudRate=9600&dataBits=7&parity=even&stopBits=1';

/** Two linked pseudo-terminals, named `indicator` and `server` in a fresh folder. */
function ptyPair() {
  if (spawnSync('socat', ['-V']).status !== 0) {
    throw new Error('these tests need socat: apt-get install -y socat');
  }
  const folder = mkdtempSync(path.join(tmpdir(), 'scale-serial-'));
  const indicatorPath = path.join(folder, 'indicator');
  const serverPath = path.join(folder, 'server');
  let stopSocat: () => Promise<void> = () => Promise.resolve();
  const pair = {
    indicatorPath,
    serverPath,
    async start() {
      const socat = spawn(
        'socat',
        [`pty,raw,echo=0,link=${indicatorPath}`, `pty,raw,echo=0,link=${serverPath}`],
        { stdio: 'ignore' },
      );
      const exited = new Promise<void>((resolve) => socat.once('exit', () => resolve()));
      stopSocat = async () => {
        socat.kill('SIGTERM');
        await exited;
      };
      for (let waited = 0; !(existsSync(indicatorPath) && existsSync(serverPath)); waited += 20) {
        if (waited > 5000) throw new Error('socat made no pseudo-terminals');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    stop: () => stopSocat(),
  };
  cleanups.push(() => rmSync(folder, { recursive: true, force: true }));
  cleanups.push(() => pair.stop());
  return pair;
}

/** The indicator's end of the line, as 7E1 at 9600 baud. */
async function openIndicatorEnd(portPath: string): Promise<SerialPort> {
  const port = new SerialPort({
    path: portPath,
    baudRate: 9600,
    dataBits: 7,
    parity: 'even',
    stopBits: 1,
    autoOpen: false,
  });
  await new Promise<void>((resolve, reject) =>
    port.open((error) => (error ? reject(error) : resolve())),
  );
  port.on('error', () => undefined);
  cleanups.push(() => (port.isOpen ? new Promise((resolve) => port.close(resolve)) : undefined));
  return port;
}

function serialAddress(portPath: string): ScaleAddress {
  const parsed = parseScaleAddress(`serial://${portPath}?${lineSettings}`);
  if ('problem' in parsed) throw new Error(parsed.problem);
  return parsed.address;
}

function recorder() {
  const seen: { at: number; reading: IndicatorReading }[] = [];
  return {
    seen,
    onReading: (reading: IndicatorReading) => seen.push({ at: performance.now(), reading }),
    /** A reading from now on, or from `from` (a `seen.length` taken before an awaited step). */
    async until(
      wanted: (reading: IndicatorReading) => boolean,
      timeoutMs = 5000,
      from = seen.length,
    ) {
      const deadline = performance.now() + timeoutMs;
      while (performance.now() < deadline) {
        const found = seen.slice(from).find((entry) => wanted(entry.reading));
        if (found) return found;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      throw new Error(`no such reading in ${timeoutMs} ms; last: ${JSON.stringify(seen.at(-1))}`);
    },
  };
}

describe('an indicator on a serial port', () => {
  it('streams Toledo frames, is reported lost within 2 s when the port goes, and is read again', async () => {
    const pair = ptyPair();
    await pair.start();
    const sendFrames = async (weight: number) => {
      const indicator = await openIndicatorEnd(pair.indicatorPath);
      const frame = encodeToledoFrame({ weight, division: 20, unit: 'lb' }, { checksum: true });
      const timer = setInterval(() => indicator.isOpen && indicator.write(frame), 50);
      cleanups.push(() => clearInterval(timer));
    };
    await sendFrames(45_620);
    const scale = recorder();
    const stop = watchIndicator(
      {
        protocol: 'toledo-continuous',
        address: serialAddress(pair.serverPath),
        capacity: 100_000,
        division: 20,
        unit: 'lb',
      },
      scale.onReading,
    );
    cleanups.push(stop);
    expect((await scale.until((reading) => reading.weight === 45_620)).reading).toMatchObject({
      status: 'ok',
      stable: true,
    });

    // The cable is pulled: the pseudo-terminals are gone.
    const pulledAt = performance.now();
    const pulled = scale.seen.length;
    await pair.stop();
    const lost = await scale.until((reading) => reading.status === 'disconnected', 5000, pulled);
    expect(lost.at - pulledAt).toBeLessThan(2000);

    const replugged = scale.seen.length;
    await pair.start();
    await sendFrames(45_700);
    const back = await scale.until((reading) => reading.weight === 45_700, 15_000, replugged);
    expect(back.reading.status).toBe('ok');
  });

  it('asks an SMA indicator for each weight through the port', async () => {
    const pair = ptyPair();
    await pair.start();
    const indicator = await openIndicatorEnd(pair.indicatorPath);
    let heard = '';
    indicator.on('data', (chunk: Buffer) => {
      heard += chunk.toString('latin1');
      while (heard.includes('\r')) {
        const request = heard.slice(0, heard.indexOf('\r'));
        heard = heard.slice(heard.indexOf('\r') + 1);
        if (request === '\nW') {
          indicator.write(encodeSmaAnswer({ weight: 20_640, division: 10, unit: 'kg' }));
        }
      }
    });
    const scale = recorder();
    const stop = watchIndicator(
      {
        protocol: 'sma',
        address: serialAddress(pair.serverPath),
        capacity: 60_000,
        division: 10,
        unit: 'kg',
        smaPollMs: 100,
      },
      scale.onReading,
    );
    cleanups.push(stop);
    expect((await scale.until((reading) => reading.weight === 20_640)).reading).toEqual({
      weight: 20_640,
      unit: 'kg',
      stable: true,
      status: 'ok',
      frame: '<LF> 1G       20640kg <CR>',
    });
  });
});
