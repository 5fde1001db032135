/**
 * Test helper: a signature as a phone's signature pad sends it, a transparent RGBA PNG with a
 * cursive stroke drawn on it, made with zlib alone, as a data URL.
 */
import { crc32, deflateSync } from 'node:zlib';

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** PNG bytes of RGBA pixels (4 bytes a pixel, row after row). */
export function pngOf(width: number, height: number, rgba: Uint8Array): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bits per channel
  header[9] = 6; // RGBA
  const rows = Buffer.alloc((width * 4 + 1) * height);
  for (let y = 0; y < height; y += 1) {
    rows[y * (width * 4 + 1)] = 0; // no filter
    Buffer.from(rgba.buffer, rgba.byteOffset + y * width * 4, width * 4).copy(
      rows,
      y * (width * 4 + 1) + 1,
    );
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A point on a Catmull-Rom spline through four control points, at t from 0 to 1. */
function spline(p0: number, p1: number, p2: number, p3: number, t: number): number {
  return (
    0.5 *
    (2 * p1 +
      (p2 - p0) * t +
      (2 * p0 - 5 * p1 + 4 * p2 - p3) * t * t +
      (3 * p1 - p0 - 3 * p2 + p3) * t * t * t)
  );
}

/**
 * A handwritten-looking signature, 360 × 110 pixels, ink on a transparent background: two words of
 * strokes up and down a baseline (a tall capital opening each, a loop now and then), then a
 * flourish under them. Deterministic, so the screenshot made from it does not change.
 */
export function signaturePngDataUrl(): string {
  const width = 360;
  const height = 110;
  const pixels = new Uint8Array(width * height * 4);
  const dab = (cx: number, cy: number, radius: number) => {
    for (let y = Math.floor(cy - radius); y <= Math.ceil(cy + radius); y += 1) {
      for (let x = Math.floor(cx - radius); x <= Math.ceil(cx + radius); x += 1) {
        if (x < 0 || y < 0 || x >= width || y >= height) continue;
        const distance = Math.hypot(x - cx, y - cy);
        if (distance > radius) continue;
        const at = (y * width + x) * 4;
        const alpha = Math.round(255 * Math.min(1, radius - distance + 0.5));
        pixels.set([26, 42, 108, Math.max(pixels[at + 3]!, alpha)], at);
      }
    }
  };
  let seed = 7;
  const random = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  const stroke = (points: [number, number][], radius: number) => {
    for (let i = 0; i + 1 < points.length; i += 1) {
      const [p0, p1, p2, p3] = [
        points[Math.max(0, i - 1)]!,
        points[i]!,
        points[i + 1]!,
        points[Math.min(points.length - 1, i + 2)]!,
      ];
      for (let step = 0; step <= 40; step += 1) {
        const t = step / 40;
        dab(spline(p0[0], p1[0], p2[0], p3[0], t), spline(p0[1], p1[1], p2[1], p3[1], t), radius);
      }
    }
  };
  const word = (startX: number, letters: number): number => {
    const baseline = 72;
    // The capital: up high, back down, across to the first letter.
    const points: [number, number][] = [
      [startX, baseline],
      [startX + 6, 18],
      [startX + 2, baseline + 4],
      [startX + 16, 24],
      [startX + 4, 44],
    ];
    let x = startX + 18;
    for (let letter = 0; letter < letters; letter += 1) {
      const tall = random() < 0.25;
      const loop = random() < 0.3;
      points.push([x, baseline - (tall ? 46 : 22 + random() * 10)]);
      if (loop) points.push([x - 5, baseline - 12], [x + 3, baseline - 26]);
      x += 9 + random() * 8;
      points.push([x, baseline + (random() < 0.12 ? 18 : 0)]);
      x += 3 + random() * 4;
    }
    stroke(points, 1.5);
    return x;
  };
  const end = word(20, 2);
  const last = word(end + 18, 6);
  stroke(
    [
      [30, 94],
      [120, 88],
      [220, 90],
      [Math.min(last + 10, 340), 84],
    ],
    1.1,
  );
  return `data:image/png;base64,${pngOf(width, height, pixels).toString('base64')}`;
}
