/**
 * R-ETICKET-2: a signature is drawn into every PDF of its ticket, and the PDF library decodes a
 * PNG with transparency pixel by pixel: a file that only starts like a PNG would make every later
 * print of the ticket fail. So the server reads the file through before storing it: its chunks,
 * its header and its compressed pixels, which must inflate to the rows the header promises.
 */
import { inflateSync } from 'node:zlib';

/** Larger than any signature pad; a bound on what the pixels may inflate to. */
const maxSide = 4000;

/** Channels per pixel by PNG colour type (greyscale, RGB, palette, grey+alpha, RGBA). */
const channelsOf: Readonly<Record<number, number>> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

/** Why the PNG bytes cannot be drawn, or null when they can. */
export function pngProblem(bytes: Buffer): string | null {
  const chunks: { type: string; data: Buffer }[] = [];
  let at = 8;
  while (at + 12 <= bytes.length) {
    const length = bytes.readUInt32BE(at);
    const type = bytes.toString('latin1', at + 4, at + 8);
    if (at + 12 + length > bytes.length) return 'is a cut-off PNG file';
    chunks.push({ type, data: bytes.subarray(at + 8, at + 8 + length) });
    at += 12 + length;
    if (type === 'IEND') break;
  }
  const header = chunks[0];
  if (header?.type !== 'IHDR' || header.data.length !== 13) return 'has no PNG header';
  if (chunks.at(-1)?.type !== 'IEND') return 'is a cut-off PNG file';
  const width = header.data.readUInt32BE(0);
  const height = header.data.readUInt32BE(4);
  const bitDepth = header.data[8]!;
  const channels = channelsOf[header.data[9]!];
  const interlaced = header.data[12] === 1;
  if (width < 1 || height < 1 || width > maxSide || height > maxSide) {
    return `must be between 1 and ${maxSide} pixels on each side`;
  }
  if (channels === undefined || ![1, 2, 4, 8, 16].includes(bitDepth)) {
    return 'has a PNG colour format that cannot be drawn';
  }
  const data = Buffer.concat(chunks.filter((chunk) => chunk.type === 'IDAT').map((c) => c.data));
  const rowBytes = 1 + Math.ceil((width * channels * bitDepth) / 8);
  // Adam7's passes add a filter byte per row of each pass: never more than twice the rows.
  const expected = rowBytes * height;
  let pixels: Buffer;
  try {
    pixels = inflateSync(data, { maxOutputLength: expected * 2 + 64 });
  } catch {
    return 'has PNG pixel data that cannot be read';
  }
  if (interlaced ? pixels.length === 0 : pixels.length !== expected) {
    return 'has PNG pixel data that does not match its size';
  }
  return null;
}

/** The bytes of a base64 data URL (the schema has checked its prefix and alphabet). */
export function dataUrlBytes(dataUrl: string): Buffer {
  return Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
}
