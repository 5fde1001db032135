/**
 * The sizes of a seed-scale run (`npm run db -- seed-scale NAME`): a large producer's data for
 * benchmarks. The same options write the same rows, ids included, into an empty database.
 */
import { parseArgs } from 'node:util';
import { formatDate } from '@dispatch/domain/dates/date-format';
import { isIsoDateString } from '@dispatch/domain/dates/iso-date';

export type ScaleOptions = {
  plants: number;
  trucks: number;
  customers: number;
  jobs: number;
  ordersPerDay: number;
  /** Days of orders, ending today; tickets are written for every day before today. */
  days: number;
  seed: number;
  /** The last day of history, YYYY-MM-DD. */
  today: string;
  /** The local zone's offset east of UTC in minutes: order and ticket times are local. */
  timeZoneOffsetMinutes: number;
};

export const defaultScaleSizes = {
  plants: 40,
  trucks: 600,
  customers: 20_000,
  jobs: 100_000,
  ordersPerDay: 2000,
  days: 365,
  seed: 1,
} as const;

/** The limits keep every generated number inside a PostgreSQL integer and the run bounded. */
const limits: Record<keyof typeof defaultScaleSizes, readonly [number, number]> = {
  plants: [1, 1000],
  trucks: [0, 100_000],
  customers: [1, 2_000_000],
  jobs: [1, 10_000_000],
  ordersPerDay: [0, 100_000],
  days: [1, 3660],
  seed: [0, 1_000_000],
};

const optionNames = {
  plants: 'plants',
  trucks: 'trucks',
  customers: 'customers',
  jobs: 'jobs',
  ordersPerDay: 'orders-per-day',
  days: 'days',
  seed: 'seed',
} as const satisfies Record<keyof typeof defaultScaleSizes, string>;

/** Fills in defaults and checks every size; `today` defaults to the local date. */
export function scaleOptions(partial: Partial<ScaleOptions> = {}, now = new Date()): ScaleOptions {
  const options: ScaleOptions = {
    ...defaultScaleSizes,
    today: formatDate(now, 'YYYY-MM-DD'),
    timeZoneOffsetMinutes: -now.getTimezoneOffset(),
    ...partial,
  };
  for (const key of Object.keys(limits) as (keyof typeof limits)[]) {
    const [min, max] = limits[key];
    const value = options[key];
    if (!Number.isInteger(value) || value < min || value > max) {
      throw new Error(`--${optionNames[key]} must be a whole number from ${min} to ${max}.`);
    }
  }
  if (options.ordersPerDay * options.days > 20_000_000) {
    throw new Error('--orders-per-day times --days must be at most 20,000,000.');
  }
  if (!isIsoDateString(options.today) || !/^\d{4}-\d{2}-\d{2}$/.test(options.today)) {
    throw new Error('--today must be a date as YYYY-MM-DD.');
  }
  if (!Number.isInteger(options.timeZoneOffsetMinutes)) {
    throw new Error('The time zone offset must be whole minutes.');
  }
  return options;
}

/** `seed-scale NAME [--plants 40] [--trucks 600] ... [--seed 1] [--today YYYY-MM-DD]` */
export function parseScaleArgs(args: string[], now = new Date()) {
  const { values: parsed, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      ...Object.fromEntries(
        Object.values(optionNames).map((name) => [name, { type: 'string' as const }]),
      ),
      today: { type: 'string' },
    },
  });
  const values = parsed as Record<string, string | boolean | undefined>;
  const [name, ...extra] = positionals;
  if (!name || extra.length > 0) return undefined;
  const partial: Partial<ScaleOptions> = {};
  for (const [key, option] of Object.entries(optionNames) as [keyof typeof optionNames, string][]) {
    const text = values[option];
    if (typeof text !== 'string') continue;
    if (!/^\d+$/.test(text.trim())) throw new Error(`--${option} must be a whole number.`);
    partial[key] = Number(text);
  }
  if (typeof values.today === 'string') partial.today = values.today;
  return { name, options: scaleOptions(partial, now) };
}
