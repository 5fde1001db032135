/** How a request's day, time, quantity and status read on both requests screens. */
import type { OrderRequestStatus } from '@dispatch/domain/orders/order-requests';

/** A requested day ('YYYY-MM-DD') as the reader's language writes it: "Wed, Mar 11". */
export function dayText(day: string, language: string): string {
  const date = new Date(`${day}T12:00:00`);
  if (Number.isNaN(date.getTime())) return day;
  return date.toLocaleDateString(language, { weekday: 'short', month: 'short', day: 'numeric' });
}

/** A time of day from the server ('HH:mm:ss') as 'HH:mm'; null without one. */
export function timeText(time: string | null): string | null {
  return time ? time.slice(0, 5) : null;
}

/** An instant as a short local date and time. */
export function instantText(instant: string, language: string): string {
  const date = new Date(instant);
  return date.toLocaleString(language, {
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
}

/** A quantity; a pour page's request that names none (hold, call me) shows nothing. */
export function quantityText(quantity: number | null, language: string): string {
  if (quantity === null) return '';
  return quantity.toLocaleString(language, { maximumFractionDigits: 3 });
}

export const statusColors: Record<OrderRequestStatus, string> = {
  pending: 'yellow',
  accepted: 'teal',
  rejected: 'red',
  withdrawn: 'gray',
};
