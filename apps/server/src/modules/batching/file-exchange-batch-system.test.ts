/**
 * R-BATCH-10: the demo's batch system on the far side of the file exchange, through its two folders
 * only: it takes a job file, answers it batched within its deviation, and sets aside what is not a
 * job.
 */
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, utimesSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  batchResultFileName,
  batchResultFileSchema,
} from '@dispatch/domain/batching/batch-panel-files';
import { waitFor } from '../../../test/wait-for';
import {
  startFileExchangeBatchSystem,
  type FileExchangeBatchSystem,
} from './file-exchange-batch-system';
import { writeJobFile } from './file-exchange-panel';

const job = {
  database: 'DEMO',
  plantId: 3,
  alley: 1,
  loadId: 41,
  ticketId: 52,
  ticketNumber: 1007,
  attempt: 2,
  productNumber: '4000P',
  quantity: 8,
  slump: 5,
  materials: [
    { rawMaterialId: 11, code: 'CEM1', target: 4512 },
    { rawMaterialId: 12, code: 'H2O', target: 244 },
  ],
};

describe('the demo batch system of the file exchange', () => {
  let root: string;
  let outbox: string;
  let inbox: string;
  let system: FileExchangeBatchSystem | undefined;

  const waitForFile = (file: string) =>
    waitFor(
      () => Promise.resolve(existsSync(file)),
      (found) => found,
      10_000,
    );

  beforeEach(() => {
    root = mkdtempSync(path.join(tmpdir(), 'batch-system-'));
    outbox = path.join(root, 'outbox');
    inbox = path.join(root, 'inbox');
  });
  afterEach(async () => {
    await system?.close();
    system = undefined;
    rmSync(root, { recursive: true, force: true });
  });

  it('takes a job file into taken/ and answers it batched, each target within its deviation', async () => {
    // The most the deviation allows, upwards: random() = 1 gives +1 %.
    system = startFileExchangeBatchSystem({ outbox, inbox, delayMs: 50, random: () => 1 });
    const name = await writeJobFile(outbox, job);
    expect(name).toBe('1007-2.job.json');
    const result = path.join(inbox, batchResultFileName(1007, 2));
    await waitForFile(result);
    await system.idle();
    expect(batchResultFileSchema.parse(JSON.parse(readFileSync(result, 'utf8')))).toEqual({
      ticketNumber: 1007,
      attempt: 2,
      kind: 'batched',
      weights: [
        { rawMaterialId: 11, batched: 4557.1 },
        { rawMaterialId: 12, batched: 246.4 },
      ],
    });
    // Written under a temporary name then renamed: the inbox holds the result only.
    expect(readdirSync(inbox)).toEqual(['1007-2.result.json']);
    expect(readdirSync(outbox).sort()).toEqual(['taken']);
    expect(readdirSync(path.join(outbox, 'taken'))).toEqual([name]);
  });

  it('sets aside a file that is not a job, and leaves temporary files alone', async () => {
    system = startFileExchangeBatchSystem({ outbox, inbox, delayMs: 50, scanIntervalMs: 100 });
    const broken = path.join(outbox, '1008-1.job.json');
    await writeFile(broken, '{"ticketNumber": 1008');
    const old = new Date(Date.now() - 60_000);
    utimesSync(broken, old, old);
    await writeFile(path.join(outbox, '.1009-1.job.json.tmp-abc'), '{');
    const setAside = path.join(outbox, 'taken', '1008-1.job.json');
    await waitForFile(setAside);
    expect(readFileSync(`${setAside}.reason.txt`, 'utf8')).toMatch(/^not a job file: /);
    await system.idle();
    expect(readdirSync(inbox)).toEqual([]);
    expect(existsSync(path.join(outbox, '.1009-1.job.json.tmp-abc'))).toBe(true);
  });
});
