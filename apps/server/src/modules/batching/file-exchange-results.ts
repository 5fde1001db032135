/**
 * R-BATCH-10: one result file in a plant's inbox. The job it answers is resolved from the database
 * (the plant's load batch of that ticket number), not from memory, so a result that arrives after a
 * restart lands as well; it lands through recordPanelReport, as the simulator's reports do. A file
 * the server took goes to done/ (with a note when it changed nothing); one it cannot take, to
 * rejected/ with its reason beside it.
 */
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { z } from 'zod';
import { batchResultFileSchema, resultFileKey } from '@dispatch/domain/batching/batch-panel-files';
import type { Db } from '../../db/client';
import type { BatchPanelReport } from './batch-panel';
import { recordPanelReport, sentBatchOf } from './batching.service';
import { errorCode, messageOf, moveInto } from './exchange-folder';

/** A file younger than this that is not yet JSON is taken to be still being written. */
export const resultSettleMs = 2_000;

export const doneFolder = 'done';
export const rejectedFolder = 'rejected';

export type ResultInbox = { db: Db; plantId: number; inbox: string; now: () => Date };

export type ResultOutcome =
  | { kind: 'applied'; ticketNumber: number; attempt: number }
  /** Taken to done/, changing nothing: an earlier attempt's, or a load no longer waiting. */
  | { kind: 'ignored'; reason: string }
  | { kind: 'rejected'; reason: string }
  /** Left where it is for the next pass: still being written, or taken by another process. */
  | { kind: 'later' };

const issuesOf = (error: z.ZodError) =>
  error.issues
    .map((issue) => `${issue.path.length ? issue.path.join('.') : 'the file'}: ${issue.message}`)
    .join('; ');

async function reject(inbox: ResultInbox, name: string, reason: string): Promise<ResultOutcome> {
  await moveInto(inbox.inbox, name, rejectedFolder, reason);
  return { kind: 'rejected', reason };
}

/** The file's text and age, or null when it has gone meanwhile. */
async function readResult(file: string): Promise<{ text: string; ageMs: number } | null> {
  try {
    const [text, stats] = await Promise.all([readFile(file, 'utf8'), stat(file)]);
    return { text, ageMs: Date.now() - stats.mtimeMs };
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return null;
    throw error;
  }
}

/** Takes the inbox's result file `name` (a `*.result.json`). Database failures throw: kept for later. */
export async function takeResultFile(inbox: ResultInbox, name: string): Promise<ResultOutcome> {
  const key = resultFileKey(name);
  if (!key) {
    return reject(inbox, name, 'its name is not <ticket number>-<attempt>.result.json.');
  }
  const read = await readResult(path.join(inbox.inbox, name));
  if (!read) return { kind: 'later' };
  let json: unknown;
  try {
    json = JSON.parse(read.text);
  } catch (error) {
    if (read.ageMs < resultSettleMs) return { kind: 'later' };
    return reject(inbox, name, `it is not JSON: ${messageOf(error)}`);
  }
  const parsed = batchResultFileSchema.safeParse(json);
  if (!parsed.success) {
    return reject(inbox, name, `it is not a result file: ${issuesOf(parsed.error)}`);
  }
  const result = parsed.data;
  if (result.ticketNumber !== key.ticketNumber || result.attempt !== key.attempt) {
    return reject(
      inbox,
      name,
      `its name is for ticket ${key.ticketNumber}, attempt ${key.attempt}, but it holds ticket ${result.ticketNumber}, attempt ${result.attempt}.`,
    );
  }
  const sent = await sentBatchOf(inbox.db, inbox.plantId, result.ticketNumber);
  if (!sent || sent.attempts === 0) {
    return reject(
      inbox,
      name,
      `ticket ${result.ticketNumber} is not a load sent to this plant's batch panel.`,
    );
  }
  if (result.attempt > sent.attempts) {
    return reject(
      inbox,
      name,
      `ticket ${result.ticketNumber} has no attempt ${result.attempt}: its last send is attempt ${sent.attempts}.`,
    );
  }
  if (result.attempt < sent.attempts) {
    // Well formed, and batched at the plant: done, not rejected, but said beside it and logged.
    const reason = `not applied: an earlier attempt (ticket ${result.ticketNumber} was sent again, attempt ${sent.attempts}).`;
    await moveInto(inbox.inbox, name, doneFolder, reason);
    return { kind: 'ignored', reason };
  }
  if (result.kind === 'batched') {
    const unknown = result.weights
      .map((weight) => weight.rawMaterialId)
      .filter((id) => !sent.rawMaterialIds.includes(id));
    if (unknown.length > 0) {
      return reject(
        inbox,
        name,
        `raw material ${unknown.join(', ')} is not in ticket ${result.ticketNumber}'s mix.`,
      );
    }
  }
  const outcome: BatchPanelReport =
    result.kind === 'batched'
      ? { kind: 'batched', weights: result.weights }
      : { kind: 'failed', reason: result.reason };
  const job = {
    plantId: inbox.plantId,
    loadId: sent.loadId,
    ticketId: sent.ticketId,
    alley: sent.alley,
    attempt: result.attempt,
  };
  if (await recordPanelReport(inbox.db, job, outcome, inbox.now())) {
    await moveInto(inbox.inbox, name, doneFolder);
    return { kind: 'applied', ticketNumber: result.ticketNumber, attempt: result.attempt };
  }
  const reason = `not applied: ticket ${result.ticketNumber} was no longer waiting for this result (answered already, or marked batched by hand).`;
  await moveInto(inbox.inbox, name, doneFolder, reason);
  return { kind: 'ignored', reason };
}
