/**
 * R-TRACK-10..15 on each engine, against a local SMTP server: the day-before, first-load and
 * day's-end notices claimed by the minute's ticker once per order and day, e-mailed by the job to
 * the order's addresses in the customer's language, with working links (the confirm and "cancel
 * or change" pages, the pour page) and the signed tickets attached; no price unless the customer
 * asks for priced tickets; each kind switched off per customer; kept and listed without SMTP.
 */
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ticketStatusIds } from '@dispatch/domain/delivery/ticket-status';
import { formIdOf } from '@dispatch/domain/resources/define';
import { orderNoticeListSchema } from '@dispatch/domain/tracking/notices';
import { pourPageSchema, type TrackingLink } from '@dispatch/domain/tracking/tracking-link';
import { loadStatusIds } from '../../db/reference-ids';
import { customers } from '../../db/schema/customers';
import { orderNotices } from '../../db/schema/order-notices';
import { orders } from '../../db/schema/orders';
import { systemParameters } from '../../db/schema/settings';
import { ticketDeliveries } from '../../db/schema/ticket-deliveries';
import { loads, tickets } from '../../db/schema/tickets';
import { readEnv } from '../../env';
import type { JobRunner } from '../../jobs/job-runner';
import { startSmtpSink, type SmtpSink, type SunkMail } from '../../mail/smtp-sink.test-support';
import {
  addDispatchedOrder,
  addOrder,
  buildDispatchWorld,
  type DispatchWorld,
} from '../../../test/dispatch-fixtures';
import { addUsers, type Json } from '../../../test/order-fixtures';
import { pdfTextOf } from '../../../test/pdf-text-of';
import { signaturePngDataUrl } from '../../../test/signature-png';
import { callerOf, createTestApp, type TestApp } from '../../../test/test-app';
import { testJobRunners } from '../../../test/test-job-runners';
import { databaseKinds } from '../../../test/test-tenancy';
import { waitFor } from '../../../test/wait-for';
import { onlineOrderRequestsForm } from '../order-requests/order-requests.routes';
import { deliverNotice, keptBecause } from './notice-delivery';
import { claimNotices } from './notice-runs';
import { wireOrderNotices } from './order-notices.routes';

const all = [1001, 1002, 1003];
const quiet = { info() {}, warn() {}, error() {} };
/** A moment on the server's clock (its own zone, as the business day is). */
const local = (day: string, time: string) => new Date(`${day}T${time}:00`);
const addresses = 'site@acme.test, Office@Acme.test';

describe.each(databaseKinds)('order notices on %s', (kind) => {
  let t: TestApp;
  let sink: SmtpSink;
  let world: DispatchWorld;
  let runner: JobRunner;
  const tokens: Record<string, string> = {};
  const call = callerOf(() => t, tokens, 'dispatcher');
  const settings = () => ({
    SMTP_URL: sink.url,
    SMTP_FROM: 'Plant office <office@plant.test>',
    PUBLIC_URL: 'https://dispatch.test/',
    // The suite's clock runs over several days: its users stay signed in.
    TOKEN_TTL_SECONDS: String(7 * 24 * 3600),
  });

  const withEmails = (orderId: number, csv = addresses) =>
    t.db.update(orders).set({ emailAddressCsv: csv }).where(eq(orders.id, orderId));
  const pending = async () =>
    (
      await t.db.select({ n: count() }).from(orderNotices).where(eq(orderNotices.status, 'pending'))
    )[0]!.n;
  /** The minute's tick at `at`, and the job it queued run to the end. */
  const tickAt = async (at: Date) => {
    t.clock.now = at;
    await runner.tick(t.database);
    await waitFor(pending, (left) => left === 0);
  };
  const mailsOf = (orderNumber: number) =>
    sink.mails.filter((mail) =>
      new RegExp(`order ${orderNumber}\\b|pedido ${orderNumber}\\b`).test(mail.subject),
    );
  const noticesOf = async (orderId: number, who = 'dispatcher') => {
    const answer = await call('GET', `/api/v1/orders/${orderId}/notices`, who);
    expect(answer.statusCode, answer.body).toBe(200);
    return orderNoticeListSchema.parse(answer.json()).data;
  };
  const linkIn = (mail: SunkMail, pattern: RegExp) => {
    const found = pattern.exec(mail.text)?.[0];
    expect(found, mail.text).toBeTruthy();
    // The HTML version carries the same link on its button.
    expect(mail.html).toContain(found!.replace(/&/g, '&amp;'));
    return new URL(found!);
  };
  /** A phone or mail program opening a link: no account. */
  const open = (url: URL, method: 'GET' | 'POST' = 'GET', form?: Record<string, string>) =>
    t.app.inject({
      method,
      url: url.pathname,
      ...(form
        ? {
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            payload: new URLSearchParams(form).toString(),
          }
        : {}),
    });
  const setCustomer = (id: number, values: Partial<typeof customers.$inferInsert>) =>
    t.db.update(customers).set(values).where(eq(customers.id, id));
  /** The order's first load dispatched and signed for on site: delivered. */
  const deliverFirstLoad = async (truckNumber: string) => {
    const { order, ticket } = await addDispatchedOrder(t.db, call, world, {
      loadSizes: [10, 8],
      truckNumber,
    });
    await withEmails(order.orderId);
    await t.db
      .update(tickets)
      .set({ statusId: ticketStatusIds.delivered })
      .where(eq(tickets.id, ticket.id));
    await t.db
      .update(loads)
      .set({ statusId: loadStatusIds.delivered })
      .where(eq(loads.id, order.loadIds[0]!));
    await t.db.insert(ticketDeliveries).values({
      ticketId: ticket.id,
      deliveredQuantity: 10,
      waterAdded: 0,
      waterUnit: 'gal',
      receiverName: 'Pat Foreman',
      signaturePng: signaturePngDataUrl(),
      signedAt: local('2026-03-10', '10:30'),
    });
    return { order, ticket };
  };

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await createTestApp(kind, settings());
    t.clock.now = local('2026-03-09', '09:00');
    world = await buildDispatchWorld(t.db);
    await addUsers(t, tokens, [
      [
        'dispatcher',
        all,
        {
          15000: 5,
          51001: 5,
          [onlineOrderRequestsForm]: 5,
          [formIdOf('CustomerMaintenance')]: 5,
        },
      ],
      ['aggregateOnly', [1002], { 25000: 5 }],
    ]);
    await t.db
      .insert(systemParameters)
      .values({ key: 'emailAvailable', value: true, modifiedAt: t.clock.now })
      .onConflictDoUpdate({ target: systemParameters.key, set: { value: true } });
    const env = readEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...settings() });
    runner = testJobRunners(t, 1, (each) => wireOrderNotices(each, { env, logger: quiet }))[0]!;
  });
  afterAll(async () => {
    await runner?.close();
    await t?.close();
    await sink?.close();
  });
  beforeEach(() => {
    sink.mails.splice(0);
  });

  it('R-TRACK-10, R-TRACK-12: sends the day-before confirmation once, from 14:00, to the order’s addresses', async () => {
    const order = await addOrder(t.db, world, { systemTypeId: 1, loadSizes: [10, 8] });
    await withEmails(order.orderId);

    await tickAt(local('2026-03-09', '13:59'));
    expect(mailsOf(order.orderNumber)).toEqual([]);
    await tickAt(local('2026-03-09', '14:05'));
    await tickAt(local('2026-03-09', '14:06'));
    const sent = mailsOf(order.orderNumber);
    expect(sent).toHaveLength(1);
    const mail = sent[0]!;
    expect(mail.to.sort()).toEqual(['office@acme.test', 'site@acme.test']);
    expect(mail.from).toBe('office@plant.test');
    expect(mail.subject).toBe(
      `Please confirm: order ${order.orderNumber} for Tuesday, March 10, 2026`,
    );
    expect(mail.text).toContain('Your delivery is tomorrow');
    expect(mail.text).toContain('Lakeview Medical Center');
    expect(mail.html).toContain('<html lang="en">');
    expect(mail.html).toContain(`Order ${order.orderNumber}`);
    // R-TRACK-14: the order's prices (150 a yard, fibre at 12.50) are nowhere.
    expect(`${mail.text}${mail.html}`).not.toMatch(/150|12\.5|\$/);
    linkIn(mail, /https:\/\/dispatch\.test\/notice\/[^/\s]+\/confirm/);
    linkIn(mail, /https:\/\/dispatch\.test\/notice\/[^/\s]+\/change/);

    const [notice] = await noticesOf(order.orderId);
    expect(notice).toMatchObject({
      kind: 'dayBefore',
      day: '2026-03-10',
      status: 'sent',
      reason: null,
      recipients: ['site@acme.test', 'office@acme.test'],
      subject: mail.subject,
      action: null,
    });
    // Readable as the order is: not by a user of another system type.
    const other = await call('GET', `/api/v1/orders/${order.orderId}/notices`, 'aggregateOnly');
    expect(other.statusCode).toBe(404);
  });

  it('R-TRACK-12: the confirm link shows a page on GET and confirms the order only on POST', async () => {
    const order = await addOrder(t.db, world, { systemTypeId: 1, loadSizes: [10] });
    await withEmails(order.orderId);
    await tickAt(local('2026-03-09', '15:00'));
    const confirm = linkIn(mailsOf(order.orderNumber)[0]!, /https:\/\/\S+\/confirm/);
    const confirmedAt = async () =>
      (await t.db.select().from(orders).where(eq(orders.id, order.orderId)))[0]!;

    // A mail scanner fetching the link confirms nothing.
    const page = await open(confirm);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(page.body).toContain('<form method="post">');
    expect(page.body).toContain(`Confirm order ${order.orderNumber}`);
    expect((await confirmedAt()).confirmedAt).toBeNull();

    t.clock.now = local('2026-03-09', '16:20');
    const done = await open(confirm, 'POST');
    expect(done.statusCode, done.body).toBe(200);
    expect(done.body).toContain(`order ${order.orderNumber} is confirmed`);
    expect(await confirmedAt()).toMatchObject({
      confirmedAt: local('2026-03-09', '16:20'),
      confirmedBy: 'customer',
    });
    const read = await call('GET', `/api/v1/orders/${order.orderId}`);
    expect(read.json<Json>().confirmedAt).toBe(local('2026-03-09', '16:20').toISOString());
    expect((await noticesOf(order.orderId))[0]).toMatchObject({ action: 'confirmed' });

    // Again: it says when, and changes nothing.
    t.clock.now = local('2026-03-09', '17:00');
    const again = await open(confirm, 'POST');
    expect(again.body).toContain(`Order ${order.orderNumber} was confirmed on`);
    expect((await confirmedAt()).confirmedAt).toEqual(local('2026-03-09', '16:20'));

    // Every wrong token is the same 404 page.
    for (const token of [`${t.database}.${'A'.repeat(43)}`, 'NOSUCHDB.abc', 'nodot']) {
      const wrong = await open(new URL(`https://x/notice/${token}/confirm`), 'POST');
      expect(wrong.statusCode).toBe(404);
      expect(wrong.body).toContain('This link was not found or has expired');
    }
    // Past the end of the day after the delivery, the link opens nothing.
    t.clock.now = local('2026-03-12', '00:01');
    expect((await open(confirm)).statusCode).toBe(404);
  });

  it('R-TRACK-12: "cancel or change" becomes a change request of the order for dispatch', async () => {
    const order = await addOrder(t.db, world, { systemTypeId: 1, loadSizes: [10] });
    await withEmails(order.orderId);
    await tickAt(local('2026-03-09', '15:10'));
    const change = linkIn(mailsOf(order.orderNumber)[0]!, /https:\/\/\S+\/change/);

    const page = await open(change);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<textarea');
    const none = await call('GET', '/api/v1/order-requests?status=pending');
    expect(JSON.stringify(none.json())).not.toContain('Move it to Thursday');

    const bad = await open(change, 'POST', { note: 'x', callbackPhone: 'call me maybe' });
    expect(bad.statusCode).toBe(400);
    const sent = await open(change, 'POST', {
      note: 'Move it to Thursday, same time',
      callbackPhone: '(217) 555-0199',
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.body).toContain('was sent to dispatch');

    const listed = await call('GET', '/api/v1/order-requests');
    expect(listed.statusCode, listed.body).toBe(200);
    const request = listed
      .json<{ data: Json[] }>()
      .data.find((each) => each.orderId === order.orderId);
    expect(request).toMatchObject({
      kind: 'change',
      status: 'pending',
      notes: 'Move it to Thursday, same time',
      callbackPhone: '(217) 555-0199',
    });
    expect((await noticesOf(order.orderId))[0]).toMatchObject({ action: 'changeRequested' });
  });

  it('R-TRACK-10, R-TRACK-15: speaks the customer’s language, and a customer’s switch turns a kind off', async () => {
    await setCustomer(world.codCustomerId, { language: 'es' });
    const spanish = await addOrder(t.db, world, {
      systemTypeId: 1,
      loadSizes: [10],
      customerId: world.codCustomerId,
      shipDate: '2026-03-12',
    });
    await withEmails(spanish.orderId, 'obra@cash.test');
    // The switch, through the customer's own form (R-MAINT-8).
    const acme = (await call('GET', `/api/v1/customers/${world.customerId}`)).json<Json>();
    expect(acme).toMatchObject({
      noticeDayBefore: true,
      noticeFirstLoad: true,
      noticeDaysEnd: true,
      noticePricedTickets: false,
    });
    const saved = await call('PUT', `/api/v1/customers/${world.customerId}`, 'dispatcher', {
      noticeDayBefore: false,
      version: acme.version,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const off = await addOrder(t.db, world, {
      systemTypeId: 1,
      loadSizes: [10],
      shipDate: '2026-03-12',
    });
    await withEmails(off.orderId);

    await tickAt(local('2026-03-11', '14:30'));
    const [mail] = mailsOf(spanish.orderNumber);
    expect(mail?.to).toEqual(['obra@cash.test']);
    expect(mail?.subject).toBe(
      `Confirme: pedido ${spanish.orderNumber} para el jueves, 12 de marzo de 2026`,
    );
    expect(mail?.text).toContain('Confirmar el pedido:');
    expect(mail?.text).toContain('Cancelar o cambiar:');
    expect(mail?.html).toContain('<html lang="es">');
    const page = await open(linkIn(mail!, /https:\/\/\S+\/confirm/));
    expect(page.body).toContain(`Confirmar el pedido ${spanish.orderNumber}`);

    expect(mailsOf(off.orderNumber)).toEqual([]);
    expect(await noticesOf(off.orderId)).toEqual([]);
    await setCustomer(world.customerId, { noticeDayBefore: true });
  });

  it('R-TRACK-11: the first load sent e-mails a working tracking link and the first ETA, leaving the dispatcher’s link alone', async () => {
    t.clock.now = local('2026-03-10', '07:00');
    const { order, ticket } = await addDispatchedOrder(t.db, call, world, {
      loadSizes: [10, 8],
      truckNumber: 'T-41',
    });
    await withEmails(order.orderId);
    await t.db
      .update(loads)
      .set({ onJobTime: local('2026-03-10', '07:45') })
      .where(eq(loads.id, order.loadIds[0]!));
    const made = await call('POST', `/api/v1/orders/${order.orderId}/tracking-link`);
    const dispatchersLink = new URL(made.json<TrackingLink>().url);
    const pageOf = (url: URL) =>
      t.app.inject({ method: 'GET', url: url.pathname.replace('/pour/', '/api/v1/pour/') });

    await tickAt(local('2026-03-10', '07:01'));
    await tickAt(local('2026-03-10', '07:02'));
    const sent = mailsOf(order.orderNumber);
    expect(sent).toHaveLength(1);
    const mail = sent[0]!;
    expect(mail.subject).toBe(`Your first load is on its way (order ${order.orderNumber})`);
    expect(mail.text).toContain('T-41');
    expect(mail.text).toContain(String(ticket.number));
    expect(mail.text).toContain('Expected on site around 7:45');
    expect(`${mail.text}${mail.html}`).not.toMatch(/150|12\.5|\$/);
    const tracking = linkIn(mail, /https:\/\/dispatch\.test\/pour\/\S+/);

    const page = await pageOf(tracking);
    expect(page.statusCode, page.body).toBe(200);
    expect(pourPageSchema.parse(page.json()).orderNumber).toBe(order.orderNumber);
    // The link the dispatcher had sent still opens; a new one of theirs leaves the mailed one be.
    expect((await pageOf(dispatchersLink)).statusCode).toBe(200);
    const again = await call('POST', `/api/v1/orders/${order.orderId}/tracking-link`);
    expect(again.statusCode).toBe(201);
    expect((await pageOf(dispatchersLink)).statusCode).toBe(404);
    expect((await pageOf(tracking)).statusCode).toBe(200);
    // Revoking ends every link of the order.
    await call('DELETE', `/api/v1/orders/${order.orderId}/tracking-link`);
    expect((await pageOf(tracking)).statusCode).toBe(404);
  });

  it('R-TRACK-11: an order with no link gets one for its first-load notice', async () => {
    t.clock.now = local('2026-03-10', '08:00');
    const { order } = await addDispatchedOrder(t.db, call, world, {
      loadSizes: [10],
      truckNumber: 'T-43',
    });
    await withEmails(order.orderId);
    await tickAt(local('2026-03-10', '08:01'));
    const tracking = linkIn(mailsOf(order.orderNumber)[0]!, /https:\/\/dispatch\.test\/pour\/\S+/);
    const page = await t.app.inject({
      method: 'GET',
      url: tracking.pathname.replace('/pour/', '/api/v1/pour/'),
    });
    expect(page.statusCode, page.body).toBe(200);
  });

  it('R-TRACK-13, R-TRACK-14: the day’s end sends the delivered tickets, signed PDFs attached, priced only when asked', async () => {
    t.clock.now = local('2026-03-10', '10:00');
    const { order, ticket } = await deliverFirstLoad('T-51');
    // A load still on the road holds its order's summary back.
    const { order: busy } = await addDispatchedOrder(t.db, call, world, {
      loadSizes: [10],
      truckNumber: 'T-52',
    });
    await withEmails(busy.orderId);

    await tickAt(local('2026-03-10', '17:59'));
    expect(sink.mails.filter((mail) => mail.subject.startsWith('Delivered'))).toEqual([]);
    await tickAt(local('2026-03-10', '18:05'));
    const summary = mailsOf(order.orderNumber).find((mail) => mail.subject.startsWith('Delivered'));
    expect(summary?.subject).toBe(`Delivered Tuesday, March 10, 2026: order ${order.orderNumber}`);
    expect(summary!.text).toContain('Pat Foreman');
    expect(summary!.text).toContain('The signed ticket is attached.');
    expect(summary!.text).not.toContain('Amount');
    expect(`${summary!.text}${summary!.html}`).not.toMatch(/150|1,500|\$/);
    expect(summary!.attachments.map((file) => [file.filename, file.contentType])).toEqual([
      [`ticket-${ticket.number}.pdf`, 'application/pdf'],
    ]);
    const pdf = pdfTextOf(summary!.attachments[0]!.content);
    expect(pdf).toContain('Pat Foreman');
    expect(pdf).not.toContain('1,500.00');
    expect(
      mailsOf(busy.orderNumber).filter((mail) => mail.subject.startsWith('Delivered')),
    ).toEqual([]);
    expect((await noticesOf(order.orderId)).map((each) => each.kind).sort()).toEqual([
      'daysEnd',
      'firstLoad',
    ]);

    // A customer who asks for priced tickets gets the amounts, and the priced PDF.
    await setCustomer(world.customerId, { noticePricedTickets: true });
    t.clock.now = local('2026-03-10', '18:10');
    const priced = await deliverFirstLoad('T-53');
    await tickAt(local('2026-03-10', '18:11'));
    const pricedMail = mailsOf(priced.order.orderNumber).find((mail) =>
      mail.subject.startsWith('Delivered'),
    );
    expect(pricedMail!.text).toContain('Amount');
    expect(pdfTextOf(pricedMail!.attachments[0]!.content)).toContain('1,500.00');
    await setCustomer(world.customerId, { noticePricedTickets: false });
  });

  it('R-TRACK-15: without an SMTP server a notice is kept, and listed on the order', async () => {
    const order = await addOrder(t.db, world, {
      systemTypeId: 1,
      loadSizes: [10],
      shipDate: '2026-03-14',
    });
    await withEmails(order.orderId);
    t.clock.now = local('2026-03-13', '15:00');
    const [id] = await claimNotices(t.db, 'dayBefore', '2026-03-14', t.clock.now);
    // Claimed once: a second claim (another process's tick) takes nothing.
    expect(await claimNotices(t.db, 'dayBefore', '2026-03-14', t.clock.now)).toEqual([]);
    const env = readEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });
    await deliverNotice(
      {
        db: t.db,
        env,
        database: t.database,
        now: () => t.clock.now,
        keptBecause: await keptBecause(t.db, env),
        lastAttempt: false,
      },
      id!,
    );
    expect(sink.mails).toEqual([]);
    const [notice] = await noticesOf(order.orderId);
    expect(notice).toMatchObject({
      kind: 'dayBefore',
      status: 'kept',
      reason: expect.stringContaining('No SMTP server'),
      recipients: ['site@acme.test', 'office@acme.test'],
      sentAt: null,
    });
    const [row] = await t.db
      .select()
      .from(orderNotices)
      .where(and(eq(orderNotices.id, id!), eq(orderNotices.status, 'kept')));
    // What it would have said is kept with it; its links work when the dispatcher passes them on.
    expect(row?.textBody).toContain('Confirm the order');
    expect(row?.htmlBody).toContain('<html');
  });

  it('R-TRACK-10: a refusing SMTP server is tried again, and the notice sent once', async () => {
    const order = await addOrder(t.db, world, {
      systemTypeId: 1,
      loadSizes: [10],
      shipDate: '2026-03-15',
    });
    await withEmails(order.orderId);
    sink.refuseNext(1);
    await tickAt(local('2026-03-14', '14:00'));
    expect(sink.refused()).toBeGreaterThanOrEqual(1);
    expect(mailsOf(order.orderNumber)).toHaveLength(1);
    expect((await noticesOf(order.orderId))[0]).toMatchObject({ status: 'sent' });
  });
});
