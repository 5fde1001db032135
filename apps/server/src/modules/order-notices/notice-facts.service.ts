/**
 * R-TRACK-10..14: what a notice says of its order, read in one place: the producer, the order's
 * number, PO, day and addresses, its customer's language and notice settings, the job and its
 * address, the product with the ordered quantity, and when its first load is planned on site.
 * Read field by field, so nothing of the order's money can slip into a notice.
 */
import { and, asc, eq, inArray, min, ne } from 'drizzle-orm';
import { deliveredTicketStatusIds, ticketStatusIds } from '@dispatch/domain/delivery/ticket-status';
import { loadStatusIds } from '@dispatch/domain/dispatch/load-status';
import { documentLanguageOf, type DocumentLanguage } from '@dispatch/domain/document-language';
import { jobAddressLinesOf, jobNameOf } from '@dispatch/domain/tracking/job-address';
import { noticeRecipientsOf } from '@dispatch/domain/tracking/notices';
import type { Db } from '../../db/client';
import { jobAddressColumns } from '../../db/job-address';
import { customers } from '../../db/schema/customers';
import { jobs } from '../../db/schema/jobs';
import { orders } from '../../db/schema/orders';
import { loads, tickets } from '../../db/schema/tickets';
import { letterheadOf, type Letterhead } from '../../pdf/letterhead';
import { orderProductOf } from '../order-tracking/pour-page.service';

export type NoticeOrder = {
  orderId: number;
  number: number;
  shipDate: string;
  systemTypeId: number;
  customerPoNumber: string;
  recipients: string[];
  language: DocumentLanguage;
  /** R-TRACK-14: the customer asked for priced tickets. */
  priced: boolean;
  switches: { dayBefore: boolean; firstLoad: boolean; daysEnd: boolean };
  producer: Letterhead;
  jobName: string;
  jobAddressLines: string[];
  product: string;
  unit: string;
  ordered: number;
  firstLoadAt: Date | null;
  confirmedAt: Date | null;
};

export async function noticeOrderOf(db: Db, orderId: number): Promise<NoticeOrder | undefined> {
  const [row] = await db
    .select({
      number: orders.number,
      shipDate: orders.shipDate,
      systemTypeId: orders.systemTypeId,
      customerPoNumber: orders.customerPoNumber,
      emails: orders.emailAddressCsv,
      confirmedAt: orders.confirmedAt,
      language: customers.language,
      priced: customers.noticePricedTickets,
      dayBefore: customers.noticeDayBefore,
      firstLoad: customers.noticeFirstLoad,
      daysEnd: customers.noticeDaysEnd,
      job: jobAddressColumns,
    })
    .from(orders)
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .leftJoin(jobs, eq(jobs.id, orders.jobId))
    .where(eq(orders.id, orderId));
  if (!row) return undefined;
  const [main, [first], producer] = await Promise.all([
    orderProductOf(db, orderId),
    db
      .select({ at: min(loads.onJobTime) })
      .from(loads)
      .where(and(eq(loads.orderId, orderId), ne(loads.statusId, loadStatusIds.cancelled))),
    letterheadOf(db),
  ]);
  return {
    orderId,
    number: row.number,
    shipDate: row.shipDate,
    systemTypeId: row.systemTypeId,
    customerPoNumber: row.customerPoNumber,
    recipients: noticeRecipientsOf(row.emails),
    language: documentLanguageOf(row.language),
    priced: row.priced,
    switches: { dayBefore: row.dayBefore, firstLoad: row.firstLoad, daysEnd: row.daysEnd },
    producer,
    jobName: jobNameOf(row.job),
    jobAddressLines: jobAddressLinesOf(row.job),
    product: main.product,
    unit: main.unit,
    ordered: main.ordered,
    firstLoadAt: first?.at ?? null,
    confirmedAt: row.confirmedAt,
  };
}

/** R-TRACK-11: the order's first load sent (its first ticket not voided), with its planned arrival. */
export async function firstLoadOf(db: Db, orderId: number) {
  const [row] = await db
    .select({
      ticketNumber: tickets.number,
      truckNumber: tickets.truckNumber,
      loadNumber: loads.loadNumber,
      quantity: loads.quantity,
      onJobTime: loads.onJobTime,
    })
    .from(tickets)
    .leftJoin(loads, eq(loads.ticketId, tickets.id))
    .where(and(eq(tickets.orderId, orderId), ne(tickets.statusId, ticketStatusIds.voided)))
    .orderBy(asc(tickets.ticketDateTime), asc(tickets.id))
    .limit(1);
  return row;
}

/** R-TRACK-13: the order's delivered tickets, in the order they were written. */
export async function deliveredTicketIdsOf(db: Db, orderId: number): Promise<number[]> {
  const rows = await db
    .select({ id: tickets.id })
    .from(tickets)
    .where(
      and(eq(tickets.orderId, orderId), inArray(tickets.statusId, [...deliveredTicketStatusIds])),
    )
    .orderBy(asc(tickets.ticketDateTime), asc(tickets.id));
  return rows.map((row) => row.id);
}
