/**
 * R-TRACK-10..15: the order notices' routes and jobs. The order's notices are listed for those
 * who may read the order; a day-before notice's two links are public pages, rate-limited per
 * address as the pour page is, where a GET only shows the page and its button and the POST acts.
 */
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { allowedSystemTypes } from '@dispatch/domain/system-types';
import { orderNoticeListSchema } from '@dispatch/domain/tracking/notices';
import { pourRequestCreateSchema } from '@dispatch/domain/tracking/pour-requests';
import { authorize } from '../../auth/guard';
import { databaseOfToken } from '../../auth/session-store';
import type { Db } from '../../db/client';
import { notFound } from '../../http/api-error';
import { idParams } from '../../http/write-fields';
import type { Server, ServerDeps } from '../../http/server';
import { orderForms } from '../orders/order-access';
import { getOrder } from '../orders/orders.service';
import { inPublicScope, publicRoute } from '../order-tracking/public-scope';
import {
  confirmOrder,
  noticeOfToken,
  noticesOfOrder,
  requestChange,
  type NoticeOfToken,
} from './notice-actions.service';
import { longDay, timeOf } from './notice-compose';
import { noticeActionPath, orderNoticesJob } from './notice-delivery';
import { noticeOrderOf } from './notice-facts.service';
import { noticePageHeaders, noticePageHtml, type NoticePage } from './notice-page';
import { orderNoticesTicker } from './notice-runs';
import { noticeTexts } from './notice-texts';

const tags = ['order notices'];
const tokenParams = z.object({ token: z.string().min(1).max(200) });

/** Wires the notices into a job queue: the job that writes and sends, and the minute's claims. */
export function wireOrderNotices(
  jobs: ServerDeps['jobs'],
  deps: Pick<ServerDeps, 'env'> & { logger: { warn(o: object, m?: string): void } },
): void {
  jobs.register(orderNoticesJob(deps.env));
  jobs.addTicker(orderNoticesTicker(deps.logger));
}

export function registerOrderNoticeRoutes(app: Server, deps: ServerDeps): void {
  wireOrderNotices(deps.jobs, { env: deps.env, logger: app.log });

  app.get(
    '/api/v1/orders/:id/notices',
    {
      preValidation: authorize(deps, { forms: orderForms }),
      schema: {
        tags,
        summary:
          "The order's e-mailed notices, newest first: kind, day, recipients and whether each was sent, kept (no SMTP server) or failed",
        security: [{ bearer: [] }],
        params: idParams,
        response: { 200: orderNoticeListSchema },
      },
    },
    async (request) => {
      const { db } = request.auth!.connection;
      // Readable as the order is: of the caller's system types, else 404.
      const order = await getOrder(db, {
        id: request.params.id,
        allowedSystemTypeIds: allowedSystemTypes(request.auth!.groupIds),
      });
      if (!order) throw notFound(`Order ${request.params.id}`);
      return { data: await noticesOfOrder(db, order.id) };
    },
  );

  /** The notice a token opens, with its database, or null (one lookup by hash either way). */
  const openedBy = async (token: string): Promise<{ db: Db; notice: NoticeOfToken } | null> => {
    const database = databaseOfToken(token);
    const known = database ? await deps.tenancy.find(database) : undefined;
    if (!known) return null;
    const { db } = await deps.tenancy.open(known.databaseName);
    const notice = await noticeOfToken(db, token, deps.now());
    return notice ? { db, notice } : null;
  };

  const send = (reply: FastifyReply, status: number, page: NoticePage) =>
    reply.status(status).headers(noticePageHeaders).send(noticePageHtml(page));

  /** The page's frame in the order's customer's language: its producer, order and job. */
  const frameOf = async (db: Db, notice: NoticeOfToken) => {
    const order = (await noticeOrderOf(db, notice.orderId))!;
    const texts = noticeTexts[order.language];
    return {
      order,
      texts,
      frame: {
        language: order.language,
        producer: order.producer.name,
        banner: [`${texts.labels.order} ${order.number}`, order.jobName]
          .filter(Boolean)
          .join(' · '),
      },
    };
  };

  const notFoundPage = (reply: FastifyReply) =>
    send(reply, 404, {
      language: 'en',
      producer: '',
      banner: '',
      title: `${noticeTexts.en.page.notFoundTitle} · ${noticeTexts.es.page.notFoundTitle}`,
      paragraphs: [noticeTexts.en.page.notFound, noticeTexts.es.page.notFound],
      tone: 'bad',
    });

  inPublicScope(app, (scope) => {
    const route = publicRoute;

    scope.get(
      `${noticeActionPath}/:token/confirm`,
      {
        ...route,
        schema: {
          tags,
          summary:
            "The day-before notice's confirm page (HTML): shows the order and one button; opening it confirms nothing",
          params: tokenParams,
        },
      },
      async (request, reply) => {
        const opened = await openedBy(request.params.token);
        if (!opened) return notFoundPage(reply);
        const { order, texts, frame } = await frameOf(opened.db, opened.notice);
        return send(reply, 200, {
          ...frame,
          title: texts.page.confirmTitle(order.number),
          paragraphs: [texts.page.confirmText(longDay(order.shipDate, texts), order.jobName)],
          form: { button: texts.page.confirmButton },
        });
      },
    );

    scope.post(
      `${noticeActionPath}/:token/confirm`,
      {
        ...route,
        schema: {
          tags,
          summary:
            'Confirms the order from its day-before notice (once; the boards are told), and shows the outcome (HTML)',
          params: tokenParams,
        },
      },
      async (request, reply) => {
        const opened = await openedBy(request.params.token);
        if (!opened) return notFoundPage(reply);
        const { order, texts, frame } = await frameOf(opened.db, opened.notice);
        const done = await confirmOrder(opened.db, opened.notice, deps.now());
        const when = `${longDay(dayOf(done.confirmedAt), texts)} ${timeOf(done.confirmedAt, texts)}`;
        return send(reply, 200, {
          ...frame,
          title: done.now
            ? texts.page.confirmed(order.number)
            : texts.page.alreadyConfirmed(order.number, when),
          paragraphs: [],
          tone: 'good',
        });
      },
    );

    scope.get(
      `${noticeActionPath}/:token/change`,
      {
        ...route,
        schema: {
          tags,
          summary:
            "The day-before notice's cancel-or-change page (HTML): a note, a phone number and one button; opening it asks nothing",
          params: tokenParams,
        },
      },
      async (request, reply) => {
        const opened = await openedBy(request.params.token);
        if (!opened) return notFoundPage(reply);
        const { order, texts, frame } = await frameOf(opened.db, opened.notice);
        return send(reply, 200, changePage(frame, texts, order.number));
      },
    );

    scope.post(
      `${noticeActionPath}/:token/change`,
      {
        ...route,
        schema: {
          tags,
          summary:
            'Asks dispatch to cancel or change the order (a `change` order request with the order attached, as from the pour page), and shows the outcome (HTML)',
          params: tokenParams,
        },
      },
      async (request, reply) => {
        const opened = await openedBy(request.params.token);
        if (!opened) return notFoundPage(reply);
        const { order, texts, frame } = await frameOf(opened.db, opened.notice);
        const form = (request.body ?? {}) as Record<string, unknown>;
        const body = pourRequestCreateSchema.safeParse({
          kind: 'change',
          note: typeof form.note === 'string' ? form.note : undefined,
          callbackPhone: typeof form.callbackPhone === 'string' ? form.callbackPhone : undefined,
        });
        if (!body.success) {
          const page = changePage(frame, texts, order.number);
          return send(reply, 400, {
            ...page,
            paragraphs: [texts.page.failed, ...page.paragraphs],
            tone: 'bad',
          });
        }
        await requestChange(opened.db, opened.notice, body.data, deps.now());
        return send(reply, 200, {
          ...frame,
          title: texts.page.changeSent(order.number),
          paragraphs: [],
          tone: 'good',
        });
      },
    );
  });
}

function changePage(
  frame: Pick<NoticePage, 'language' | 'producer' | 'banner'>,
  texts: (typeof noticeTexts)['en'],
  number: number,
): NoticePage {
  return {
    ...frame,
    title: texts.page.changeTitle(number),
    paragraphs: [texts.page.changeText],
    form: {
      button: texts.page.changeButton,
      fields: [
        { name: 'note', label: texts.page.changeNote, kind: 'textarea', max: 500 },
        { name: 'callbackPhone', label: texts.page.changePhone, kind: 'tel', max: 30 },
      ],
    },
  };
}

/** A moment's calendar day on the server's clock (YYYY-MM-DD). */
function dayOf(at: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
}
