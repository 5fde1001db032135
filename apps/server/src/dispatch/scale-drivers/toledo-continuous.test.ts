/**
 * The Toledo continuous stream, byte by byte: each example is the bytes an indicator sends,
 * written out (STX is \x02, CR \r), with status words as the characters their bits make.
 */
import { describe, expect, it } from 'vitest';
import { bytesFromPrintable } from './frame-text';
import {
  createToledoParser,
  encodeToledoFrame,
  type ToledoChecksum,
  type ToledoFrame,
} from './toledo-continuous';

const bytes = (text: string) => Buffer.from(text, 'latin1');
/** A = 0x2c: decimal code 4 (XXXX.XX), increment x1. B = C = 0x20: gross, positive, lb. */
const centFrame = '\x02,  012345000000\r';
/** Its checksum: the 7-bit sum of those bytes is 74 (0x4a); 128 - 74 = 54, the character '6'. */
const centChecksum = '6';

function parse(stream: string | Buffer, checksum: ToledoChecksum = false): ToledoFrame[] {
  return createToledoParser({ checksum }).push(typeof stream === 'string' ? bytes(stream) : stream);
}

describe('Toledo continuous frames', () => {
  it('reads the weight with the decimal point that status word A places', () => {
    const [frame, ...more] = parse(centFrame);
    expect(more).toEqual([]);
    expect(frame).toEqual({
      weight: 123.45,
      tare: 0,
      gross: 123.45,
      net: false,
      negative: false,
      overRange: false,
      underZero: false,
      motion: false,
      notZeroed: false,
      unit: 'lb',
      division: 0.01,
      statusC: 0x20,
      raw: '<STX>,  012345000000<CR>',
    });
  });

  it('reads every decimal code, the dummy zeros being digits the field already carries', () => {
    // A = 0x20 | increment << 3 | code; the field is the same six digits each time.
    const weights = [0, 1, 2, 3, 4, 5, 6, 7].map(
      (code) => parse(`\x02${String.fromCharCode(0x28 | code)}  123400000000\r`)[0]!,
    );
    expect(weights.map((frame) => frame.weight)).toEqual([
      123400, 123400, 123400, 12340, 1234, 123.4, 12.34, 1.234,
    ]);
    expect(weights.map((frame) => frame.division)).toEqual([
      100, 10, 1, 0.1, 0.01, 0.001, 0.0001, 0.00001,
    ]);
  });

  it('reads the increment: x2 with one dummy zero counts by 20, x5 by 50', () => {
    // A = '1' (0x31): increment x2, code 1 (XXXXX0); A = '9' (0x39): x5, code 1.
    expect(parse('\x021  045620000000\r')[0]).toMatchObject({ weight: 45620, division: 20 });
    expect(parse('\x029  045650000000\r')[0]).toMatchObject({ weight: 45650, division: 50 });
    // Increment bits 00: the indicator does not say.
    expect(parse('\x02"  045620000000\r')[0]).toMatchObject({ weight: 45620, division: null });
  });

  it('reads each bit of status word B', () => {
    const withB = (b: string, weight = '045620', tare = '026000') =>
      parse(`\x021${b} ${weight}${tare}\r`)[0]!;
    // bit 0 net: the gross is the displayed net plus the tare.
    expect(withB('!')).toMatchObject({ net: true, weight: 45620, tare: 26000, gross: 71620 });
    expect(withB(' ')).toMatchObject({ net: false, weight: 45620, gross: 45620 });
    // bit 1 negative.
    expect(withB('"', '000040', '000000')).toMatchObject({ negative: true, weight: -40 });
    // bit 0 and 1: a negative net weight, 40 lb under the tare.
    expect(withB('#', '000040')).toMatchObject({ weight: -40, gross: 25960 });
    // bit 2 out of range: over capacity while positive, under zero while negative.
    expect(withB('$')).toMatchObject({ overRange: true, underZero: false });
    expect(withB('&', '000040')).toMatchObject({ overRange: false, underZero: true });
    // bit 3 motion.
    expect(withB('(')).toMatchObject({ motion: true });
    // bit 4 kg.
    expect(withB('0')).toMatchObject({ unit: 'kg' });
    expect(withB(' ')).toMatchObject({ unit: 'lb', motion: false, notZeroed: false });
    // bit 6 powered up and not zeroed.
    expect(withB('`')).toMatchObject({ notZeroed: true });
  });

  it('reads tonnes and short tons from status word C as kilograms and pounds', () => {
    // A = 0x2d: code 5 (XXX.XXX), x1. C = '"' (0x22): t; C = '&' (0x26): ton.
    expect(parse('\x02-0"012345000000\r')[0]).toMatchObject({ weight: 12345, unit: 'kg' });
    expect(parse('\x02- &012345000000\r')[0]).toMatchObject({ weight: 24690, unit: 'lb' });
    // C = '!' (0x21): grams, no unit a truck is weighed in.
    expect(parse('\x02- !012345000000\r')).toEqual([]);
  });

  it('reads fields whose leading zeros are sent as spaces, and a blank tare as none', () => {
    expect(parse('\x021   45620      \r')[0]).toMatchObject({ weight: 45620, tare: 0 });
    expect(parse('\x021       0     0\r')[0]).toMatchObject({ weight: 0, tare: 0 });
  });

  it('ignores the parity bit of a 7-bit line read as 8 bits, and keeps it in the raw frame', () => {
    // 7 data bits, even parity: STX (one bit set) arrives as 0x82, '1' (0x31) as 0xb1, CR as 0x8d.
    const frame = Buffer.from([0x82, 0xb1, 0xa0, 0xa0, ...bytes('045620000000'), 0x8d]);
    const [read] = parse(frame);
    expect(read).toMatchObject({ weight: 45620, division: 20, unit: 'lb' });
    expect(read!.raw).toBe('<82><b1><a0><a0>045620000000<8d>');
    expect(bytesFromPrintable(read!.raw)).toEqual(frame);
  });

  it('keeps the raw frame, checksum included, so it reads back into the same bytes', () => {
    const [frame] = parse(centFrame + centChecksum, true);
    expect(frame!.raw).toBe('<STX>,  012345000000<CR>6');
    expect(bytesFromPrintable(frame!.raw)).toEqual(bytes(centFrame + centChecksum));
  });
});

describe('Toledo checksums', () => {
  it('takes a frame whose checksum fits and drops one whose checksum does not', () => {
    expect(parse(centFrame + centChecksum, true)).toHaveLength(1);
    expect(parse(centFrame + '7', true)).toEqual([]);
  });

  it('drops a frame whose digit was garbled on the line, and reads the next', () => {
    const garbled = '\x02,  012375000000\r' + centChecksum;
    const frames = parse(garbled + centFrame + centChecksum, true);
    expect(frames.map((frame) => frame.weight)).toEqual([123.45]);
  });

  it('checks the checksum of the frame the simulator makes', () => {
    const frame = encodeToledoFrame(
      { weight: 45_620, division: 20, unit: 'lb', motion: true },
      { checksum: true },
    );
    expect(frame).toHaveLength(18);
    expect(parse(frame, true)[0]).toMatchObject({ weight: 45620, motion: true, division: 20 });
    frame[frame.length - 1] = (frame[frame.length - 1]! + 1) & 0x7f;
    expect(parse(frame, true)).toEqual([]);
  });

  it('finds out by itself that checksums are sent, then drops frames whose checksum is wrong', () => {
    const parser = createToledoParser({ checksum: 'auto' });
    const good = centFrame + centChecksum;
    expect(parser.push(bytes(good.repeat(3)))).toHaveLength(3);
    // Decided: a frame with a wrong checksum is not read; the good one after it is.
    expect(parser.push(bytes(centFrame + '7' + good))).toHaveLength(1);
  });

  it('finds out by itself that no checksum is sent, then reads each frame at its CR', () => {
    const parser = createToledoParser({ checksum: 'auto' });
    // Undecided, a frame waits for the byte after its CR (here the next frame's STX).
    expect(parser.push(bytes(centFrame))).toEqual([]);
    // The third vote decides: the fourth frame is read at its CR.
    expect(parser.push(bytes(centFrame.repeat(3)))).toHaveLength(4);
    // Decided: the frame is read as soon as its CR comes.
    expect(parser.push(bytes(centFrame))).toHaveLength(1);
  });

  it('reads frames without checksum when told none comes, skipping a checksum that does', () => {
    const frames = parse((centFrame + centChecksum).repeat(2), false);
    expect(frames.map((frame) => frame.raw)).toEqual([
      '<STX>,  012345000000<CR>',
      '<STX>,  012345000000<CR>',
    ]);
  });
});

describe('the Toledo stream', () => {
  const stream = ['\x021  045620026000\r', '\x021( 045640026000\r', '\x021! 019640026000\r'].join(
    '',
  );

  it('joins frames split across chunks, down to one byte at a time', () => {
    const parser = createToledoParser({ checksum: false });
    const frames = [...bytes(stream)].flatMap((byte) => parser.push(Buffer.from([byte])));
    expect(frames.map((frame) => [frame.weight, frame.motion, frame.gross])).toEqual([
      [45620, false, 45620],
      [45640, true, 45640],
      [19640, false, 45640],
    ]);
  });

  it('skips junk between frames, a frame cut short by the next STX and a non-digit field', () => {
    const frames = parse(
      [
        'junk\r\n\xff\x00',
        '\x021  0456', // cut short: the line dropped out mid-frame
        '\x021  045620026000\r',
        '\x021  04X620026000\r', // a digit that is not one
        '\x021  045620026000', // no CR where it belongs
        '\x021  045640026000\r',
        '\x021  -45620026000\r', // a sign where only digits go
      ].join(''),
    );
    expect(frames.map((frame) => frame.weight)).toEqual([45620, 45640]);
  });

  it('still reads the next frame after a long run of bytes that are no frame', () => {
    const parser = createToledoParser({ checksum: false });
    for (let i = 0; i < 100; i += 1) expect(parser.push(Buffer.alloc(10_000, 0x02))).toEqual([]);
    expect(parser.push(Buffer.alloc(100_000, 0x41))).toEqual([]);
    expect(parser.push(bytes(centFrame))).toHaveLength(1);
  });
});
