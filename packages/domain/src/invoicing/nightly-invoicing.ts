/**
 * R-INV-13: the nightly run that invoices the customers set to invoice automatically. Each day, once
 * the server's clock reaches the system parameter autoInvoiceTime, one run (whatever the number of
 * server processes) invoices those customers' delivered tickets of that day and of the day before
 * (loads delivered after the previous night's run), dated that day, as Flag Invoice does; tickets
 * that may not be invoiced are left for the clerk.
 */
import { z } from 'zod';
import { calendarDaySchema } from '../dates/calendar-day';
import { addDays } from '../report-schedules/zoned-time';

/** Who the nightly run's invoices name as their maker (audit rows, invoiceUpdate_v1, inquiry). */
export const nightlyInvoicingUser = 'auto-invoice';

/** The run's job parameters: the day it invoices. */
export const nightlyInvoicingParamsSchema = z.object({ day: calendarDaySchema });
export type NightlyInvoicingParams = z.infer<typeof nightlyInvoicingParamsSchema>;

/**
 * The day a run is due for, or null: the server's clock (`today`, `time` as HH:mm) has reached the
 * run's time today and no run has been claimed for today yet (`lastDay`, the last day claimed).
 */
export function nightlyRunDue(
  clock: { today: string; time: string },
  runTime: string,
  lastDay: string | null,
): string | null {
  if (clock.time < runTime) return null;
  if (lastDay !== null && lastDay >= clock.today) return null;
  return clock.today;
}

/** The delivery days a run for `day` invoices: the day, and the day before's late loads. */
export function nightlyRunDays(day: string): { from: string; to: string } {
  return { from: addDays(day, -1), to: day };
}

/** "Nightly invoicing, 2026-03-10": the run as the job list names it. */
export function nightlyRunTitle(day: string): string {
  return `Nightly invoicing, ${day}`;
}

/** What a finished run reports: "2 invoices (7 tickets); 1 ticket left for the clerk". */
export function nightlyRunMessage(outcome: {
  invoices: number;
  tickets: number;
  left: number;
}): string {
  const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;
  const made =
    outcome.invoices === 0
      ? 'No tickets to invoice'
      : `${plural(outcome.invoices, 'invoice')} (${plural(outcome.tickets, 'ticket')})`;
  return outcome.left === 0
    ? made
    : `${made}; ${plural(outcome.left, 'ticket')} left for the clerk`;
}
