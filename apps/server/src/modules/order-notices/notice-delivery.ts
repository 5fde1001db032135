/**
 * R-TRACK-10..14: the `orderNotices` job. Each claimed notice is written for its order (what it
 * says, to whom, its links and attachments, stored on its row) and then e-mailed when e-mail is
 * available (an SMTP server configured and the system parameter emailAvailable on), else kept.
 * A notice sent is never sent again: only pending rows are taken, so a retried job (the SMTP
 * server down) sends only what is left, and its last attempt marks what is still left failed.
 */
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { systemTypeIds } from '@dispatch/domain/system-types';
import { pourPagePath } from '@dispatch/domain/tracking/tracking-link';
import type { NoticeKind } from '@dispatch/domain/tracking/notices';
import { hashToken, newAccessToken } from '../../auth/tokens';
import type { Db } from '../../db/client';
import { orderNotices } from '../../db/schema/order-notices';
import type { Env } from '../../env';
import type { JobHandler } from '../../jobs/job-handler';
import { sendMail, smtpConfigured, type MailAttachment } from '../../mail/mailer';
import { makeNoticeTrackingLink } from '../order-tracking/tracking-links.service';
import { readSystemParameter } from '../settings/system-parameters.service';
import { renderTicketPdf } from '../tickets/ticket-pdf';
import { ticketPrintOf, type TicketPrint } from '../tickets/ticket-print.service';
import { composeNotice, ticketFileName, type NoticeExtras } from './notice-compose';
import {
  deliveredTicketIdsOf,
  firstLoadOf,
  noticeOrderOf,
  type NoticeOrder,
} from './notice-facts.service';
import { noticeHtml, noticeText } from './notice-layout';

export const orderNoticesParamsSchema = z.object({
  noticeIds: z.array(z.int().min(1).max(2_147_483_647)).min(1).max(10_000),
});
export type OrderNoticesParams = z.infer<typeof orderNoticesParamsSchema>;

/** Where customers reach the server: the links in a notice start with it. */
export function publicBaseUrl(env: Env): string {
  return env.PUBLIC_URL ?? `http://localhost:${env.PORT}`;
}

/** The public pages a day-before notice's buttons open (order-notices.routes.ts). */
export const noticeActionPath = '/notice';

type Written = { extras: NoticeExtras; attachments: MailAttachment[]; actionTokenHash?: string };

const allTypes = Object.values(systemTypeIds);

/** What only its kind adds: the links, the first load, the delivered tickets and their PDFs. */
async function extrasOf(
  db: Db,
  env: Env,
  notice: { kind: NoticeKind; orderId: number },
  order: NoticeOrder,
  context: { database: string; now: Date },
): Promise<Written | string> {
  const base = publicBaseUrl(env);
  if (notice.kind === 'dayBefore') {
    const token = `${context.database}.${newAccessToken()}`;
    const at = `${base}${noticeActionPath}/${encodeURIComponent(token)}`;
    return {
      extras: { kind: 'dayBefore', confirmUrl: `${at}/confirm`, changeUrl: `${at}/change` },
      attachments: [],
      actionTokenHash: hashToken(token),
    };
  }
  if (notice.kind === 'firstLoad') {
    const first = await firstLoadOf(db, order.orderId);
    if (!first) return 'The first ticket was voided before the notice was written.';
    const link = await makeNoticeTrackingLink(db, {
      orderId: order.orderId,
      shipDate: order.shipDate,
      database: context.database,
      now: context.now,
    });
    return {
      extras: {
        kind: 'firstLoad',
        trackingUrl: `${base}${pourPagePath}/${encodeURIComponent(link.token)}`,
        first,
        now: context.now,
      },
      attachments: [],
    };
  }
  const prints: TicketPrint[] = [];
  for (const id of await deliveredTicketIdsOf(db, order.orderId)) {
    const print = await ticketPrintOf(db, { id, allowedSystemTypeIds: allTypes });
    if (print) prints.push(print);
  }
  const attachments: MailAttachment[] = [];
  for (const print of prints) {
    // R-TRACK-14: the signed ticket as printed, priced only when the customer asks for it.
    const content = await renderTicketPdf(print, order.producer, { hidePrices: !order.priced });
    attachments.push({
      filename: ticketFileName(print.number, order),
      contentType: 'application/pdf',
      content,
    });
  }
  return { extras: { kind: 'daysEnd', tickets: prints }, attachments };
}

/** Marks a notice done: sent, kept (with why) or failed (with why). */
async function settle(
  db: Db,
  id: number,
  status: 'sent' | 'kept' | 'failed',
  reason: string | null,
  now: Date,
) {
  await db
    .update(orderNotices)
    .set({ status, reason, sentAt: status === 'sent' ? now : null })
    .where(and(eq(orderNotices.id, id), eq(orderNotices.status, 'pending')));
}

export type DeliveryContext = {
  db: Db;
  env: Env;
  database: string;
  now: () => Date;
  /** Null when e-mail is available, else why notices are kept. */
  keptBecause: string | null;
  /** The job's last attempt: a send that fails now marks the notice failed. */
  lastAttempt: boolean;
};

/** Writes and sends (or keeps) one notice still pending; throws when SMTP failed and may retry. */
export async function deliverNotice(context: DeliveryContext, id: number): Promise<void> {
  const { db, env } = context;
  const [notice] = await db
    .select({ id: orderNotices.id, orderId: orderNotices.orderId, kind: orderNotices.kind })
    .from(orderNotices)
    .where(and(eq(orderNotices.id, id), eq(orderNotices.status, 'pending')));
  if (!notice) return;
  const kind = notice.kind as NoticeKind;
  const now = context.now();
  const order = await noticeOrderOf(db, notice.orderId);
  if (!order || order.recipients.length === 0 || !order.switches[kind]) {
    const why = !order
      ? 'The order is gone.'
      : order.recipients.length === 0
        ? 'The order has no e-mail address.'
        : 'The customer turned this notice off.';
    await settle(db, id, 'kept', why, now);
    return;
  }
  const written = await extrasOf(db, env, { kind, orderId: order.orderId }, order, {
    database: context.database,
    now,
  });
  if (typeof written === 'string') {
    await settle(db, id, 'kept', written, now);
    return;
  }
  const content = composeNotice(order, written.extras);
  const mail = {
    to: order.recipients,
    subject: content.subject,
    text: noticeText(content),
    html: noticeHtml(content),
    attachments: written.attachments,
  };
  await db
    .update(orderNotices)
    .set({
      recipients: order.recipients,
      subject: mail.subject,
      textBody: mail.text,
      htmlBody: mail.html,
      attachments: mail.attachments.map((file) => file.filename),
      actionTokenHash: written.actionTokenHash ?? null,
    })
    .where(eq(orderNotices.id, id));
  if (context.keptBecause !== null) {
    await settle(db, id, 'kept', context.keptBecause, now);
    return;
  }
  try {
    await sendMail(env, mail);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (context.lastAttempt) await settle(db, id, 'failed', message, context.now());
    else await db.update(orderNotices).set({ reason: message }).where(eq(orderNotices.id, id));
    throw error;
  }
  await settle(db, id, 'sent', null, context.now());
}

/** Why notices are kept rather than sent right now, or null when they are sent. */
export async function keptBecause(db: Db, env: Env): Promise<string | null> {
  if (!smtpConfigured(env)) return 'No SMTP server is configured (SMTP_URL): the notice is kept.';
  if (!(await readSystemParameter(db, 'emailAvailable'))) {
    return 'E-mail is turned off (system parameter emailAvailable): the notice is kept.';
  }
  return null;
}

export function orderNoticesJob(env: Env): JobHandler<OrderNoticesParams> {
  const retryLimit = 5;
  return {
    kind: 'orderNotices',
    params: orderNoticesParamsSchema,
    // Backoff doubles each wait: a few minutes of an unreachable server before giving up.
    retryLimit,
    expireInSeconds: 600,
    async run(job, { noticeIds }) {
      const context: DeliveryContext = {
        db: job.db,
        env,
        database: job.database,
        now: job.now,
        keptBecause: await keptBecause(job.db, env),
        lastAttempt: job.job.attempt > retryLimit,
      };
      let failure: Error | null = null;
      let done = 0;
      for (const id of noticeIds) {
        try {
          await deliverNotice(context, id);
          done += 1;
        } catch (error) {
          // The others are still tried; the job fails (and is retried) once they have been.
          failure = error instanceof Error ? error : new Error(String(error));
        }
      }
      if (failure !== null) throw failure;
      return { message: `${done} order notices written.`, result: { noticeIds } };
    },
  };
}
