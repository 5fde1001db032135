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
import { counted, type UserLanguage } from '../users/user-language';

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

/** The run's words in each language (issue 25, item 4): English as the job list has always shown. */
const runTexts: Record<
  UserLanguage,
  {
    title: (day: string) => string;
    invoices: readonly [string, string];
    tickets: readonly [string, string];
    nothing: string;
    left: (tickets: string, count: number) => string;
  }
> = {
  en: {
    title: (day) => `Nightly invoicing, ${day}`,
    invoices: ['invoice', 'invoices'],
    tickets: ['ticket', 'tickets'],
    nothing: 'No tickets to invoice',
    left: (tickets) => `${tickets} left for the clerk`,
  },
  es: {
    title: (day) => `Facturación nocturna, ${day}`,
    invoices: ['factura', 'facturas'],
    tickets: ['boleta', 'boletas'],
    nothing: 'No se facturó ninguna boleta',
    left: (tickets, count) => `${tickets} ${count === 1 ? 'queda' : 'quedan'} para facturar a mano`,
  },
};

/** "Nightly invoicing, 2026-03-10": the run as the job list names it. */
export function nightlyRunTitle(day: string, language: UserLanguage = 'en'): string {
  return runTexts[language].title(day);
}

/**
 * What a finished run reports: "2 invoices (7 tickets); 1 ticket left for the clerk" ("2 facturas
 * (7 boletas); 1 boleta queda para facturar a mano").
 */
export function nightlyRunMessage(
  outcome: { invoices: number; tickets: number; left: number },
  language: UserLanguage = 'en',
): string {
  const words = runTexts[language];
  const made =
    outcome.invoices === 0
      ? words.nothing
      : `${counted(outcome.invoices, words.invoices)} (${counted(outcome.tickets, words.tickets)})`;
  return outcome.left === 0
    ? made
    : `${made}; ${words.left(counted(outcome.left, words.tickets), outcome.left)}`;
}
