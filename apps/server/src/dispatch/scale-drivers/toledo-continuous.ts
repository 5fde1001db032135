/**
 * Mettler Toledo "standard continuous output", the stream most truck-scale indicators can send
 * (Mettler Toledo, and Cardinal, Rice Lake and Fairbanks heads in their Toledo mode): many frames
 * a second, each
 *
 *   STX, status words A B C, 6 digits of displayed weight, 6 digits of tare, CR, [checksum]
 *
 * Layout and bit tables as in the METTLER TOLEDO WILDCAT Scale Technical Manual (12/00),
 * Appendix 2 "Continuous Mode Output", tables 6-8 to 6-11, checked against the Rice Lake 920i
 * Installation Manual 10.7.1 (Toledo 8142 stream), the Fairbanks FB2550 and FB3000 manuals
 * ("Toledo Data Format"), the Cardinal 225 technical manual ("Toledo, Type=2") and the status
 * word builder of Mettler Toledo's IND245 firmware (ContOut.c):
 *
 *   A  bits 0-2: where the decimal point or dummy zeros are: 0 = XXXX00, 1 = XXXXX0, 2 = XXXXXX,
 *      3 = XXXXX.X ... 7 = X.XXXXX; bits 3-4 the increment: 1 = x1, 2 = x2, 3 = x5; bit 5 always 1.
 *   B  bit 0 net, 1 negative, 2 out of range (over capacity or under zero), 3 motion, 4 kg (else
 *      lb), 5 always 1, 6 powered up and not yet zeroed.
 *   C  bits 0-2 a unit other than lb/kg (IND245: 1 g, 2 t, 3 oz, 6 ton, 7 N), 3 print request,
 *      4 expanded display, 5 always 1.
 *   Bit 7 of every byte is the parity bit when a 7-bit line is read as 8 bits, so it is ignored.
 *   The checksum is the 2's complement of the 7-bit sum of every byte from STX to CR.
 *
 * Dummy zeros (codes 0 and 1) are digits the display always shows as 0: the field carries them
 * (the manual writes the six field digits as XXXX00; the IND245 copies every display digit into
 * the field), so they are not multiplied in again: `123400` with code 0 is 123,400.
 */
import type { ScaleWeightUnit } from '@dispatch/domain/plants/scale';
import { decimalWeight, largeUnits } from './decimal-weight';
import { printableBytes } from './frame-text';

export type ToledoFrame = {
  /** The displayed weight, signed, decimals applied: the net weight when `net`, else gross. */
  weight: number;
  tare: number;
  /** The weight on the deck: the displayed weight, plus the tare when the display shows net. */
  gross: number;
  net: boolean;
  negative: boolean;
  /** Out of range while positive: over capacity. */
  overRange: boolean;
  /** Out of range while negative: below the indicator's zero range. */
  underZero: boolean;
  motion: boolean;
  /** B bit 6: powered up and not yet zeroed, so no weight may be taken. */
  notZeroed: boolean;
  /** Tonnes are read as kilograms and short tons as pounds. */
  unit: ScaleWeightUnit;
  /** The display's count-by (20 for x2 with a dummy zero); null when A gives no increment. */
  division: number | null;
  /** Status word C as sent (parity bit removed): print request, expanded display and the like. */
  statusC: number;
  /** The frame's bytes, checksum included, as `printableBytes` writes them. */
  raw: string;
};

/** `auto` finds out from the stream whether a checksum follows each CR. */
export type ToledoChecksum = boolean | 'auto';

export type ToledoParser = {
  /** The frames completed by these bytes; a frame split across chunks is joined. */
  push(chunk: Buffer): ToledoFrame[];
};

const stx = 0x02;
const cr = 0x0d;
const sevenBits = 0x7f;
/** STX, A, B, C, six weight digits, six tare digits, CR. */
const frameLength = 17;
/** Frames in a row that must agree before `auto` settles on checksums being sent or not. */
const votesToDecide = 3;

type Step = 'more' | 'skip' | { frame: ToledoFrame | null; length: number };

export function createToledoParser(options: { checksum: ToledoChecksum }): ToledoParser {
  let pending: Buffer = Buffer.alloc(0);
  let checksum = options.checksum;
  let vote: { present: boolean; count: number } = { present: false, count: 0 };

  const voteFor = (present: boolean) => {
    vote = { present, count: vote.present === present ? vote.count + 1 : 1 };
    if (vote.count >= votesToDecide) checksum = present;
  };

  // Bytes from `at` are a frame, a frame in the making, or not a frame at all. Nothing but STX is
  // 0x02 inside a frame (status words have bit 5 set, digits are ASCII), so an STX within the
  // first 17 bytes means this frame was cut short and the new one is read instead.
  const step = (bytes: Buffer, at: number): Step => {
    const available = bytes.length - at;
    for (let i = 1; i < Math.min(available, frameLength); i += 1) {
      if ((bytes[at + i]! & sevenBits) === stx) return 'skip';
    }
    if (available < frameLength) return 'more';
    if ((bytes[at + frameLength - 1]! & sevenBits) !== cr) return 'skip';
    const fields = decodeFields(bytes, at);
    if (fields === null) return 'skip';
    const take = (length: number) => ({
      frame: { ...fields, raw: printableBytes(bytes.subarray(at, at + length)) },
      length,
    });
    if (checksum === false) return take(frameLength);
    if (available < frameLength + 1) return 'more';
    const next = bytes[at + frameLength]!;
    const good = checksumFits(bytes, at, next);
    if (checksum === true) return good ? take(frameLength + 1) : 'skip';
    // Undecided: without checksums the next byte is the next frame's STX. A checksum that happens
    // to be 0x02 is read as such an STX: the frame it starts is cut short at once, nothing lost.
    if ((next & sevenBits) === stx) {
      if (!good) voteFor(false);
      return take(frameLength);
    }
    voteFor(good);
    // A byte after CR that is neither STX nor a fitting checksum: a corrupt frame, or junk after
    // one; either way the frame is not to be trusted.
    return good ? take(frameLength + 1) : { frame: null, length: frameLength };
  };

  return {
    push(chunk) {
      const bytes = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
      const frames: ToledoFrame[] = [];
      let at = 0;
      while (at < bytes.length) {
        const start = nextStx(bytes, at);
        if (start < 0) {
          at = bytes.length;
          break;
        }
        const result = step(bytes, start);
        if (result === 'more') {
          at = start;
          break;
        }
        if (result === 'skip') {
          at = start + 1;
          continue;
        }
        if (result.frame) frames.push(result.frame);
        at = start + result.length;
      }
      // At most one frame's worth is ever kept (less than 18 bytes): copied, so the chunk it came
      // from is not held.
      pending = Buffer.from(bytes.subarray(at));
      return frames;
    },
  };
}

function nextStx(bytes: Buffer, from: number): number {
  for (let i = from; i < bytes.length; i += 1) {
    if ((bytes[i]! & sevenBits) === stx) return i;
  }
  return -1;
}

function checksumFits(bytes: Buffer, at: number, checksum: number): boolean {
  let sum = checksum;
  for (let i = at; i < at + frameLength; i += 1) sum += bytes[i]!;
  return (sum & sevenBits) === 0;
}

/** A six-digit field: digits, right-aligned, leading zeros sent as zeros or spaces. */
function fieldDigits(bytes: Buffer, at: number, blankIsZero: boolean): number | null {
  let text = '';
  for (let i = at; i < at + 6; i += 1) text += String.fromCharCode(bytes[i]! & sevenBits);
  if (!/^ *[0-9]*$/.test(text)) return null;
  const digits = text.trim();
  if (digits === '') return blankIsZero ? 0 : null;
  return Number(digits);
}

const increments = [null, 1, 2, 5] as const;

function decodeFields(bytes: Buffer, at: number): Omit<ToledoFrame, 'raw'> | null {
  const a = bytes[at + 1]! & sevenBits;
  const b = bytes[at + 2]! & sevenBits;
  const c = bytes[at + 3]! & sevenBits;
  const shownDigits = fieldDigits(bytes, at + 4, false);
  const tareDigits = fieldDigits(bytes, at + 10, true);
  if (shownDigits === null || tareDigits === null) return null;
  const unit = unitOf(b, c);
  if (unit === null) return null;

  const code = a & 0x07;
  const decimals = code >= 3 ? code - 2 : 0;
  const dummyZeros = code === 0 ? 2 : code === 1 ? 1 : 0;
  const increment = increments[(a >> 3) & 0x03]!;
  const net = (b & 0x01) !== 0;
  const negative = (b & 0x02) !== 0;
  const outOfRange = (b & 0x04) !== 0;
  const shown = negative ? -shownDigits : shownDigits;
  const weight = (digits: number) => decimalWeight(digits * unit.factor, -decimals);
  return {
    weight: weight(shown),
    tare: weight(tareDigits),
    gross: weight(net ? shown + tareDigits : shown),
    net,
    negative,
    overRange: outOfRange && !negative,
    underZero: outOfRange && negative,
    motion: (b & 0x08) !== 0,
    notZeroed: (b & 0x40) !== 0,
    unit: unit.unit,
    division:
      increment === null ? null : decimalWeight(increment * unit.factor, dummyZeros - decimals),
    statusC: c,
  };
}

/** Null for a unit no ticket weighs in (grams, ounces, newtons, or a code no manual gives). */
function unitOf(b: number, c: number): { unit: ScaleWeightUnit; factor: number } | null {
  switch (c & 0x07) {
    case 0:
      return { unit: (b & 0x10) !== 0 ? 'kg' : 'lb', factor: 1 };
    case 2:
      return largeUnits.t;
    case 6:
      return largeUnits.ton;
    default:
      return null;
  }
}

/** What an indicator shows, for `encodeToledoFrame`. */
export type ToledoDisplay = {
  /** Signed; rounded to the division. */
  weight: number;
  tare?: number;
  /** 1, 2 or 5 times a power of ten from 0.00001 to 500. */
  division: number;
  unit: ScaleWeightUnit;
  net?: boolean;
  motion?: boolean;
  overRange?: boolean;
  notZeroed?: boolean;
};

/**
 * The frame an indicator sends for what it shows (the simulators speak it). A weight too large for
 * six digits is sent as 999999, out of range, as an indicator blanks its display.
 */
export function encodeToledoFrame(display: ToledoDisplay, options: { checksum: boolean }): Buffer {
  const { increment, exponent } = divisionParts(display.division);
  const decimals = Math.max(0, -exponent);
  const digitsOf = (weight: number) =>
    Math.round(
      Math.round(Math.abs(weight) / display.division) * increment * 10 ** (exponent + decimals),
    );
  const shown = digitsOf(display.weight);
  const tare = Math.min(digitsOf(display.tare ?? 0), 999_999);
  const tooLarge = shown > 999_999;
  const a = 0x20 | (increments.indexOf(increment) << 3) | (2 - exponent);
  const b =
    0x20 |
    (display.net ? 0x01 : 0) |
    (display.weight < 0 && shown > 0 ? 0x02 : 0) |
    (display.overRange || tooLarge ? 0x04 : 0) |
    (display.motion ? 0x08 : 0) |
    (display.unit === 'kg' ? 0x10 : 0) |
    (display.notZeroed ? 0x40 : 0);
  const field = (digits: number) => String(digits).padStart(6, ' ');
  const text = `${field(Math.min(shown, 999_999))}${field(tare)}`;
  const frame = Buffer.from([stx, a, b, 0x20, ...Buffer.from(text, 'latin1'), cr]);
  if (!options.checksum) return frame;
  let sum = 0;
  for (const byte of frame) sum += byte;
  return Buffer.concat([frame, Buffer.from([-sum & sevenBits])]);
}

function divisionParts(division: number): { increment: 1 | 2 | 5; exponent: number } {
  for (let exponent = 2; exponent >= -5; exponent -= 1) {
    for (const increment of [1, 2, 5] as const) {
      if (Math.abs(decimalWeight(increment, exponent) - division) < 1e-9) {
        return { increment, exponent };
      }
    }
  }
  throw new Error(`a Toledo indicator cannot count by ${division}`);
}
