/**
 * R-PRINT-10: the API prints a ticket its plant prints by itself after the write that made it has
 * committed, in the background: the dispatch (or the ticket entry) answers at once and holds no
 * lock while a printer is talked to. Prints still under way when the server closes are waited for.
 */
import type { AuthContext } from '../../auth/session-store';
import type { Server, ServerDeps } from '../../http/server';
import { printTicketWhenSent } from './print-ticket';
import { spoolDirOf } from '../../printing/printer';

export type PrintWhenSent = {
  /** Starts printing the committed ticket when its plant prints by itself; never throws. */
  afterCommit(auth: AuthContext, ticketId: number): void;
};

const printers = new WeakMap<Server, PrintWhenSent>();

/** The app's one background printer, closed with the app (every route that writes tickets). */
export function printWhenSentOf(app: Server, deps: ServerDeps): PrintWhenSent {
  const existing = printers.get(app);
  if (existing) return existing;
  const running = new Set<Promise<void>>();
  const options = { spoolDir: spoolDirOf(deps.env), now: deps.now };
  const printer: PrintWhenSent = {
    afterCommit(auth, ticketId) {
      const job: Promise<void> = printTicketWhenSent(auth, ticketId, options)
        .then(() => undefined)
        .catch((error: unknown) =>
          app.log.error({ err: error, ticketId }, 'the ticket could not be printed'),
        )
        .finally(() => running.delete(job));
      running.add(job);
    },
  };
  app.addHook('onClose', async () => {
    await Promise.allSettled([...running]);
  });
  printers.set(app, printer);
  return printer;
}
