/**
 * A day as YYYY-MM-DD that is on the calendar (R-INPUT-1): 2026-02-30 is not, nor is year 0,
 * which PostgreSQL does not have, nor a year past 9999. Every date a route takes is checked
 * here, so none reaches the database to fail there.
 */
import { z } from 'zod';

/** The shape of a day, whether or not the calendar has it. */
export const dayPattern = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether the year, month and day exist (months from 1, years from 1 to 9999). */
export function isRealDay(year: number, month: number, day: number): boolean {
  if (year < 1 || year > 9999 || month < 1 || month > 12 || day < 1) return false;
  // Day 0 of the next month is the last day of this one; UTC keeps the host zone out of it.
  const last = new Date(Date.UTC(2000, month, 0));
  last.setUTCFullYear(year, month, 0);
  return day <= last.getUTCDate();
}

export function isCalendarDay(value: string): boolean {
  const match = dayPattern.exec(value);
  return match !== null && isRealDay(Number(match[1]), Number(match[2]), Number(match[3]));
}

export const calendarDayMessage = 'must be a real date as YYYY-MM-DD';

/** A calendar day, refused in the caller's own words. */
export function calendarDay(message: string) {
  return z.string({ error: message }).refine(isCalendarDay, message);
}

export const calendarDaySchema = z
  .string({ error: 'must be a date as YYYY-MM-DD' })
  .refine(isCalendarDay, calendarDayMessage);
