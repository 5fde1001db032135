/**
 * R-CONST-12: how dates and times are written out. Dates without a zone are the plant's wall-clock
 * time, so they are written in the local zone of the Date objects involved.
 */
import { dateTimeFormat, minutesDisplayFormat } from '../constants';

const pad = (value: number, length = 2): string => String(value).padStart(length, '0');

/** Formats with the tokens YYYY, MM, DD, HH, mm and ss, in the Date's local zone. */
export function formatDate(date: Date, pattern: string): string {
  const tokens: Record<string, string> = {
    YYYY: pad(date.getFullYear(), 4),
    MM: pad(date.getMonth() + 1),
    DD: pad(date.getDate()),
    HH: pad(date.getHours()),
    mm: pad(date.getMinutes()),
    ss: pad(date.getSeconds()),
  };
  return pattern.replace(/YYYY|MM|DD|HH|mm|ss/g, (token) => tokens[token] ?? token);
}

/** R-CONST-12's date format, 'YYYY-MM-DDTHH:mm:ss'. */
export function formatDateTime(date: Date): string {
  return formatDate(date, dateTimeFormat);
}

/** The time of day as 'HH:mm'. */
export function formatTimeOfDay(date: Date): string {
  return formatDate(date, minutesDisplayFormat);
}

/**
 * R-CONST-12: a count of minutes displays as 'HH:mm'. Hours are not wrapped at 24, so a truck in
 * status for 26 hours reads '26:00', and a negative count keeps its sign.
 */
export function formatMinutes(totalMinutes: number): string {
  const whole = Math.trunc(totalMinutes);
  const sign = whole < 0 ? '-' : '';
  const absolute = Math.abs(whole);
  const hours = pad(Math.floor(absolute / 60));
  const minutes = pad(absolute % 60);
  return `${sign}${minutesDisplayFormat.replace('HH', hours).replace('mm', minutes)}`;
}
