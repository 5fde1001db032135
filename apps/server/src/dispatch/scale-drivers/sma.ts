/**
 * The Scale Manufacturers Association's serial protocol, level 1 (SMA SCP-0499, 1999, mod. 2005):
 * the host asks, the indicator answers one message per request.
 *
 *   request   <LF> W <CR>
 *   answer    <LF> s r n m f <weight: 10 characters> <unit: 3 characters> <CR>
 *
 * s  status: Z centre of zero, O over capacity, U under capacity, E zero error, I initial-zero
 *    error, T tare error, space none of these (Cardinal adds e: weight not shown). With E, I and T
 *    the weight field holds dashes.
 * r  range, '1' on a single-range scale.
 * n  G gross, N net, T tare (the answer to M), g and n the same in high resolution.
 * m  M in motion, space stable.
 * f  reserved.
 * Unknown commands are answered <LF>?<CR>, garbled ones <LF>!<CR>.
 *
 * As written in the Fairbanks FB2550 manual (Appendix III, "Standard scale response message"), the
 * Sartorius PR 5210/5220 manuals (SMA protocol, with examples), the B-TEK T419S and Avery
 * Weigh-Tronix ZM400 service manuals, and Cardinal's 190 and 205 manuals, which give the status
 * 'e' and an 11-character weight field, read here as well.
 */
import type { ScaleWeightUnit } from '@dispatch/domain/plants/scale';
import { decimalWeight, largeUnits } from './decimal-weight';
import { printableBytes } from './frame-text';

/** Level-1 requests: displayed weight, high resolution, zero, tare, tare weight, clear tare. */
export type SmaCommand = 'W' | 'H' | 'Z' | 'T' | 'M' | 'C';

const lf = 0x0a;
const cr = 0x0d;

/** The bytes of a request: `<LF>W<CR>` asks for the displayed weight. */
export function smaRequest(command: SmaCommand = 'W'): Buffer {
  return Buffer.from(`\n${command}\r`, 'latin1');
}

export type SmaError = 'zero' | 'initialZero' | 'tare' | 'notShown';

export type SmaFrame = {
  /** Signed, decimals applied; null when the indicator sends no weight (an error). */
  weight: number | null;
  /** Null when the unit field is blank: the scale's own unit applies. */
  unit: ScaleWeightUnit | null;
  /** The weight is net of a tare (n is N or n). */
  net: boolean;
  /** The weight is the tare itself (n is T, the answer to M). */
  tare: boolean;
  negative: boolean;
  overRange: boolean;
  underZero: boolean;
  centreOfZero: boolean;
  motion: boolean;
  error: SmaError | null;
  range: number;
  /** The message's bytes as `printableBytes` writes them. */
  raw: string;
};

export type SmaParser = {
  /** The answers completed by these bytes; one split across chunks is joined. */
  push(chunk: Buffer): SmaFrame[];
};

/** LF, five status characters, a 10- or 11-character weight, three unit characters, CR. */
const shortest = 1 + 5 + 10 + 3 + 1;
const longest = shortest + 1;

export function createSmaParser(): SmaParser {
  let pending: Buffer = Buffer.alloc(0);
  return {
    push(chunk) {
      const bytes = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
      const frames: SmaFrame[] = [];
      let at = 0;
      while (at < bytes.length) {
        const start = bytes.indexOf(lf, at);
        if (start < 0) {
          at = bytes.length;
          break;
        }
        const end = messageEnd(bytes, start);
        if (end === 'more') {
          at = start;
          break;
        }
        if (end === 'none') {
          at = start + 1;
          continue;
        }
        const frame = decodeMessage(bytes.subarray(start, end + 1));
        if (frame) frames.push(frame);
        at = end + 1;
      }
      // At most one message's worth (under 22 bytes) is kept, copied off the chunk.
      pending = Buffer.from(bytes.subarray(at));
      return frames;
    },
  };
}

/**
 * Where the message starting at `start` ends (its CR), `more` when it may still be arriving, or
 * `none` when no message starts here: another LF comes first (this one began a lost message) or
 * no CR comes in time.
 */
function messageEnd(bytes: Buffer, start: number): number | 'more' | 'none' {
  const last = Math.min(bytes.length - 1, start + longest - 1);
  for (let i = start + 1; i <= last; i += 1) {
    const byte = bytes[i]! & 0x7f;
    if (byte === cr) return i;
    if (byte === lf) return 'none';
  }
  return bytes.length - start < longest ? 'more' : 'none';
}

const errors: Partial<Record<string, SmaError>> = {
  E: 'zero',
  I: 'initialZero',
  T: 'tare',
  e: 'notShown',
};

function decodeMessage(message: Buffer): SmaFrame | null {
  if (message.length !== shortest && message.length !== longest) return null;
  // Bit 7 is the parity bit when a 7-bit line is read as 8 bits.
  const text = Array.from(message, (byte) => String.fromCharCode(byte & 0x7f)).join('');
  const [status, range, mode, motion] = [text[1]!, text[2]!, text[3]!, text[4]!];
  if (!' ZOUEITe'.includes(status) || !/^[1-9]$/.test(range) || !'GTNgn'.includes(mode)) {
    return null;
  }
  if (motion !== 'M' && motion !== ' ') return null;
  const unit = unitOf(text.slice(-4, -1));
  if (unit === undefined) return null;
  const error = errors[status] ?? null;
  const field = text.slice(6, -4).trim();
  const value = error === null || /\d/.test(field) ? weightOf(field) : null;
  if (value === undefined || (value === null && error === null)) return null;
  const factor = unit?.factor ?? 1;
  return {
    weight: value === null ? null : decimalWeight(value.digits * factor, -value.decimals),
    unit: unit?.unit ?? null,
    net: mode === 'N' || mode === 'n',
    tare: mode === 'T',
    negative: (value?.digits ?? 0) < 0,
    overRange: status === 'O',
    underZero: status === 'U',
    centreOfZero: status === 'Z',
    motion: motion === 'M',
    error,
    range: Number(range),
    raw: printableBytes(message),
  };
}

/**
 * The weight field: right-aligned, a sign before the digits when negative, a decimal point when
 * there are decimals. Dashes or blanks (null) mean no weight; anything else (undefined) is garbled.
 */
function weightOf(field: string): { digits: number; decimals: number } | null | undefined {
  if (field === '' || /^-+$/.test(field)) return null;
  const parts = /^([+-]?) *(\d*)(?:\.(\d*))?$/.exec(field);
  if (!parts || `${parts[2]}${parts[3] ?? ''}` === '') return undefined;
  const decimals = parts[3]?.length ?? 0;
  const digits = Number(`${parts[2]}${parts[3] ?? ''}`);
  return { digits: parts[1] === '-' ? -digits : digits, decimals };
}

/** Undefined for a unit no ticket weighs in (g, oz, lb/oz); null when the field is blank. */
function unitOf(field: string): { unit: ScaleWeightUnit; factor: number } | null | undefined {
  switch (field.trim().toLowerCase()) {
    case '':
      return null;
    case 'lb':
      return { unit: 'lb', factor: 1 };
    case 'kg':
      return { unit: 'kg', factor: 1 };
    case 't':
      return largeUnits.t;
    case 'ton':
    case 'tn':
      return largeUnits.ton;
    default:
      return undefined;
  }
}

/** What an indicator shows, for `encodeSmaAnswer`. */
export type SmaDisplay = {
  /** Signed; rounded to the division's decimals. */
  weight: number | null;
  division: number;
  unit: ScaleWeightUnit;
  mode?: 'G' | 'N' | 'T';
  motion?: boolean;
  overRange?: boolean;
  error?: Exclude<SmaError, 'notShown'>;
};

const errorStatus = { zero: 'E', initialZero: 'I', tare: 'T' } as const;

/** The answer an indicator sends to `W` (or `M` with mode T) for what it shows. */
export function encodeSmaAnswer(display: SmaDisplay): Buffer {
  const decimals = Math.max(0, -Math.floor(Math.log10(display.division) + 1e-9));
  const weight = display.weight;
  const status = display.error
    ? errorStatus[display.error]
    : display.overRange
      ? 'O'
      : weight !== null && weight < 0
        ? 'U'
        : weight !== null && Math.abs(weight) < display.division / 4
          ? 'Z'
          : ' ';
  const field =
    display.error || weight === null
      ? '----------'
      : (Math.round(weight / display.division) * display.division)
          .toFixed(decimals)
          .padStart(10, ' ');
  const motion = display.motion ? 'M' : ' ';
  const text = `\n${status}1${display.mode ?? 'G'}${motion} ${field}${display.unit.padEnd(3, ' ')}\r`;
  return Buffer.from(text, 'latin1');
}
