import { describe, expect, it } from 'vitest';
import { bytesFromPrintable, printableBytes } from './frame-text';

describe('frames as text', () => {
  it('names control bytes, writes other unprintable bytes and < in hex, the rest as is', () => {
    const bytes = Buffer.from([0x02, 0x31, 0x20, 0x3c, 0x3e, 0x0d, 0x7f, 0x8d, 0x00, 0xff]);
    expect(printableBytes(bytes)).toBe('<STX>1 <3c>><CR><DEL><8d><NUL><ff>');
  });

  it('reads back into exactly the bytes it was written from, for every byte', () => {
    const every = Buffer.from(Array.from({ length: 256 }, (_, byte) => byte));
    expect(bytesFromPrintable(printableBytes(every))).toEqual(every);
  });

  it('refuses text it could not have written', () => {
    expect(() => bytesFromPrintable('<BOGUS>')).toThrow(/unknown byte name/);
    expect(() => bytesFromPrintable('<STX')).toThrow(/unknown byte name/);
    expect(() => bytesFromPrintable('a\nb')).toThrow(/not printable/);
  });
});
