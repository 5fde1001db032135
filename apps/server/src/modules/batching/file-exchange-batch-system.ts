/**
 * R-BATCH-10: a stand-in for a plant's batch system on the far side of the file exchange, for demos
 * (`npm start`): it takes each job file from the outbox into its own taken/ and, after about
 * 1.5 s, answers in the inbox with the load batched, each material within ±1 % of its target. It
 * speaks only through the two folders, as a vendor's system would.
 */
import { mkdirSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import {
  batchJobFileSchema,
  batchResultFileName,
  type BatchJobFile,
  type BatchResultFile,
} from '@dispatch/domain/batching/batch-panel-files';
import {
  errorCode,
  messageOf,
  moveInto,
  watchFolder,
  writeFileAtomically,
} from './exchange-folder';

export type FileExchangeBatchSystemOptions = {
  outbox: string;
  inbox: string;
  /** How long a load takes to batch: 1.5 s by default. */
  delayMs?: number;
  /** Largest deviation from a target, as a fraction: 0.01 by default. */
  deviation?: number;
  random?: () => number;
  /** The outbox's periodic scan, behind fs.watch: 1 s by default. */
  scanIntervalMs?: number;
  logger?: { warn(object: object, message?: string): void };
};

export type FileExchangeBatchSystem = {
  /** Resolves once every job taken so far is answered (tests). */
  idle(): Promise<void>;
  /** Stops watching; jobs taken but not answered yet stay unanswered in taken/. */
  close(): Promise<void>;
};

/** A job file younger than this that is not yet a job is taken to be still being written. */
const settleMs = 2_000;

export function startFileExchangeBatchSystem(
  options: FileExchangeBatchSystemOptions,
): FileExchangeBatchSystem {
  const delayMs = options.delayMs ?? 1_500;
  const deviation = options.deviation ?? 0.01;
  const random = options.random ?? Math.random;
  const timers = new Map<NodeJS.Timeout, () => void>();
  const answering = new Set<Promise<void>>();
  // Its folders exist from the start, so the demo's plant can be pointed at them at once.
  mkdirSync(options.outbox, { recursive: true });
  mkdirSync(options.inbox, { recursive: true });

  const weigh = (target: number) =>
    Math.max(0, Math.round(target * (1 + (random() * 2 - 1) * deviation) * 10) / 10);

  const answer = async (job: BatchJobFile) => {
    const result: BatchResultFile = {
      ticketNumber: job.ticketNumber,
      attempt: job.attempt,
      kind: 'batched',
      weights: job.materials.map((material) => ({
        rawMaterialId: material.rawMaterialId,
        batched: weigh(material.target),
      })),
    };
    await writeFileAtomically(
      options.inbox,
      batchResultFileName(job.ticketNumber, job.attempt),
      `${JSON.stringify(result, null, 2)}\n`,
    );
  };

  const later = (job: BatchJobFile) => {
    const answered = new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        answer(job)
          .catch((error: unknown) =>
            options.logger?.warn({ err: error, inbox: options.inbox }, 'batch result not written'),
          )
          .finally(resolve);
      }, delayMs);
      timers.set(timer, resolve);
    });
    answering.add(answered);
    void answered.finally(() => answering.delete(answered));
  };

  const take = async (name: string) => {
    const file = path.join(options.outbox, name);
    let text: string;
    let ageMs: number;
    try {
      [text, ageMs] = await Promise.all([
        readFile(file, 'utf8'),
        stat(file).then((stats) => Date.now() - stats.mtimeMs),
      ]);
    } catch (error) {
      if (errorCode(error) === 'ENOENT') return;
      throw error;
    }
    let job: BatchJobFile;
    try {
      job = batchJobFileSchema.parse(JSON.parse(text));
    } catch (error) {
      if (ageMs < settleMs) return;
      await moveInto(options.outbox, name, 'taken', `not a job file: ${messageOf(error)}`);
      return;
    }
    // Taking it first claims it: a second pass, or a second system, finds it gone.
    if ((await moveInto(options.outbox, name, 'taken')) !== null) later(job);
  };

  const watch = watchFolder(options.outbox, {
    intervalMs: options.scanIntervalMs ?? 1_000,
    accept: (name) => !name.startsWith('.') && name.endsWith('.job.json'),
    onFile: take,
    onError: (error, name) =>
      options.logger?.warn({ err: error, outbox: options.outbox, file: name }, 'job not taken'),
  });

  return {
    async idle() {
      while (answering.size > 0) await Promise.all([...answering]);
    },
    async close() {
      await watch.close();
      for (const [timer, resolve] of timers) {
        clearTimeout(timer);
        resolve();
      }
      timers.clear();
      await Promise.all([...answering]);
    },
  };
}
