/**
 * R-TRACK-10..14: each kind of notice written for its order, in its customer's language: the
 * subject, the facts and buttons the layout renders as HTML and as plain text. A notice carries
 * a price only when the customer asked for priced tickets (the day's-end amounts); the other
 * kinds never read one.
 */
import { pdfFormats } from '../../pdf/pdf-text';
import type { TicketPrint } from '../tickets/ticket-print.service';
import type { NoticeOrder } from './notice-facts.service';
import type { NoticeContent } from './notice-layout';
import { noticeTexts, type NoticeTexts } from './notice-texts';

export type FirstLoad = {
  ticketNumber: number;
  truckNumber: string | null;
  loadNumber: number | null;
  quantity: number | null;
  onJobTime: Date | null;
};

export type NoticeExtras =
  | { kind: 'dayBefore'; confirmUrl: string; changeUrl: string }
  | { kind: 'firstLoad'; trackingUrl: string; first: FirstLoad; now: Date }
  | { kind: 'daysEnd'; tickets: TicketPrint[] };

/** A calendar day as a reader says it: "Wednesday, March 11, 2026", "miércoles, 11 de marzo de 2026". */
export function longDay(day: string, texts: NoticeTexts): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(year, month - 1, date).toLocaleDateString(texts.locale, {
    weekday: 'long',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  });
}

export const timeOf = (at: Date, texts: NoticeTexts) =>
  at.toLocaleTimeString(texts.locale, { hour: 'numeric', minute: '2-digit' });

function common(order: NoticeOrder, texts: NoticeTexts) {
  const format = pdfFormats(order.language);
  const amount = (quantity: number) =>
    `${format.quantity(quantity)} ${format.unit(order.unit)}`.trim();
  const job = [order.jobName, ...order.jobAddressLines].filter(Boolean).join('\n');
  const facts: [string, string][] = [[texts.labels.order, String(order.number)]];
  if (order.customerPoNumber.trim()) facts.push([texts.labels.po, order.customerPoNumber]);
  if (job) facts.push([texts.labels.job, job]);
  return { format, amount, facts };
}

export function composeNotice(order: NoticeOrder, extras: NoticeExtras): NoticeContent {
  const texts = noticeTexts[order.language];
  const { format, amount, facts } = common(order, texts);
  const base = {
    language: order.language,
    producer: order.producer,
    banner: [`${texts.labels.order} ${order.number}`, order.jobName].filter(Boolean).join(' · '),
    footer: texts.footer(order.recipients.join(', '), order.producer.name),
  };
  const day = longDay(order.shipDate, texts);
  const product = order.product
    ? `${order.product}, ${amount(order.ordered)}`
    : amount(order.ordered);

  switch (extras.kind) {
    case 'dayBefore':
      return {
        ...base,
        subject: texts.subjects.dayBefore(order.number, day),
        heading: texts.dayBefore.heading,
        intro: texts.dayBefore.intro,
        facts: [
          ...facts,
          [texts.labels.day, day],
          ...(order.firstLoadAt
            ? [[texts.labels.firstLoadAt, timeOf(order.firstLoadAt, texts)] as [string, string]]
            : []),
          [texts.labels.product, product],
        ],
        buttons: [
          { label: texts.dayBefore.confirm, url: extras.confirmUrl },
          { label: texts.dayBefore.change, url: extras.changeUrl, secondary: true },
        ],
        afterButtons: texts.dayBefore.after,
        paragraphs: [],
      };
    case 'firstLoad': {
      const { first } = extras;
      // The load's planned time on site, never one already past: it moves later, not earlier.
      const eta =
        first.onJobTime === null
          ? null
          : new Date(Math.max(first.onJobTime.getTime(), extras.now.getTime()));
      return {
        ...base,
        subject: texts.subjects.firstLoad(order.number),
        heading: texts.firstLoad.heading,
        intro: texts.firstLoad.intro,
        facts: [
          ...facts,
          [texts.labels.product, product],
          [texts.labels.ticket, String(first.ticketNumber)],
          ...(first.truckNumber
            ? [[texts.labels.truck, first.truckNumber] as [string, string]]
            : []),
          ...(first.quantity !== null
            ? [[texts.labels.load, amount(first.quantity)] as [string, string]]
            : []),
          ...(eta ? [[texts.labels.eta, timeOf(eta, texts)] as [string, string]] : []),
        ],
        buttons: [{ label: texts.firstLoad.follow, url: extras.trackingUrl }],
        paragraphs: eta ? [texts.firstLoad.eta(timeOf(eta, texts))] : [],
      };
    }
    case 'daysEnd': {
      const priced = order.priced;
      const rows = extras.tickets.map((ticket) => {
        const line = ticket.lines[0];
        const quantity = ticket.delivery?.deliveredQuantity ?? line?.quantity ?? 0;
        const when = ticket.delivery?.signedAt ?? ticket.ticketDateTime;
        return [
          String(ticket.number),
          timeOf(when, texts),
          `${format.quantity(quantity)} ${format.unit(line?.unit ?? order.unit)}`.trim(),
          ticket.delivery?.receiverName ?? texts.labels.notSigned,
          ...(priced ? [format.money(ticket.totals?.total ?? null)] : []),
        ];
      });
      const delivered = extras.tickets.reduce(
        (total, ticket) =>
          total + (ticket.delivery?.deliveredQuantity ?? ticket.lines[0]?.quantity ?? 0),
        0,
      );
      const money = extras.tickets.reduce(
        (total, ticket) => total + (ticket.totals?.total ?? 0),
        0,
      );
      return {
        ...base,
        subject: texts.subjects.daysEnd(order.number, day),
        heading: texts.daysEnd.heading,
        intro: texts.daysEnd.intro,
        facts: [...facts, [texts.labels.day, day], [texts.labels.product, product]],
        buttons: [],
        table: {
          head: [
            texts.labels.ticket,
            texts.labels.deliveredAt,
            texts.labels.quantity,
            texts.labels.receivedBy,
            ...(priced ? [texts.labels.amount] : []),
          ],
          rows,
          foot: [
            texts.labels.total,
            '',
            amount(Math.round(delivered * 1000) / 1000),
            '',
            ...(priced ? [format.money(money)] : []),
          ],
        },
        paragraphs: [
          extras.tickets.length
            ? texts.daysEnd.attached(extras.tickets.length)
            : texts.daysEnd.none,
        ],
      };
    }
  }
}

/** The file name a ticket's PDF is attached under, in the customer's words. */
export function ticketFileName(number: number, order: NoticeOrder): string {
  return order.language === 'es' ? `boleta-${number}.pdf` : `ticket-${number}.pdf`;
}
