/** R-PRINT-3: PrintTicket, the hub method that prints a delivery ticket (dispatch/hub-wiring.ts adds it). */
import { tmpdir } from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { findSession } from '../../auth/session-store';
import type { Tenancy } from '../../db/tenancy';
import { hubRecordId, parseHubArgs, type LoggedInCall } from '../../dispatch/dispatcher';
import { printTicket, type TicketPrintReply } from './print-ticket';

const printArgs = z.tuple([hubRecordId, z.string().trim().max(100).optional()]);

export type PrintTicketHubDeps = {
  tenancy: Tenancy;
  now: () => Date;
  /** Where PrintTicket spools PDFs for destinations without a printer URI (R-PRINT-4). */
  printing?: { spoolDir: string; ippTimeoutMs?: number } | undefined;
};

export function printTicketHubMethod(
  deps: PrintTicketHubDeps,
): (call: LoggedInCall) => Promise<TicketPrintReply> {
  const printing = {
    spoolDir: deps.printing?.spoolDir ?? path.join(tmpdir(), 'dispatch-print-spool'),
    now: deps.now,
    ...(deps.printing?.ippTimeoutMs ? { ippTimeoutMs: deps.printing.ippTimeoutMs } : {}),
  };
  return async ({ connection, login, args, log }) => {
    const [ticketId, destination] = parseHubArgs(printArgs, args, 'PrintTicket');
    const auth = await findSession(await deps.tenancy.open(login.database), {
      database: login.database,
      token: login.token,
      now: deps.now(),
      onWarning: (warning) => log.warn(warning),
    });
    if (!auth) throw new Error('PrintTicket: the session has ended.');
    // R-PRINT-3: the answer says what really happened at the printer.
    const reply = await printTicket(auth, { ticketId, destination }, printing);
    connection.send('ticketPrintReply_v1', reply);
    return reply;
  };
}
