/**
 * R-BOARD-2: the board's answer gzipped in two parts, so a truck moving does not gzip the orders
 * again. The kept part (the orders, most of the bytes) is deflated once, ending in a full flush:
 * the stream is byte-aligned there and nothing after it refers back into it, so the fresh part
 * (the plants) deflated on its own follows it as the rest of one valid deflate stream (as pigz
 * joins its blocks). The gzip trailer's CRC-32 continues from the kept part's.
 */
import { promisify } from 'node:util';
import { constants, crc32, deflateRaw } from 'node:zlib';

const deflateRawAsync = promisify(deflateRaw);
/**
 * The kept part is deflated once per change of the orders, off the event loop, and sent to every
 * screen: the default level makes it a quarter smaller than level 1 (180 KB against 240 KB for a
 * busy 4 hours) for 17 ms instead of 11. The fresh part, made on every truck move, is small and
 * takes level 1 as cached-json.ts does.
 */
const headLevel = 6;
const tailLevel = 1;
const header = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xff]);

export type GzipHead = {
  /** The leading text, deflated up to a full flush (not finished). */
  deflated: Buffer;
  crc: number;
  bytes: number;
};

/** Deflates the leading part of an answer once, for any number of tails. */
export async function gzipHead(text: string): Promise<GzipHead> {
  const buffer = Buffer.from(text);
  return {
    deflated: await deflateRawAsync(buffer, {
      level: headLevel,
      finishFlush: constants.Z_FULL_FLUSH,
    }),
    crc: crc32(buffer),
    bytes: buffer.length,
  };
}

/** The gzip of the head's text followed by `tail`. */
export async function gzipWithTail(head: GzipHead, tail: string): Promise<Buffer> {
  const buffer = Buffer.from(tail);
  const deflated = await deflateRawAsync(buffer, { level: tailLevel });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc32(buffer, head.crc) >>> 0, 0);
  trailer.writeUInt32LE((head.bytes + buffer.length) % 2 ** 32, 4);
  return Buffer.concat([header, head.deflated, deflated, trailer]);
}
