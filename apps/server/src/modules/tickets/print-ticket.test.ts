/**
 * R-PRINT-3..6: PrintTicket on the hub, through a real dispatcher and the official SignalR client:
 * the delivery ticket's PDF lands in the spool folder or at an IPP printer (a small IPP server run
 * by the test, speaking the protocol through the `ipp` package), the caller gets
 * ticketPrintReply_v1 with what really happened, and a printed ticket has its print time stamped
 * with ticketUpdate_v1 to every dispatcher.
 */
import { createServer, type Server as HttpServer } from 'node:http';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import ipp from 'ipp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { printDestinations } from '../../db/schema/settings';
import { tickets } from '../../db/schema/tickets';
import {
  addDispatchedOrder,
  buildDispatchWorld,
  type DispatchWorld,
} from '../../../test/dispatch-fixtures';
import { addUsers } from '../../../test/order-fixtures';
import { callerOf, createTestApp, type TestApp } from '../../../test/test-app';
import { startTestHub, type TestHub } from '../../../test/test-hub';
import { databaseKinds } from '../../../test/test-tenancy';
import { spoolTimestamp } from '../../printing/spool-printer';

type Reply = { ticketId: number; destination: string; printed: boolean; message: string };
type IppJob = { request: ipp.IppMessage; document: Buffer; headerEnd: number };

/** An IPP printer on loopback: records each request and answers with the given status. */
async function startIppPrinter(status: string) {
  const jobs: IppJob[] = [];
  const server: HttpServer = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks);
      const start = body.indexOf('%PDF-');
      jobs.push({
        request: ipp.parse(body),
        document: start < 0 ? Buffer.alloc(0) : body.subarray(start),
        headerEnd: start < 0 ? -1 : body[start - 1]!,
      });
      const answer = ipp.serialize({
        version: '2.0',
        statusCode: status,
        id: ipp.parse(body).id!,
        'operation-attributes-tag': {
          'attributes-charset': 'utf-8',
          'attributes-natural-language': 'en-us',
        },
        ...(status.startsWith('successful')
          ? { 'job-attributes-tag': { 'job-id': 41 + jobs.length } }
          : {}),
      });
      response.writeHead(200, { 'content-type': 'application/ipp' }).end(answer);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    jobs,
    uri: `ipp://127.0.0.1:${port}/printers/yard`,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

describe.each(databaseKinds)('PrintTicket on %s', (kind) => {
  let t: TestApp;
  let world: DispatchWorld;
  let hub: TestHub;
  let spoolDir: string;
  let ticket: { id: number; number: number };
  const tokens: Record<string, string> = {};
  const call = callerOf(() => t, tokens, 'dispatcher');

  const loggedIn = (who: string) => hub.login(who, tokens[who]!);
  const printDateTimeOf = async (id: number) =>
    (await t.db.select({ at: tickets.printDateTime }).from(tickets).where(eq(tickets.id, id)))[0]!
      .at;

  beforeAll(async () => {
    t = await createTestApp(kind);
    world = await buildDispatchWorld(t.db);
    await addUsers(t, tokens, [
      ['dispatcher', [1001, 1002, 1003], { 51001: 5 }],
      ['watcher', [1001, 1002, 1003], { 51001: 5 }],
      ['stranger', [1001, 1002, 1003], {}],
    ]);
    ({ ticket } = await addDispatchedOrder(t.db, call, world, {
      loadSizes: [9],
      truckNumber: '77',
    }));

    spoolDir = mkdtempSync(path.join(tmpdir(), 'dispatch-spool-'));
    hub = await startTestHub(t, {
      now: () => t.clock.now,
      printing: { spoolDir, ippTimeoutMs: 3000 },
    });
  });

  afterAll(async () => {
    await hub.close();
    await t.close();
    rmSync(spoolDir, { recursive: true, force: true });
  });

  it('spools the ticket PDF, answers ticketPrintReply_v1, stamps the print time and tells everyone', async () => {
    const dispatcherClient = await loggedIn('dispatcher');
    const watcher = await loggedIn('watcher');
    t.clock.advance(60_000);
    const printedAt = t.clock.now;

    const reply = await dispatcherClient.connection.invoke<Reply>(
      'PrintTicket',
      ticket.id,
      'printer:Dispatch',
    );
    expect(reply).toEqual({
      ticketId: ticket.id,
      destination: 'Dispatch',
      printed: true,
      message: `Ticket ${ticket.number} sent to Dispatch.`,
    });
    expect(await dispatcherClient.next('ticketPrintReply_v1')).toEqual(reply);
    // The reply is the caller's alone.
    expect(watcher.all('ticketPrintReply_v1')).toEqual([]);

    const file = path.join(
      spoolDir,
      'Dispatch',
      `${ticket.number}-${spoolTimestamp(printedAt)}.pdf`,
    );
    expect(existsSync(file)).toBe(true);
    const pdf = readFileSync(file);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.toString('latin1').trimEnd().endsWith('%%EOF')).toBe(true);
    expect(pdf.toString('latin1')).toContain(`Delivery ticket ${ticket.number}`);

    expect((await printDateTimeOf(ticket.id))?.getTime()).toBe(printedAt.getTime());
    const isTicket = (data: unknown) => (data as { id: number }).id === ticket.id;
    for (const client of [dispatcherClient, watcher]) {
      expect(await client.next('ticketUpdate_v1', isTicket)).toMatchObject({
        id: ticket.id,
        plantId: world.plants.concrete,
      });
    }
  });

  it('sends the ticket to an IPP printer with Print-Job and the PDF', async () => {
    const printer = await startIppPrinter('successful-ok');
    try {
      await t.db
        .insert(printDestinations)
        .values({ name: 'Yard', type: 'Printer', uri: printer.uri });
      const client = await loggedIn('dispatcher');
      const reply = await client.connection.invoke<Reply>('PrintTicket', ticket.id, 'Yard');
      expect(reply).toMatchObject({ destination: 'Yard', printed: true });

      expect(printer.jobs).toHaveLength(1);
      const [job] = printer.jobs;
      expect(job!.request.operation).toBe('Print-Job');
      expect(job!.request['operation-attributes-tag']).toMatchObject({
        'printer-uri': printer.uri,
        'requesting-user-name': 'dispatcher',
        'job-name': `Delivery ticket ${ticket.number}`,
        'document-format': 'application/pdf',
      });
      // The document follows the end-of-attributes tag (0x03), whole.
      expect(job!.headerEnd).toBe(0x03);
      expect(job!.document.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(job!.document.toString('latin1').trimEnd().endsWith('%%EOF')).toBe(true);
      expect(job!.document.toString('latin1')).toContain(`Delivery ticket ${ticket.number}`);
    } finally {
      await printer.close();
    }
  });

  it('answers printed: false with the reason when the printer refuses or cannot be reached', async () => {
    const busy = await startIppPrinter('server-error-busy');
    const gone = await startIppPrinter('successful-ok');
    await gone.close();
    try {
      await t.db.insert(printDestinations).values([
        { name: 'Busy', type: 'Printer', uri: busy.uri },
        { name: 'Gone', type: 'Printer', uri: gone.uri },
      ]);
      await t.db.update(tickets).set({ printDateTime: null }).where(eq(tickets.id, ticket.id));
      const client = await loggedIn('dispatcher');

      const refused = await client.connection.invoke<Reply>('PrintTicket', ticket.id, 'Busy');
      expect(refused).toEqual({
        ticketId: ticket.id,
        destination: 'Busy',
        printed: false,
        message: `Ticket ${ticket.number} was not printed on Busy: the printer refused the job (server-error-busy).`,
      });
      expect(busy.jobs).toHaveLength(1);
      expect(await client.next('ticketPrintReply_v1', (d) => !(d as Reply).printed)).toEqual(
        refused,
      );

      const unreachable = await client.connection.invoke<Reply>('PrintTicket', ticket.id, 'Gone');
      expect(unreachable).toMatchObject({ destination: 'Gone', printed: false });
      expect(unreachable.message).toMatch(
        new RegExp(`^Ticket ${ticket.number} was not printed on Gone: .*ECONNREFUSED`),
      );
      // Nothing printed, nothing stamped.
      expect(await printDateTimeOf(ticket.id)).toBeNull();

      expect(await client.connection.invoke<Reply>('PrintTicket', ticket.id, 'Nowhere')).toEqual({
        ticketId: ticket.id,
        destination: 'Nowhere',
        printed: false,
        message: "There is no print destination 'Nowhere'.",
      });
      expect(await client.connection.invoke<Reply>('PrintTicket', 987_654)).toMatchObject({
        printed: false,
        message: 'Ticket 987654 was not found.',
      });
    } finally {
      await busy.close();
    }
  });

  it('refuses a user without rights to tickets, and arguments that are not a ticket', async () => {
    const stranger = await loggedIn('stranger');
    const reply = await stranger.connection.invoke<Reply>('PrintTicket', ticket.id, 'Dispatch');
    expect(reply).toMatchObject({ printed: false });
    expect(reply.message).toMatch(/permission/i);
    const client = await loggedIn('dispatcher');
    await expect(client.connection.invoke('PrintTicket', 'x')).rejects.toThrow(/PrintTicket/);
  });
});
