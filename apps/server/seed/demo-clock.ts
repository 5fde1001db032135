/**
 * Demo time: every instant the seed writes is a local wall-clock time on a day counted from the
 * `today` option, turned into an instant with a fixed offset. Nothing reads the real clock, so the
 * same `today` always gives the same data; the seed's picture stands at that day's mid-day, and a
 * re-base (demo-rebase.ts, R-DEMO-1) later moves it to the clock.
 */

const minuteMs = 60_000;
const dayMs = 24 * 60 * minuteMs;

/** The local time at which today's data stands still: a dispatcher's board at mid-day. */
export const demoNowMinutes = 12 * 60;

export type DemoClock = {
  readonly today: string;
  /** The instant `minutes` after local midnight of the day `dayOffset` days from today. */
  at(dayOffset: number, minutes: number): Date;
  /** The local date `dayOffset` days from today, as YYYY-MM-DD. */
  date(dayOffset: number): string;
  /** 0 Sunday .. 6 Saturday. */
  weekday(dayOffset: number): number;
  /** Today at demoNowMinutes. */
  readonly now: Date;
};

/**
 * `offsetMinutes` is the local zone's offset east of UTC (-300 for US Eastern standard time, the
 * negation of JavaScript's getTimezoneOffset()).
 */
export function createDemoClock(today: string, offsetMinutes = 0): DemoClock {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(today);
  const midnightUtc = match
    ? Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))
    : NaN;
  if (
    !match ||
    Number.isNaN(midnightUtc) ||
    new Date(midnightUtc).toISOString().slice(0, 10) !== today
  ) {
    throw new RangeError(`today must be a YYYY-MM-DD date, got '${today}'`);
  }
  if (!Number.isInteger(offsetMinutes) || Math.abs(offsetMinutes) > 14 * 60) {
    throw new RangeError(`timeZoneOffsetMinutes must be whole minutes within ±14 h`);
  }
  const dayStart = (dayOffset: number) => midnightUtc + dayOffset * dayMs;
  const at = (dayOffset: number, minutes: number) =>
    new Date(dayStart(dayOffset) + (minutes - offsetMinutes) * minuteMs);
  return {
    today,
    at,
    date: (dayOffset) => new Date(dayStart(dayOffset)).toISOString().slice(0, 10),
    weekday: (dayOffset) => new Date(dayStart(dayOffset)).getUTCDay(),
    now: at(0, demoNowMinutes),
  };
}

/** The offsets of the `count` working days (Monday to Friday) before or after today. */
export function workingDayOffsets(clock: DemoClock, direction: -1 | 1, count: number): number[] {
  const offsets: number[] = [];
  for (let offset = direction; offsets.length < count; offset += direction) {
    const weekday = clock.weekday(offset);
    if (weekday !== 0 && weekday !== 6) offsets.push(offset);
  }
  return offsets;
}

/** The local date of an instant in a zone `offsetMinutes` east of UTC, as YYYY-MM-DD. */
export function localDateOf(instant: Date, offsetMinutes: number): string {
  return new Date(instant.getTime() + offsetMinutes * minuteMs).toISOString().slice(0, 10);
}

/** Whole days from one YYYY-MM-DD date to another (negative when `to` comes first). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / dayMs);
}

export function addMinutes(instant: Date, minutes: number): Date {
  return new Date(instant.getTime() + Math.round(minutes * minuteMs));
}

/** 'HH:MM:SS' for time-of-day columns. */
export function timeOfDay(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = Math.round(minutes % 60);
  return `${String(hours).padStart(2, '0')}:${String(rest).padStart(2, '0')}:00`;
}
