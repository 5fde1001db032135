/**
 * R-BATCH-10: the folders of a batch panel file exchange, as both of its ends use them (the server,
 * and the demo's batch system): files written whole, files moved aside with a note, and folders
 * watched. The folders may sit on a network share, where fs.watch misses events: a periodic scan
 * backs it up, and every pass lists the whole folder, so a missed event only costs time.
 */
import { randomBytes } from 'node:crypto';
import { watch, type FSWatcher } from 'node:fs';
import { access, mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

export function errorCode(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException | undefined)?.code;
}

export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Writes the file under a temporary name in the same folder, then renames it: the other end never
 * reads half a file, and never picks up the temporary one (a dot name, not ending as it looks for).
 */
export async function writeFileAtomically(
  folder: string,
  name: string,
  text: string,
): Promise<void> {
  const temporary = path.join(folder, `.${name}.tmp-${randomBytes(6).toString('hex')}`);
  try {
    await writeFile(temporary, text, { flag: 'wx' });
    await rename(temporary, path.join(folder, name));
  } catch (error) {
    await rm(temporary, { force: true }).catch(() => {});
    throw error;
  }
}

async function exists(file: string): Promise<boolean> {
  return access(file).then(
    () => true,
    () => false,
  );
}

/** `12-1.result.json`, or `12-1 (2).result.json` when a file of that name is already there. */
async function freeName(folder: string, name: string): Promise<string> {
  const dot = name.indexOf('.');
  const [stem, extension] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
  let candidate = name;
  for (let copy = 2; await exists(path.join(folder, candidate)); copy += 1) {
    candidate = `${stem} (${copy})${extension}`;
  }
  return candidate;
}

/**
 * Moves the folder's file into its subfolder (made when missing), never over an earlier file of
 * the same name, with the note written beside it first as `<name>.reason.txt`: whoever sees the
 * file there sees why. Null when the file had gone: another process took it meanwhile.
 */
export async function moveInto(
  folder: string,
  name: string,
  subfolder: string,
  note?: string,
): Promise<string | null> {
  const target = path.join(folder, subfolder);
  await mkdir(target, { recursive: true });
  const destination = path.join(target, await freeName(target, name));
  const noteFile = `${destination}.reason.txt`;
  if (note !== undefined) await writeFile(noteFile, `${note}\n`);
  try {
    await rename(path.join(folder, name), destination);
    return destination;
  } catch (error) {
    if (note !== undefined) await rm(noteFile, { force: true });
    if (errorCode(error) === 'ENOENT') return null;
    throw error;
  }
}

export type FolderWatchOptions = {
  /** The periodic scan's interval, behind fs.watch. */
  intervalMs: number;
  /** The files to hand over; others (temporary names, subfolders, notes) are left alone. */
  accept: (name: string) => boolean;
  /** Takes one file; passes run one at a time, so a file is never taken twice at once. */
  onFile: (name: string) => Promise<void>;
  /** A folder that cannot be read, or a file that could not be taken: said once until it changes. */
  onError: (error: unknown, name?: string) => void;
};

export type FolderWatch = { close(): Promise<void> };

/** Hands the folder's files to `onFile`, at once, on every change fs.watch sees, and every interval. */
export function watchFolder(folder: string, options: FolderWatchOptions): FolderWatch {
  let watcher: FSWatcher | undefined;
  let closed = false;
  let running: Promise<void> | undefined;
  let again = false;
  // The last problem said, forgotten after a pass without one: a share that stays down is said once.
  let lastError: string | undefined;
  let erred = false;

  const report = (error: unknown, name?: string) => {
    const said = `${name ?? ''}: ${messageOf(error)}`;
    erred = true;
    if (said === lastError) return;
    lastError = said;
    options.onError(error, name);
  };
  // A folder missing now may appear later: watching is tried again on each pass until it holds.
  const listen = () => {
    if (watcher || closed) return;
    try {
      watcher = watch(folder, () => trigger());
      watcher.on('error', () => {
        watcher?.close();
        watcher = undefined;
      });
    } catch {
      watcher = undefined;
    }
  };
  const pass = async () => {
    erred = false;
    listen();
    let names: string[];
    try {
      const entries = await readdir(folder, { withFileTypes: true });
      names = entries
        .filter((entry) => entry.isFile() && options.accept(entry.name))
        .map((entry) => entry.name)
        .sort();
    } catch (error) {
      report(error);
      return;
    }
    for (const name of names) {
      if (closed) return;
      try {
        await options.onFile(name);
      } catch (error) {
        report(error, name);
      }
    }
    if (!erred) lastError = undefined;
  };
  const trigger = () => {
    if (closed) return;
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      do {
        again = false;
        await pass();
      } while (again && !closed);
    })().finally(() => {
      running = undefined;
    });
  };
  const timer = setInterval(trigger, options.intervalMs);
  timer.unref();
  trigger();
  return {
    async close() {
      closed = true;
      clearInterval(timer);
      watcher?.close();
      watcher = undefined;
      await running;
    },
  };
}
