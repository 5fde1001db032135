/**
 * R-PRINT-3..5: where printed tickets go. A print destination (print_destinations) is a spool
 * folder by default, or an IPP printer when it has an ipp://, ipps://, http:// or https:// URI.
 * Every printer either resolves with a line saying where the document went or rejects with the
 * reason it did not, which the hub answers in ticketPrintReply_v1.
 */
import path from 'node:path';
import type { Env } from '../env';
import { createIppPrinter } from './ipp-printer';
import { createSpoolPrinter } from './spool-printer';
import type { Printer } from './print-job';

export type PrintDestinationTarget = { name: string; type: string; uri: string | null };

export type PrintingOptions = {
  /** The spool folder: each destination without a URI is a folder under it (R-PRINT-4). */
  spoolDir: string;
  now: () => Date;
  /** How long an IPP printer may take to accept a job. */
  ippTimeoutMs?: number;
};

/** R-PRINT-4: PRINT_SPOOL_DIR, or DATA_DIR/print-spool: the API and the dispatcher spool there alike. */
export function spoolDirOf(env: Pick<Env, 'PRINT_SPOOL_DIR' | 'DATA_DIR'>): string {
  return path.resolve(env.PRINT_SPOOL_DIR ?? path.join(env.DATA_DIR, 'print-spool'));
}

const ippSchemes = /^(ipps?|https?):\/\//i;

/** R-PRINT-4: IPP for a destination with a printer URI, the spool folder for the others. */
export function printerFor(destination: PrintDestinationTarget, options: PrintingOptions): Printer {
  const uri = destination.uri?.trim();
  if (uri && ippSchemes.test(uri)) {
    return createIppPrinter(uri, { timeoutMs: options.ippTimeoutMs ?? 15_000 });
  }
  return createSpoolPrinter({ folder: options.spoolDir, now: options.now });
}
