/**
 * Wall-clock time in a named time zone (R-RSCHED-4, R-RSCHED-5): schedules run at a time of day
 * and report on days as the server's clock reads them, whatever the offset from UTC is that day.
 * Pure arithmetic over Intl's time-zone data, so server and web get the same answers and tests
 * can name any zone.
 */

/** A calendar day as YYYY-MM-DD. */
export type CalendarDay = string;

export type WallClock = { day: CalendarDay; hour: number; minute: number };

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

function partsOf(instant: number, timeZone: string) {
  const parts: Record<string, number> = {};
  for (const part of formatterOf(timeZone).formatToParts(new Date(instant))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return parts as Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', number>;
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

export function dayOf(year: number, month: number, date: number): CalendarDay {
  const utc = new Date(Date.UTC(year, month - 1, date));
  return `${pad(utc.getUTCFullYear(), 4)}-${pad(utc.getUTCMonth() + 1)}-${pad(utc.getUTCDate())}`;
}

export function splitDay(day: CalendarDay): [year: number, month: number, date: number] {
  const [year = 1970, month = 1, date = 1] = day.split('-').map(Number);
  return [year, month, date];
}

/** The day `days` after (or before, when negative) the given one. */
export function addDays(day: CalendarDay, days: number): CalendarDay {
  const [year, month, date] = splitDay(day);
  return dayOf(year, month, date + days);
}

/** ISO weekday: 1 Monday … 7 Sunday. */
export function isoWeekday(day: CalendarDay): number {
  const [year, month, date] = splitDay(day);
  return ((new Date(Date.UTC(year, month - 1, date)).getUTCDay() + 6) % 7) + 1;
}

export function lastDayOfMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** What a clock in `timeZone` reads at `instant`. */
export function wallClockOf(instant: Date, timeZone: string): WallClock {
  const parts = partsOf(instant.getTime(), timeZone);
  return {
    day: dayOf(parts.year, parts.month, parts.day),
    hour: parts.hour,
    minute: parts.minute,
  };
}

/** The zone's offset from UTC at an instant, in milliseconds (New York in winter: -5 h). */
function offsetAt(instant: number, timeZone: string): number {
  const whole = Math.floor(instant / 1000) * 1000;
  const parts = partsOf(whole, timeZone);
  const asUtc = Date.UTC(
    parts.year,
    parts.month - 1,
    parts.day,
    parts.hour,
    parts.minute,
    parts.second,
  );
  return asUtc - whole;
}

/**
 * The instant a clock in `timeZone` reads `time` (HH:mm) on `day`. A time the clocks skip (the
 * spring change) is taken an hour later, as the clock reads after the change; a time they read
 * twice (the autumn change) is its first reading, so a schedule runs once that day.
 */
export function instantAt(day: CalendarDay, time: string, timeZone: string): Date {
  const [year, month, date] = splitDay(day);
  const [hour = 0, minute = 0] = time.split(':').map(Number);
  const local = Date.UTC(year, month - 1, date, hour, minute);
  // The offsets either side of any change within the day: every reading of this time is one of
  // these two instants.
  const candidates = [
    offsetAt(local - 86_400_000, timeZone),
    offsetAt(local + 86_400_000, timeZone),
  ]
    .map((offset) => local - offset)
    .sort((a, b) => a - b);
  const readings = candidates.filter((candidate) => {
    const clock = wallClockOf(new Date(candidate), timeZone);
    return clock.day === day && clock.hour === hour && clock.minute === minute;
  });
  return new Date(readings[0] ?? candidates[candidates.length - 1]!);
}

/** The server's own zone (the TZ it runs under), for the server's schedules. */
export function localTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}
