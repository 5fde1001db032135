/**
 * R-PRINT-10: a delivery ticket's PDF for a printer, rendered on a worker thread. pdfmake lays a
 * page out in one synchronous stretch (a quarter of a second to over a second of CPU on a busy
 * machine); on the main thread every print would hold up the hub's sends and the API's answers,
 * so the events of the dispatch that caused it would reach the other boards late. Should the
 * worker not start, the PDF is rendered here as before.
 */
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Letterhead } from '../pdf/letterhead';
import { renderTicketPdf, type TicketPdfOptions } from '../modules/tickets/ticket-pdf';
import type { TicketPrint } from '../modules/tickets/ticket-print.service';
import type { RenderAnswer, RenderRequest } from './ticket-pdf-worker';

type Waiting = { resolve: (pdf: Buffer) => void; reject: (error: Error) => void };

const workerFile = fileURLToPath(new URL('./ticket-pdf-worker.ts', import.meta.url));
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

export function renderTicketPdfOffThread(
  ticket: TicketPrint,
  letterhead: Letterhead,
  options: TicketPdfOptions,
): Promise<Buffer> {
  if (failed) return renderTicketPdf(ticket, letterhead, options);
  worker ??= startWorker();
  const id = nextId++;
  const request: RenderRequest = { id, ticket, letterhead, options };
  const running = worker;
  return (
    new Promise<Buffer>((resolve, reject) => {
      waiting.set(id, { resolve, reject });
      running.ref();
      running.postMessage(request);
    })
      // A worker that failed or stopped leaves the render to this thread, which says what is wrong.
      .catch(() => renderTicketPdf(ticket, letterhead, options))
      .finally(() => {
        if (waiting.size === 0) running.unref();
      })
  );
}
