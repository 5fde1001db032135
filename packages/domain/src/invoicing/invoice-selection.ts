/**
 * R-INV-2, R-INV-3, R-INV-5: which tickets may be invoiced, how a selection becomes invoices (one
 * per customer, numbered in customer order), and when an order counts as invoiced.
 */

import { deliveredTicketStatusIds } from '../delivery/ticket-status';

export { deliveredTicketStatusIds };

export type TicketForInvoicing = {
  readonly id: number;
  readonly number: number;
  readonly statusId: number;
  readonly voided: boolean;
  /** The invoice the ticket is on, if any. */
  readonly invoiceNumber: number | null;
  /** The business day of the ticket, YYYY-MM-DD. */
  readonly ticketDate: string;
  readonly lines: readonly { readonly price: number | null }[];
};

export const invoicingProblemKinds = [
  'notDelivered',
  'voided',
  'invoiced',
  'noLines',
  'unpriced',
  'beforeDelivery',
] as const;
export type InvoicingProblemKind = (typeof invoicingProblemKinds)[number];

export type InvoicingProblem = { readonly kind: InvoicingProblemKind; readonly message: string };

/** R-INV-3: the refusal every change to an invoiced ticket gets (409). */
export function invoicedTicketMessage(ticketNumber: number, invoiceNumber: number): string {
  return `Ticket ${ticketNumber} is on invoice ${invoiceNumber}; issue a credit first.`;
}

/**
 * R-INV-2: why a ticket may not go on an invoice dated `invoiceDate`, or null when it may: it must
 * be delivered (or complete), not voided, not on an invoice already, have products, all priced,
 * and not be delivered after the invoice's date.
 */
export function invoicingProblem(
  ticket: TicketForInvoicing,
  invoiceDate?: string,
): InvoicingProblem | null {
  const name = `Ticket ${ticket.number}`;
  if (ticket.voided) return { kind: 'voided', message: `${name} is voided.` };
  if (ticket.invoiceNumber !== null) {
    return {
      kind: 'invoiced',
      message: invoicedTicketMessage(ticket.number, ticket.invoiceNumber),
    };
  }
  if (!(deliveredTicketStatusIds as readonly number[]).includes(ticket.statusId)) {
    return { kind: 'notDelivered', message: `${name} is not delivered yet.` };
  }
  if (ticket.lines.length === 0) return { kind: 'noLines', message: `${name} has no products.` };
  if (ticket.lines.some((line) => line.price === null)) {
    return { kind: 'unpriced', message: `${name} has a product without a price.` };
  }
  if (invoiceDate !== undefined && ticket.ticketDate > invoiceDate) {
    return {
      kind: 'beforeDelivery',
      message: `${name} was delivered on ${ticket.ticketDate}, after the invoice date.`,
    };
  }
  return null;
}

/**
 * R-INV-5: the selection split into one group per customer, customers in name order (then id), so
 * the invoice numbers follow the order the clerk reads them in; tickets by date, then number.
 */
export function invoicesToMake<
  T extends {
    readonly customerId: number;
    readonly customerName: string;
    readonly ticketDate: string;
    readonly number: number;
  },
>(tickets: readonly T[]): { customerId: number; customerName: string; tickets: T[] }[] {
  const groups = new Map<number, { customerId: number; customerName: string; tickets: T[] }>();
  for (const ticket of tickets) {
    const group = groups.get(ticket.customerId) ?? {
      customerId: ticket.customerId,
      customerName: ticket.customerName,
      tickets: [],
    };
    group.tickets.push(ticket);
    groups.set(ticket.customerId, group);
  }
  const byName = (a: { customerName: string; customerId: number }, b: typeof a) =>
    a.customerName.localeCompare(b.customerName) || a.customerId - b.customerId;
  return [...groups.values()].sort(byName).map((group) => ({
    ...group,
    tickets: [...group.tickets].sort(
      (a, b) => a.ticketDate.localeCompare(b.ticketDate) || a.number - b.number,
    ),
  }));
}

/**
 * R-INV-6: an order is invoiced once every ticket not voided is on an invoice and no load is still
 * to be delivered; an order without tickets is not.
 */
export function orderFullyInvoiced(order: {
  readonly tickets: readonly { readonly voided: boolean; readonly invoiced: boolean }[];
  readonly loadsToDeliver: number;
}): boolean {
  const live = order.tickets.filter((ticket) => !ticket.voided);
  return order.loadsToDeliver === 0 && live.length > 0 && live.every((ticket) => ticket.invoiced);
}
