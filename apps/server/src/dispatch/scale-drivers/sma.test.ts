/**
 * SMA level-1 answers as an indicator sends them: <LF>, status, range, mode, motion, a reserved
 * character, a 10-character weight, a 3-character unit, <CR>.
 */
import { describe, expect, it } from 'vitest';
import { bytesFromPrintable } from './frame-text';
import { createSmaParser, encodeSmaAnswer, smaRequest, type SmaFrame } from './sma';

const bytes = (text: string) => Buffer.from(text, 'latin1');
/**
 * An answer's text: `head` is s r n m f, the weight is right-aligned in its 10 characters (or as
 * given when longer), the unit is 3 characters.
 */
const answer = (head: string, weight: string, unit = 'lb ') => {
  if (head.length !== 5 || unit.length !== 3) throw new Error('not an SMA answer');
  return `\n${head}${weight.padStart(10, ' ')}${unit}\r`;
};
const parse = (stream: string): SmaFrame[] => createSmaParser().push(bytes(stream));
const one = (stream: string): SmaFrame => {
  const frames = parse(stream);
  expect(frames).toHaveLength(1);
  return frames[0]!;
};

describe('SMA requests', () => {
  it('asks for the displayed weight with <LF>W<CR>', () => {
    expect([...smaRequest()]).toEqual([0x0a, 0x57, 0x0d]);
    expect(smaRequest('M').toString('latin1')).toBe('\nM\r');
  });
});

describe('SMA answers', () => {
  it('reads a stable gross weight with its unit and the raw answer', () => {
    expect(answer(' 1G  ', '45620')).toBe('\n 1G       45620lb \r');
    expect(one(answer(' 1G  ', '45620'))).toEqual({
      weight: 45620,
      unit: 'lb',
      net: false,
      tare: false,
      negative: false,
      overRange: false,
      underZero: false,
      centreOfZero: false,
      motion: false,
      error: null,
      range: 1,
      raw: '<LF> 1G       45620lb <CR>',
    });
  });

  it('reads decimals as sent, and the examples of the manuals', () => {
    expect(one(answer(' 1G  ', '5.025')).weight).toBe(5.025);
    expect(one(answer(' 1N  ', '100000'))).toMatchObject({ weight: 100000, net: true });
    expect(one(answer(' 1g  ', '5.0025'))).toMatchObject({ weight: 5.0025, net: false });
    expect(one(answer('Z1G  ', '0.000'))).toMatchObject({ weight: 0, centreOfZero: true });
    expect(one(answer(' 1G  ', '7.650', 'kg '))).toMatchObject({ weight: 7.65, unit: 'kg' });
  });

  it('reads each status character', () => {
    const status = (s: string, weight = '45620') => one(answer(`${s}1G  `, weight));
    expect(status(' ')).toMatchObject({ overRange: false, underZero: false, error: null });
    expect(status('Z', '0')).toMatchObject({ centreOfZero: true, weight: 0 });
    expect(status('O', '100200')).toMatchObject({ overRange: true, weight: 100200 });
    expect(status('U', '-40')).toMatchObject({ underZero: true, negative: true, weight: -40 });
    expect(status('E', '----------')).toMatchObject({ error: 'zero', weight: null });
    expect(status('I', '----------')).toMatchObject({ error: 'initialZero', weight: null });
    expect(status('T', '----------')).toMatchObject({ error: 'tare', weight: null });
    expect(status('e', '')).toMatchObject({ error: 'notShown', weight: null });
    // A status no manual gives, and dashes without an error status.
    expect(parse(answer('X1G  ', '45620'))).toEqual([]);
    expect(parse(answer(' 1G  ', '----------'))).toEqual([]);
  });

  it('reads motion, the mode and the range', () => {
    expect(one(answer(' 1GM ', '45620')).motion).toBe(true);
    expect(one(answer(' 1G  ', '45620')).motion).toBe(false);
    expect(one(answer(' 1T  ', '26000'))).toMatchObject({ tare: true, net: false });
    expect(one(answer(' 1n  ', '19620'))).toMatchObject({ net: true });
    expect(one(answer(' 2G  ', '45620')).range).toBe(2);
    expect(parse(answer(' 1GX ', '45620'))).toEqual([]);
    expect(parse(answer(' 1Q  ', '45620'))).toEqual([]);
  });

  it('reads the units trucks are weighed in, and a blank unit as the scale’s', () => {
    expect(one(answer(' 1G  ', '20640', 'kg ')).unit).toBe('kg');
    expect(one(answer(' 1G  ', '20.640', 't  '))).toMatchObject({ weight: 20640, unit: 'kg' });
    expect(one(answer(' 1G  ', '22.810', 'ton'))).toMatchObject({ weight: 45620, unit: 'lb' });
    expect(one(answer(' 1G  ', '45620', '   '))).toMatchObject({ weight: 45620, unit: null });
    expect(parse(answer(' 1G  ', '45620', 'oz '))).toEqual([]);
  });

  it('reads the 11-character weight field of Cardinal indicators, and no longer one', () => {
    expect(one(answer(' 1G  ', '      45620')).weight).toBe(45620);
    expect(parse(answer(' 1G  ', '       45620'))).toEqual([]);
    expect(parse(answer(' 1G  ', '45620').replace('   45620', '  45620'))).toEqual([]);
  });

  it('keeps the parity bit of a 7-bit line out of the reading and in the raw answer', () => {
    // 7 data bits, even parity: '1' (0x31, three bits set) arrives as 0xb1, <CR> (0x0d) as 0x8d.
    const sent = bytes(answer(' 1G  ', '45620'));
    sent[2] = 0xb1;
    sent[sent.length - 1] = 0x8d;
    const [frame] = createSmaParser().push(sent);
    expect(frame).toMatchObject({ weight: 45620, range: 1 });
    expect(frame!.raw).toBe('<LF> <b1>G       45620lb <8d>');
    expect(bytesFromPrintable(frame!.raw)).toEqual(sent);
  });
});

describe('the SMA stream', () => {
  const answers = [answer(' 1GM ', '45600'), answer(' 1G  ', '45620'), answer('U1G  ', '-40')].join(
    '',
  );

  it('joins answers split across chunks, down to one byte at a time', () => {
    const parser = createSmaParser();
    const frames = [...bytes(answers)].flatMap((byte) => parser.push(Buffer.from([byte])));
    expect(frames.map((frame) => [frame.weight, frame.motion, frame.underZero])).toEqual([
      [45600, true, false],
      [45620, false, false],
      [-40, false, true],
    ]);
  });

  it('skips junk, the ? and ! answers, an answer cut short and a garbled weight', () => {
    const frames = parse(
      [
        'noise\x00\xff',
        '\n?\r', // an unknown command
        '\n!\r', // a request garbled on the way
        answer(' 1G  ', '45620').slice(0, 12), // cut short by the next answer
        answer(' 1G  ', '45620'),
        answer(' 1G  ', '4x620'),
        answer(' 1G  ', '45.6.2'),
        answer(' 1G  ', '4 5620'),
        answer(' 1G  ', '45640'),
      ].join(''),
    );
    expect(frames.map((frame) => frame.weight)).toEqual([45620, 45640]);
  });

  it('still reads the next answer after a long run of bytes that are no answer', () => {
    const parser = createSmaParser();
    expect(parser.push(Buffer.alloc(200_000, 0x41))).toEqual([]);
    expect(parser.push(Buffer.alloc(50_000, 0x0a))).toEqual([]);
    expect(parser.push(bytes(answer(' 1G  ', '45620')))).toHaveLength(1);
  });

  it('reads the answers the simulator makes', () => {
    const parser = createSmaParser();
    const push = (sent: Buffer) => parser.push(sent)[0];
    expect(push(encodeSmaAnswer({ weight: 45_620, division: 20, unit: 'lb' }))).toMatchObject({
      weight: 45620,
      unit: 'lb',
      motion: false,
    });
    expect(
      push(encodeSmaAnswer({ weight: 20.64, division: 0.01, unit: 'kg', motion: true })),
    ).toMatchObject({ weight: 20.64, unit: 'kg', motion: true });
    expect(push(encodeSmaAnswer({ weight: -40, division: 20, unit: 'lb' }))).toMatchObject({
      weight: -40,
      underZero: true,
    });
    expect(
      push(encodeSmaAnswer({ weight: 0, division: 20, unit: 'lb', error: 'zero' })),
    ).toMatchObject({ weight: null, error: 'zero' });
  });
});
