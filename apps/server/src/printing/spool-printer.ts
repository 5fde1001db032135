import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Printer } from './print-job';

/** A destination's name as a folder name: no separators, no dot-only names. */
export function spoolFolderName(destination: string): string {
  const safe = destination.trim().replace(/[^A-Za-z0-9 _.-]/g, '_');
  return /^\.*$/.test(safe) ? '_' : safe;
}

/** 2026-11-25T03:47:40.123Z as 20261125T034740123Z: sortable, and legal in every file system. */
export function spoolTimestamp(at: Date): string {
  return at.toISOString().replace(/[-:.]/g, '');
}

/**
 * R-PRINT-4: the default printer writes the PDF as <folder>/<destination>/<document>-<time>.pdf,
 * where a print server (CUPS, a Windows queue, a folder watcher) picks it up. The file appears
 * whole: it is written under a temporary name and then renamed.
 */
export function createSpoolPrinter(options: { folder: string; now: () => Date }): Printer {
  return {
    async print(job) {
      const folder = path.join(options.folder, spoolFolderName(job.destination));
      await mkdir(folder, { recursive: true });
      const file = path.join(
        folder,
        `${spoolFolderName(job.documentName)}-${spoolTimestamp(options.now())}.pdf`,
      );
      const partial = `${file}.${process.pid}.part`;
      await writeFile(partial, job.pdf);
      await rename(partial, file);
      return file;
    },
  };
}
