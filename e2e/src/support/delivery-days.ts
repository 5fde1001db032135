/**
 * The days the invoicing walks work on. The demo delivers on working days only, so "yesterday" is
 * empty on a Sunday or a Monday, and a template seeded before midnight shifts its week by a day;
 * the walks therefore ask the server for the latest past day with delivered tickets to invoice.
 */
import { expect } from 'vitest';
import { localDay as today } from './processes';

export type Candidates = {
  customers: {
    customerId: number;
    customerName: string;
    orders: {
      orderId: number;
      tickets: { id: number; number: number; plantName: string; problem: string | null }[];
    }[];
  }[];
};

/** The local calendar day `days` from today, as YYYY-MM-DD (the server runs in this zone too). */
export function localDay(days: number): string {
  const now = new Date();
  // Mid-day, so a daylight-saving change between the two days does not move the date.
  return today(new Date(now.getFullYear(), now.getMonth(), now.getDate() + days, 12));
}

/**
 * The latest of the last seven days on which some customer has delivered tickets that `accept`
 * takes, with that day's invoice candidates.
 */
export async function lastDeliveryDay(
  url: string,
  headers: Record<string, string>,
  accept: (candidates: Candidates) => boolean,
): Promise<{ day: string; candidates: Candidates }> {
  for (let days = -1; days >= -7; days -= 1) {
    const day = localDay(days);
    const response = await fetch(`${url}/api/v1/invoices/candidates?from=${day}&to=${day}`, {
      headers,
    });
    expect(response.status, `invoice candidates of ${day}`).toBe(200);
    const candidates = (await response.json()) as Candidates;
    if (accept(candidates)) return { day, candidates };
  }
  throw new Error('no day of the last week has delivered demo tickets to invoice');
}

/** A customer with a few (2 to 8) delivered tickets, every one priced: one invoice's worth. */
export function customerWithFewTickets(candidates: Candidates) {
  return candidates.customers.find((entry) => {
    const tickets = entry.orders.flatMap((order) => order.tickets);
    return tickets.length >= 2 && tickets.length <= 8 && tickets.every((t) => t.problem === null);
  });
}
