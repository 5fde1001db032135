/**
 * R-ETICKET-1..8 on each engine: the receiver's signed delivery posted from the driver's phone.
 * Who may sign for a ticket (its truck's driver, a dispatcher of the truck boards, a ticket writer
 * for a ticket without a truck), the 409 on a stale version, each bad field's 400, the water rule,
 * a replay that changes nothing, the ticket's water and version, its history and events, and the
 * signed receipt on the ticket's PDF. The signed PDF is left in the temp folder for pdftoppm.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type {
  TicketDeliveryInput,
  TicketDeliveryView,
} from '@dispatch/domain/tickets/ticket-delivery';
import type { TicketEditDetail } from '@dispatch/domain/tickets/ticket-edits';
import { auditTrail } from '../../db/schema/audit';
import { users } from '../../db/schema/auth';
import { employees } from '../../db/schema/employees';
import { ticketDeliveries } from '../../db/schema/ticket-deliveries';
import { tickets } from '../../db/schema/tickets';
import { drivers, trucks } from '../../db/schema/trucks';
import { voidStatusIds } from '../../db/reference-ids';
import { letterheadOf } from '../../pdf/letterhead';
import { listenToDispatch, type DispatchListener } from '../../../test/dispatch-listener';
import { addUsers, type ErrorAnswer } from '../../../test/order-fixtures';
import { pdfTextOf } from '../../../test/pdf-text-of';
import { pngOf, signaturePngDataUrl } from '../../../test/signature-png';
import { callerOf, createTestApp, type TestApp } from '../../../test/test-app';
import { databaseKinds } from '../../../test/test-tenancy';
import {
  addDispatchedOrder,
  buildDispatchWorld,
  type DispatchWorld,
} from '../../../test/dispatch-fixtures';
import { renderTicketPdf } from '../tickets/ticket-pdf';
import { ticketPrintOf } from '../tickets/ticket-print.service';

const all = [1001, 1002, 1003];
const signature = signaturePngDataUrl();
const samples = join(tmpdir(), 'dispatch-ticket-pdf-samples');

describe.each(databaseKinds)('signed e-ticket on %s', (kind) => {
  let t: TestApp;
  let world: DispatchWorld;
  let events: DispatchListener;
  const tokens: Record<string, string> = {};
  const call = callerOf(() => t, tokens, 'driver');
  let truckCount = 0;

  let employeesAdded = 0;
  /** Makes the user the truck's driver: users.employeeId → drivers.employeeId → trucks.driverId. */
  const bindDriver = async (username: string, truckId: number) => {
    const name = `Driver ${++employeesAdded}`;
    const [employee] = await t.db
      .insert(employees)
      .values({ employeeNumber: `EMP-${employeesAdded}`, completeName: name })
      .returning({ id: employees.id });
    const [driver] = await t.db
      .insert(drivers)
      .values({ employeeId: employee!.id, name })
      .returning({ id: drivers.id });
    await t.db.update(trucks).set({ driverId: driver!.id }).where(eq(trucks.id, truckId));
    // The ticket names the driver of its truck, as a ticket sent with its driver aboard does.
    await t.db.update(tickets).set({ driverId: driver!.id }).where(eq(tickets.truckId, truckId));
    await t.db.update(users).set({ employeeId: employee!.id }).where(eq(users.username, username));
  };

  /** A concrete load sent on a new truck, driven by the suite's driver (or the one named). */
  const dispatched = async (driver = 'driver') => {
    const sent = await addDispatchedOrder(t.db, call, world, {
      loadSizes: [10, 8],
      truckNumber: `S${++truckCount}`,
      who: 'dispatcher',
    });
    await bindDriver(driver, sent.truckId);
    const [row] = await t.db.select().from(tickets).where(eq(tickets.id, sent.ticket.id));
    return { ...sent, version: row!.version };
  };

  const body = (
    version: number,
    change: Partial<TicketDeliveryInput> = {},
  ): TicketDeliveryInput => ({
    deliveredQuantity: 10,
    waterAdded: 5,
    waterUnit: 'gal',
    comments: 'Placed at the east footing; pump on site.',
    receiverName: 'Pat Foreman',
    signaturePng: signature,
    signedAt: '2026-03-10T14:32:00Z',
    version,
    ...change,
  });
  const post = (id: number, payload: unknown, who = 'driver') =>
    call('POST', `/api/v1/tickets/${id}/delivery`, who, payload);
  const problemFields = (response: { json: <T>() => T }) =>
    response.json<ErrorAnswer>().data.map((problem) => problem.field);
  const auditRows = (id: number) =>
    t.db
      .select()
      .from(auditTrail)
      .where(and(eq(auditTrail.resource, 'tickets'), eq(auditTrail.recordId, String(id))));

  beforeAll(async () => {
    t = await createTestApp(kind);
    t.clock.now = new Date('2026-03-10T14:35:00Z');
    world = await buildDispatchWorld(t.db);
    await addUsers(t, tokens, [
      ['dispatcher', all, { 51001: 5, 51201: 5 }],
      ['driver', [], {}],
      ['otherDriver', [], {}],
      ['stranger', all, {}],
      ['boardReader', all, { 51001: 3 }],
      ['clerk', all, { 51201: 5 }],
      ['clerkReader', all, { 51201: 3 }],
    ]);
    events = await listenToDispatch(await t.tenancy.open(t.database));
  });
  afterAll(async () => {
    await events.stop();
    await t.close();
  });
  beforeEach(() => events.clear());

  it("takes the truck's driver's signed delivery: stored, the ticket's water and version, history, events", async () => {
    const { ticket, version } = await dispatched();
    const before = await call('GET', `/api/v1/tickets/${ticket.id}/delivery`);
    expect(before.statusCode, before.body).toBe(404);

    const response = await post(ticket.id, body(version));
    expect(response.statusCode, response.body).toBe(200);
    const stored = response.json<TicketDeliveryView>();
    expect(stored).toMatchObject({
      ticketId: ticket.id,
      deliveredQuantity: 10,
      waterAdded: 5,
      waterUnit: 'gal',
      waterAddedGallons: 5,
      waterOverMaximumSigned: false,
      receiverName: 'Pat Foreman',
      signaturePng: signature,
      photoJpeg: null,
      signedAt: '2026-03-10T14:32:00.000Z',
      recordedAt: '2026-03-10T14:35:00.000Z',
      recordedBy: 'driver',
      ticketVersion: version + 1,
    });
    const [row] = await t.db.select().from(tickets).where(eq(tickets.id, ticket.id));
    expect(row).toMatchObject({ waterAdded: 5, version: version + 1, modifiedBy: 'driver' });
    const read = await call('GET', `/api/v1/tickets/${ticket.id}/delivery`);
    expect(read.statusCode).toBe(200);
    expect(read.json<TicketDeliveryView>()).toEqual(stored);

    const [audit] = await auditRows(ticket.id);
    expect(audit).toMatchObject({ action: 'deliverySigned', username: 'driver' });
    expect(audit!.after).toMatchObject({
      waterAdded: 5,
      receiverName: 'Pat Foreman',
      deliveryWaterAdded: '5 gal',
      signedAt: '2026-03-10T14:32:00.000Z',
    });
    // The history the edit screens show lists the delivery with the ticket's other changes.
    const detail = await call('GET', `/api/v1/tickets/${ticket.id}/detail`, 'dispatcher');
    const history = detail.json<TicketEditDetail>().history;
    expect(history[0]).toMatchObject({ action: 'deliverySigned', username: 'driver' });
    expect(history[0]!.changes).toContainEqual({
      field: 'receiverName',
      before: null,
      after: 'Pat Foreman',
    });
    const update = await events.next(
      'ticketUpdate_v1',
      (event) => (event.data as { id: number }).id === ticket.id,
    );
    expect(update.data).toMatchObject({ id: ticket.id, orderId: expect.any(Number) as number });
    const modified = await events.next('ticketModifiedNotification_v1');
    expect(modified.data).toEqual({ ticketId: ticket.id, modifiedBy: 'driver' });
  });

  it('lets a dispatcher of the truck boards sign; refuses another driver, readers and strangers', async () => {
    // Another truck's driver may not sign for this one.
    await dispatched('otherDriver');
    const { ticket, version } = await dispatched();
    for (const who of ['otherDriver', 'stranger', 'boardReader']) {
      const refused = await post(ticket.id, body(version), who);
      expect(refused.statusCode, `${who}: ${refused.body}`).toBe(403);
      expect((await call('GET', `/api/v1/tickets/${ticket.id}/delivery`, who)).statusCode).toBe(
        403,
      );
    }
    expect(
      await t.db.select().from(ticketDeliveries).where(eq(ticketDeliveries.ticketId, ticket.id)),
    ).toEqual([]);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: `/api/v1/tickets/${ticket.id}/delivery`,
      payload: body(version),
    });
    expect(anonymous.statusCode).toBe(401);

    const byDispatcher = await post(ticket.id, body(version), 'dispatcher');
    expect(byDispatcher.statusCode, byDispatcher.body).toBe(200);
    expect(byDispatcher.json<TicketDeliveryView>().recordedBy).toBe('dispatcher');
  });

  it('404 for an unknown ticket', async () => {
    expect((await post(2_000_000, body(1))).statusCode).toBe(404);
    expect((await call('GET', '/api/v1/tickets/2000000/delivery')).statusCode).toBe(404);
  });

  it('refuses a stale version with 409 naming who changed the ticket; a void ticket too', async () => {
    const { ticket, version } = await dispatched();
    await t.db
      .update(tickets)
      .set({ version: version + 1, modifiedBy: 'maria' })
      .where(eq(tickets.id, ticket.id));
    const stale = await post(ticket.id, body(version));
    expect(stale.statusCode, stale.body).toBe(409);
    const answer = stale.json<ErrorAnswer<{ modifiedBy: string; currentVersion: number }>>();
    expect(answer.code).toBe('stale_version');
    expect(answer.message).toContain('maria');
    expect(answer.data).toMatchObject({ modifiedBy: 'maria', currentVersion: version + 1 });

    await t.db
      .update(tickets)
      .set({ voidStatusId: voidStatusIds.orderCancelled, voidDateTime: t.clock.now })
      .where(eq(tickets.id, ticket.id));
    const voided = await post(ticket.id, body(version + 1));
    expect(voided.statusCode).toBe(409);
    expect(voided.json<ErrorAnswer>().code).toBe('ticket_void');
  });

  it('refuses each bad field with 400 naming it, and writes nothing', async () => {
    const { ticket, version } = await dispatched();
    const notPng = 'data:image/png;base64,R0lGODlhAQABAAAAACw=';
    // Starts like a PNG, but its pixels are not there: it could never be drawn on the ticket.
    const brokenPng = `data:image/png;base64,${pngOf(4, 4, new Uint8Array(64)).subarray(0, 40).toString('base64')}`;
    const cases: [string, Partial<TicketDeliveryInput> | Record<string, unknown>][] = [
      ['signaturePng', { signaturePng: notPng }],
      ['signaturePng', { signaturePng: brokenPng }],
      ['signaturePng', { signaturePng: 'data:image/png;base64,@@@@' }],
      ['photoJpeg', { photoJpeg: signature }],
      ['signedAt', { signedAt: '2026-03-10T14:41:00Z' }],
      ['signedAt', { signedAt: 'yesterday' }],
      ['deliveredQuantity', { deliveredQuantity: -1 }],
      ['waterAdded', { waterAdded: -2 }],
      ['waterUnit', { waterUnit: 'qt' }],
      ['receiverName', { receiverName: ' ' }],
      // The mix allows 1.5 gal a yard: 15 gal on this 10-yard load, 56.78 L.
      ['waterAdded', { waterAdded: 15.5 }],
      ['waterAdded', { waterAdded: 57, waterUnit: 'L' }],
    ];
    for (const [field, change] of cases) {
      const response = await post(ticket.id, { ...body(version), ...change });
      expect(response.statusCode, `${field} ${JSON.stringify(change).slice(0, 60)}`).toBe(400);
      expect(problemFields(response)).toEqual([field]);
    }
    const missing = await post(ticket.id, { version });
    expect(missing.statusCode).toBe(400);
    expect(problemFields(missing)).toEqual(
      expect.arrayContaining(['receiverName', 'signaturePng', 'signedAt', 'waterUnit']),
    );
    expect(await auditRows(ticket.id)).toEqual([]);
    const [row] = await t.db.select().from(tickets).where(eq(tickets.id, ticket.id));
    expect(row!.version).toBe(version);
  });

  it('takes water over the maximum when the receiver signed for it; litres go on the ticket in gallons', async () => {
    const { ticket, version } = await dispatched();
    const signed = await post(
      ticket.id,
      body(version, { waterAdded: 75.7, waterUnit: 'L', waterOverMaximumSigned: true }),
    );
    expect(signed.statusCode, signed.body).toBe(200);
    expect(signed.json<TicketDeliveryView>()).toMatchObject({
      waterAdded: 75.7,
      waterUnit: 'L',
      waterAddedGallons: 19.998,
      waterOverMaximumSigned: true,
    });
    const [row] = await t.db.select().from(tickets).where(eq(tickets.id, ticket.id));
    expect(row!.waterAdded).toBe(19.998);
    // The ticket says the receiver asked for the water, and signed for it.
    const pdf = await call('GET', `/api/v1/tickets/${ticket.id}/pdf`, 'dispatcher');
    const text = pdfTextOf(pdf.rawPayload);
    expect(text).toContain('Pat Foreman (signed)');
    expect(text).toContain('75.7 L');
    expect(text).toContain('19.998 gal');
    expect(text).toContain('Water above the most that may be added was added');
    // Up to the maximum needs no signature for it, in litres too.
    const { ticket: other, version: otherVersion } = await dispatched();
    const within = await post(other.id, body(otherVersion, { waterAdded: 56.78, waterUnit: 'L' }));
    expect(within.statusCode, within.body).toBe(200);
  });

  it('a replay of the same body changes nothing; a correction replaces the delivery', async () => {
    const { ticket, version } = await dispatched();
    const first = await post(ticket.id, body(version));
    expect(first.statusCode).toBe(200);
    events.clear();
    const replay = await post(ticket.id, body(version));
    expect(replay.statusCode, replay.body).toBe(200);
    expect(replay.json<TicketDeliveryView>()).toEqual(first.json<TicketDeliveryView>());
    expect(await auditRows(ticket.id)).toHaveLength(1);
    const [row] = await t.db.select().from(tickets).where(eq(tickets.id, ticket.id));
    expect(row!.version).toBe(version + 1);

    const corrected = await post(
      ticket.id,
      body(version + 1, { receiverName: 'Pat Foreman Jr.', waterAdded: 3 }),
    );
    expect(corrected.statusCode, corrected.body).toBe(200);
    expect(corrected.json<TicketDeliveryView>()).toMatchObject({
      receiverName: 'Pat Foreman Jr.',
      ticketVersion: version + 2,
    });
    const stored = await t.db
      .select()
      .from(ticketDeliveries)
      .where(eq(ticketDeliveries.ticketId, ticket.id));
    expect(stored.map((delivery) => delivery.receiverName)).toEqual(['Pat Foreman Jr.']);
    const audit = await auditRows(ticket.id);
    const correction = audit.find((entry) => entry.action === 'deliveryCorrected');
    expect(correction?.before).toMatchObject({ receiverName: 'Pat Foreman', waterAdded: 5 });
    expect(correction?.after).toMatchObject({ receiverName: 'Pat Foreman Jr.', waterAdded: 3 });
  });

  it('a ticket without a truck is signed by the ticket writers only', async () => {
    const { ticket, version } = await dispatched();
    await t.db.update(tickets).set({ truckId: null }).where(eq(tickets.id, ticket.id));
    // The driver no longer drives it, and sees no ticket of a system type of theirs.
    expect((await post(ticket.id, body(version), 'driver')).statusCode).toBe(404);
    for (const who of ['stranger', 'clerkReader', 'boardReader']) {
      expect((await post(ticket.id, body(version), who)).statusCode, who).toBe(403);
    }
    const byClerk = await post(ticket.id, body(version), 'clerk');
    expect(byClerk.statusCode, byClerk.body).toBe(200);
    expect(
      (await call('GET', `/api/v1/tickets/${ticket.id}/delivery`, 'clerkReader')).statusCode,
    ).toBe(200);
  });

  it("prints the signed receipt on the ticket's PDF, in the customer's language", async () => {
    const { ticket, version } = await dispatched();
    const response = await post(
      ticket.id,
      body(version, { waterAdded: 4.5, comments: 'Slump checked on arrival; pump on site.' }),
    );
    expect(response.statusCode, response.body).toBe(200);
    const pdf = await call('GET', `/api/v1/tickets/${ticket.id}/pdf`, 'dispatcher');
    expect(pdf.statusCode).toBe(200);
    const text = pdfTextOf(pdf.rawPayload);
    for (const shown of [
      'DELIVERY RECEIPT',
      'Pat Foreman',
      'RECEIVER’S SIGNATURE',
      '4.5 gal',
      'Slump checked on arrival; pump on site.',
    ]) {
      expect(text).toContain(shown);
    }
    // The receiver's signature replaces the blank lines a paper ticket is signed on.
    expect(text).not.toContain('PRINT NAME');
    expect(pdf.rawPayload.toString('latin1')).toContain('/Subtype /Image');
    mkdirSync(samples, { recursive: true });
    writeFileSync(join(samples, `concrete-signed-${kind}.pdf`), pdf.rawPayload);

    const print = (await ticketPrintOf(t.db, { id: ticket.id, allowedSystemTypeIds: [1] }))!;
    const spanish = await renderTicketPdf(
      { ...print, customer: { ...print.customer, language: 'es' } },
      await letterheadOf(t.db),
      { hidePrices: false },
    );
    const texto = pdfTextOf(spanish);
    expect(texto).toContain('COMPROBANTE DE ENTREGA');
    expect(texto).toContain('Pat Foreman');
  });
});
