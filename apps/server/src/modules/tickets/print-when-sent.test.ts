/**
 * R-PRINT-9..10: a plant that prints when the truck is sent prints each dispatched ticket (and
 * each ticket saved at the scale) on its print queue after the write commits: into a real spool
 * folder, or at an IPP printer on a closed port for the failure. The print time is stamped, or the
 * failure kept with no print time, the board shows it, the reply reaches the hub connection of the
 * session that sent the truck and no other, and a reprint through PrintTicket clears the failure.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadBoardSchema } from '@dispatch/domain/dispatch/load-board';
import { printTicketMethodIds } from '@dispatch/domain/tickets/print-methods';
import { plants } from '../../db/schema/plants';
import { printDestinations } from '../../db/schema/settings';
import { tickets } from '../../db/schema/tickets';
import {
  addOrder,
  addTruck,
  buildDispatchWorld,
  type DispatchWorld,
} from '../../../test/dispatch-fixtures';
import { freePort } from '../../../test/free-port';
import type { HubClient } from '../../../test/hub-client';
import { addUsers } from '../../../test/order-fixtures';
import { callerOf, createTestApp, type TestApp } from '../../../test/test-app';
import { startTestHub, type TestHub } from '../../../test/test-hub';
import { databaseKinds } from '../../../test/test-tenancy';
import { spoolTimestamp } from '../../printing/spool-printer';

type Reply = { ticketId: number; destination: string; printed: boolean; message: string };
type Sent = { ticket: { id: number; number: number } };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(databaseKinds)('printing when the truck is sent on %s', (kind) => {
  let t: TestApp;
  let world: DispatchWorld;
  let hub: TestHub;
  let spoolDir: string;
  const tokens: Record<string, string> = {};
  const call = callerOf(() => t, tokens, 'dispatcher');
  /** The dispatcher's hub connection, another session of the same user, and another user's. */
  let sender: HubClient;
  let sameUserElsewhere: HubClient;
  let watcher: HubClient;

  const printState = async (id: number) =>
    (
      await t.db
        .select({ at: tickets.printDateTime, failure: tickets.printFailure })
        .from(tickets)
        .where(eq(tickets.id, id))
    )[0]!;
  const setPlant = (
    plantId: number,
    queue: string,
    method: number = printTicketMethodIds.whenSent,
  ) =>
    t.db
      .update(plants)
      .set({ printTicketMethod: method, ticketPrintQueue: queue })
      .where(eq(plants.id, plantId));
  const sendTruck = async (number: string) => {
    const order = await addOrder(t.db, world, { systemTypeId: 1, loadSizes: [9] });
    const truckId = await addTruck(t.db, { plantId: world.plants.concrete, number });
    const response = await call(
      'POST',
      `/api/v1/loads/${order.loadIds[0]}/dispatch`,
      'dispatcher',
      {
        truckId,
      },
    );
    expect(response.statusCode, response.body).toBe(200);
    return { loadId: order.loadIds[0]!, ticket: response.json<Sent>().ticket };
  };
  const replyTo = (client: HubClient, ticketId: number) =>
    client.next('ticketPrintReply_v1', (data) => (data as Reply).ticketId === ticketId, 15_000);
  /**
   * Every connection hears the database's events in the order they were committed: once the
   * others have heard as many of the ticket's updates as the sender had with its reply, a reply
   * sent to them too would have arrived.
   */
  const expectRepliedToSenderAlone = async (ticketId: number) => {
    const isTicket = (data: unknown) => (data as { id: number }).id === ticketId;
    const heard = sender.all('ticketUpdate_v1', isTicket).length;
    for (const other of [sameUserElsewhere, watcher]) {
      for (let waited = 0; other.all('ticketUpdate_v1', isTicket).length < heard; waited += 10) {
        if (waited > 5_000) throw new Error('the other connections did not hear the print');
        await sleep(10);
      }
      expect(other.all('ticketPrintReply_v1')).toEqual([]);
    }
  };
  const boardLoad = async (loadId: number) => {
    const from = new Date(t.clock.now.getTime() - 12 * 3_600_000).toISOString();
    const to = new Date(t.clock.now.getTime() + 12 * 3_600_000).toISOString();
    const response = await call('GET', `/api/v1/load-board?from=${from}&to=${to}`);
    expect(response.statusCode, response.body).toBe(200);
    return loadBoardSchema
      .parse(response.json())
      .orders.flatMap((order) => order.loads)
      .find((load) => load.id === loadId);
  };

  beforeAll(async () => {
    spoolDir = mkdtempSync(path.join(tmpdir(), 'dispatch-spool-'));
    t = await createTestApp(kind, { PRINT_SPOOL_DIR: spoolDir });
    t.clock.now = new Date('2026-03-10T13:05:00Z');
    world = await buildDispatchWorld(t.db);
    await addUsers(t, tokens, [
      ['dispatcher', [1001, 1002, 1003], { 51001: 5, 32000: 5 }],
      ['watcher', [1001, 1002, 1003], { 51001: 5 }],
    ]);
    hub = await startTestHub(t, {
      now: () => t.clock.now,
      printing: { spoolDir, ippTimeoutMs: 3000 },
    });
    sender = await hub.login('dispatcher', tokens.dispatcher!);
    sameUserElsewhere = await hub.login('dispatcher', await t.login('dispatcher'));
    watcher = await hub.login('watcher', tokens.watcher!);
  });

  afterAll(async () => {
    await hub.close();
    await t.close();
    rmSync(spoolDir, { recursive: true, force: true });
  });

  it("prints a sent truck's ticket on the plant's print queue and stamps its print time", async () => {
    await setPlant(world.plants.concrete, 'Batch Office');
    t.clock.advance(60_000);
    const { loadId, ticket } = await sendTruck('81');

    expect(await replyTo(sender, ticket.id)).toEqual({
      ticketId: ticket.id,
      destination: 'Batch Office',
      printed: true,
      message: `Ticket ${ticket.number} sent to Batch Office.`,
    });
    const file = path.join(
      spoolDir,
      'Batch Office',
      `${ticket.number}-${spoolTimestamp(t.clock.now)}.pdf`,
    );
    expect(existsSync(file)).toBe(true);
    expect(readFileSync(file).toString('latin1')).toContain(`Delivery ticket ${ticket.number}`);
    expect(await printState(ticket.id)).toEqual({ at: t.clock.now, failure: null });
    await expectRepliedToSenderAlone(ticket.id);
    expect((await boardLoad(loadId))?.printFailure).toBeNull();
  });

  it('keeps the reason of a failed print and no print time; a reprint clears it', async () => {
    const closed = await freePort();
    await t.db
      .insert(printDestinations)
      .values({ name: 'Yard', type: 'Printer', uri: `ipp://127.0.0.1:${closed}/printers/yard` });
    await setPlant(world.plants.concrete, 'Yard');
    const { loadId, ticket } = await sendTruck('82');

    const reply = (await replyTo(sender, ticket.id)) as Reply;
    expect(reply).toMatchObject({ ticketId: ticket.id, destination: 'Yard', printed: false });
    expect(reply.message).toMatch(
      new RegExp(`^Ticket ${ticket.number} was not printed on Yard: .*ECONNREFUSED`),
    );
    expect(await printState(ticket.id)).toEqual({ at: null, failure: reply.message });
    await expectRepliedToSenderAlone(ticket.id);
    // R-BOARD-39: the board shows the failure on the load.
    expect((await boardLoad(loadId))?.printFailure).toBe(reply.message);

    // Reprint: PrintTicket with no destination prints on the plant's queue, now a spool folder.
    await setPlant(world.plants.concrete, 'Batch Office');
    t.clock.advance(60_000);
    const reprinted = await sender.connection.invoke<Reply>('PrintTicket', ticket.id);
    expect(reprinted).toMatchObject({ destination: 'Batch Office', printed: true });
    expect(await printState(ticket.id)).toEqual({ at: t.clock.now, failure: null });
    expect((await boardLoad(loadId))?.printFailure).toBeNull();
  });

  it('prints a ticket saved at the scale the same way, and nothing where the plant does not print', async () => {
    await setPlant(world.plants.block, 'Scale House');
    const order = await addOrder(t.db, world, { systemTypeId: 3, loadSizes: [400, 400] });
    const save = () =>
      call('POST', '/api/v1/tickets', 'dispatcher', {
        systemTypeId: 3,
        orderId: order.orderId,
        plantId: world.plants.block,
        cubes: 1,
        pieces: 0,
      });
    const saved = await save();
    expect(saved.statusCode, saved.body).toBe(201);
    const ticket = saved.json<{ id: number; number: number; printing: boolean }>();
    expect(ticket.printing).toBe(true);
    expect(await replyTo(sender, ticket.id)).toMatchObject({
      destination: 'Scale House',
      printed: true,
    });
    expect(existsSync(path.join(spoolDir, 'Scale House'))).toBe(true);
    await expectRepliedToSenderAlone(ticket.id);

    await setPlant(world.plants.block, 'Scale House', printTicketMethodIds.none);
    const unprinted = await save();
    expect(unprinted.json<{ printing: boolean }>().printing).toBe(false);
  });
});
