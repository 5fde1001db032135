/**
 * R-PRINT-10: PDFs for printers, rendered on a worker thread. pdfmake lays a page out in one
 * synchronous stretch (a quarter of a second to over a second of CPU on a busy machine); on the
 * main thread every print would hold up the hub's sends and the API's answers, so the events of
 * the dispatch that caused it would reach the other boards late. Should the worker not start, the
 * PDF is rendered here as before.
 *
 * The worker knows no document: each request names the module that renders it, which the worker
 * loads itself, so the business module that prints stays the only one that knows its PDF.
 */
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { RenderAnswer, RenderRequest } from './pdf-worker';

/** A PDF renderer that can run on the worker thread as well as on this one. */
export type PdfRenderer<Args extends unknown[]> = {
  /** The module the worker imports the renderer from: `new URL('./x-pdf.ts', import.meta.url)`. */
  module: URL;
  /** The name the module exports the renderer by. */
  exportName: string;
  /** The same renderer, on this thread: when the worker is not there or fails. */
  render: (...args: Args) => Promise<Buffer>;
};

type Waiting = { resolve: (pdf: Buffer) => void; reject: (error: Error) => void };

const workerFile = fileURLToPath(new URL('./pdf-worker.ts', import.meta.url));
const waiting = new Map<number, Waiting>();
let worker: Worker | null = null;
let failed = false;
let nextId = 1;

/** The worker loads the TypeScript entry through tsx, as `npm start` runs the server. */
function startWorker(): Worker {
  const started = new Worker(
    `import('tsx/esm/api').then(({ tsImport }) => tsImport(${JSON.stringify(workerFile)}, ${JSON.stringify(import.meta.url)}))`,
    { eval: true },
  );
  // An idle worker does not keep the process alive; a render under way holds a promise that does.
  started.unref();
  started.on('message', (answer: RenderAnswer) => {
    const entry = waiting.get(answer.id);
    if (!entry) return;
    waiting.delete(answer.id);
    if ('error' in answer) entry.reject(new Error(answer.error));
    else entry.resolve(Buffer.from(answer.pdf));
  });
  const lost = (error: Error) => {
    failed = true;
    worker = null;
    for (const entry of waiting.values()) entry.reject(error);
    waiting.clear();
  };
  started.on('error', lost);
  started.on('exit', (code) => {
    if (worker === started) lost(new Error(`the PDF worker stopped (${code})`));
  });
  return started;
}

/** The renderer's PDF of `args` (which must survive structured cloning), laid out on the worker. */
export function renderPdfOffThread<Args extends unknown[]>(
  renderer: PdfRenderer<Args>,
  ...args: Args
): Promise<Buffer> {
  if (failed) return renderer.render(...args);
  worker ??= startWorker();
  const id = nextId++;
  const request: RenderRequest = {
    id,
    module: renderer.module.href,
    exportName: renderer.exportName,
    args,
  };
  const running = worker;
  return (
    new Promise<Buffer>((resolve, reject) => {
      waiting.set(id, { resolve, reject });
      running.ref();
      running.postMessage(request);
    })
      // A worker that failed or stopped leaves the render to this thread, which says what is wrong.
      .catch(() => renderer.render(...args))
      .finally(() => {
        if (waiting.size === 0) running.unref();
      })
  );
}
