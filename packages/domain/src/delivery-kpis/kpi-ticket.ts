/**
 * R-KPI-1: what the delivery performance figures read of a ticket and of an order, and how they
 * read a stamp, a span and a day. The field names are the tickets' and orders' own (R-ENTITY-20,
 * `tickets` and `orders` in the server's schema), so the server hands its rows over as they are.
 */
import type { TicketStamps } from '../delivery/delivery-state';
import { ticketStatusIds } from '../delivery/ticket-status';
// This folder is one level deeper than the rule's `../../*` pattern expects: these stay in src.
import type { TicketCycleTimestampField } from '../tickets/ticket';
import { formatDate } from '../dates/date-format';
import { parseIsoDate } from '../dates/iso-date';

/** A stamp as the server reads it (a Date) or as it travels (an ISO string); null until made. */
export type Instant = TicketStamps['onJobDateTime'];

/** The stamps a truck's statuses make on its ticket, Loading to In yard (R-KPI-3, R-KPI-4). */
export type CycleStampField = Exclude<
  TicketCycleTimestampField,
  'ticketDateTime' | 'printDateTime'
>;

export type DeliveryKpiTicket = Readonly<Record<CycleStampField, Instant>> & {
  readonly orderId: number;
  readonly plantId: number;
  /** Null for a customer's or an outside hauler's truck: no truck of ours to measure. */
  readonly truckId: number | null;
  readonly statusId: number;
  readonly voided: boolean;
  /** When the ticket was written; its day is the ticket's day (R-KPI-1). Never null in the table. */
  readonly ticketDateTime: Date | string;
  /** What the ticket delivered, as R-DELIV-2 stores it: nothing until delivered, less returns. */
  readonly deliveredQuantity: number;
};

export type DeliveryKpiOrder = {
  readonly id: number;
  /**
   * The time the customer asked for the first load on the job: the order's first load time, its
   * schedules' earliest (R-ORD-4). Drifts move loads, never this (R-BOARD-7), so it stays the ask.
   */
  readonly firstLoadTime: Instant;
};

/** A period of whole days, both ends included, as YYYY-MM-DD. */
export type KpiPeriod = { readonly from: string; readonly to: string };

const minuteMs = 60_000;

/** A stamp as a Date; a string is read as R-VALID-15 reads dates (no zone: the plant's clock). */
export function instantOf(value: Instant): Date | null {
  if (value === null) return null;
  return typeof value === 'string' ? parseIsoDate(value) : value;
}

/**
 * Minutes from start to end, or null when either is missing or end is not after start. Equal
 * stamps are not zero minutes: one click makes two stamps when a driver skips a status (To plant
 * stamps finish-unload too, R-DELIV-3), so they say the stage was not seen, not that it was quick.
 */
export function spanMinutes(start: Date | null, end: Date | null): number | null {
  if (start === null || end === null) return null;
  const minutes = (end.getTime() - start.getTime()) / minuteMs;
  return minutes > 0 ? minutes : null;
}

/**
 * The calendar day of an instant in the zone the code runs in: the server's business zone, the
 * zone every stored day and printed time uses (R-VALID-15, R-CONST-12).
 */
export function dayOf(instant: Date): string {
  return formatDate(instant, 'YYYY-MM-DD');
}

export function isInPeriod(day: string, period: KpiPeriod): boolean {
  return period.from <= day && day <= period.to;
}

/** A voided ticket was not a load (R-DISP-7): it counts in no figure. */
export function isCountedTicket(ticket: Pick<DeliveryKpiTicket, 'statusId' | 'voided'>): boolean {
  return !ticket.voided && ticket.statusId !== ticketStatusIds.voided;
}

/** The ticket's day, which puts it in or out of the period (R-KPI-1). */
export function ticketDayOf(ticket: Pick<DeliveryKpiTicket, 'ticketDateTime'>): string | null {
  const written = instantOf(ticket.ticketDateTime);
  return written === null ? null : dayOf(written);
}
