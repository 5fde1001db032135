/**
 * The signed e-ticket (issue 26 item 3, ASTM C94 section 14): what the receiver signed for at the
 * job, sent from the driver's phone as `POST /api/v1/tickets/{id}/delivery` (R-ETICKET-1..8). The
 * images travel as data URLs and are checked here, before any of them reaches the database: the
 * prefix, the base64 alphabet, the format's magic bytes and a size cap (R-ETICKET-2). The water
 * rule (R-ETICKET-3) is a pure function the server applies against the ticket's allowed maximum.
 */
import { z } from 'zod';
import { amountSchema, flag, int4Max, text, textLength } from '../api/fields';
import type { FieldProblem } from '../api/field-problem';

/** US gallons in a litre's terms: 1 gal = 3.785411784 L exactly (NIST Handbook 44). */
export const litresPerGallon = 3.785411784;

export const waterUnits = ['gal', 'L'] as const;
export type WaterUnit = (typeof waterUnits)[number];

/** A drawn signature is a few kilobytes; the cap only stops a photo sent as a signature. */
export const signatureMaxBytes = 300 * 1024;
/** A phone photo of the pour, recompressed by the client; larger ones are refused, not cut. */
export const photoMaxBytes = 2 * 1024 * 1024;
/** The phone's clock may run a little ahead of the server's; a signature from later is not. */
export const signedAtFutureToleranceMs = 5 * 60_000;

const base64Alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const base64Pattern = /^[A-Za-z0-9+/]*={0,2}$/;

/** The first bytes of base64 text (a multiple of 4 characters is expected from the caller). */
function leadingBytes(base64: string, count: number): number[] {
  const bytes: number[] = [];
  for (let at = 0; at + 4 <= base64.length && bytes.length < count; at += 4) {
    const quad = [...base64.slice(at, at + 4)].map((char) => base64Alphabet.indexOf(char));
    const [a = 0, b = 0, c = -1, d = -1] = quad;
    bytes.push(((a << 2) | (b >> 4)) & 0xff);
    if (c >= 0) bytes.push((((b & 0x0f) << 4) | (c >> 2)) & 0xff);
    if (d >= 0) bytes.push((((c & 0x03) << 6) | d) & 0xff);
  }
  return bytes.slice(0, count);
}

/** How many bytes base64 text decodes to. */
export function base64ByteLength(base64: string): number {
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
  return (base64.length / 4) * 3 - padding;
}

type ImageKind = {
  readonly prefix: string;
  readonly name: string;
  readonly magic: readonly number[];
  readonly maxBytes: number;
};

const png: ImageKind = {
  prefix: 'data:image/png;base64,',
  name: 'PNG',
  magic: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  maxBytes: signatureMaxBytes,
};
const jpeg: ImageKind = {
  prefix: 'data:image/jpeg;base64,',
  name: 'JPEG',
  magic: [0xff, 0xd8, 0xff],
  maxBytes: photoMaxBytes,
};

const kibibytes = (bytes: number) => `${Math.round(bytes / 1024)} KB`;

/** Why a data URL is not an image of the kind, or null when it is. */
export function imageDataUrlProblem(value: string, kind: ImageKind): string | null {
  if (!value.startsWith(kind.prefix)) return `must be a ${kind.name} data URL (${kind.prefix}…)`;
  const payload = value.slice(kind.prefix.length);
  if (payload.length === 0 || payload.length % 4 !== 0 || !base64Pattern.test(payload)) {
    return `must be ${kind.name} data in base64`;
  }
  if (base64ByteLength(payload) > kind.maxBytes) {
    return `must be at most ${kibibytes(kind.maxBytes)}`;
  }
  const head = leadingBytes(payload, kind.magic.length);
  if (kind.magic.some((byte, index) => head[index] !== byte)) {
    return `is not ${kind.name} image data`;
  }
  return null;
}

/**
 * A data URL checked as a string first: the base64 text of the largest allowed image (and its
 * prefix), so a body of megabytes of junk is refused before the image checks read it.
 */
function imageDataUrl(kind: ImageKind) {
  return z
    .string({ error: `must be a ${kind.name} data URL` })
    .max(kind.prefix.length + Math.ceil(kind.maxBytes / 3) * 4 + 4, {
      error: `must be at most ${kibibytes(kind.maxBytes)}`,
    })
    .superRefine((value, context) => {
      const problem = imageDataUrlProblem(value, kind);
      if (problem) context.addIssue({ code: 'custom', message: problem });
    });
}

export const signaturePngSchema = imageDataUrl(png);
export const photoJpegSchema = imageDataUrl(jpeg);

/** numeric(12,3) as the delivery's columns hold it; never negative (ASTM C94 quantities). */
const deliveryQuantity = amountSchema
  .min(0, { error: 'must not be negative' })
  .lt(1e9, { error: 'must be less than 1,000,000,000' });

/** An instant with its zone: a signature's time is a moment, whatever zone the phone is in. */
const instant = z.iso.datetime({ offset: true, error: 'must be a date and time with its zone' });

/**
 * R-ETICKET-1: the body of `POST /api/v1/tickets/{id}/delivery`. `version` is the ticket's, as
 * the phone read it (R-ETICKET-5).
 */
export const ticketDeliverySchema = z.object({
  deliveredQuantity: deliveryQuantity,
  waterAdded: deliveryQuantity,
  waterUnit: z.enum(waterUnits, { error: "must be 'gal' or 'L'" }),
  waterOverMaximumSigned: flag(false),
  comments: text(textLength.notes).trim().default(''),
  receiverName: text(textLength.name)
    .trim()
    .min(1, { error: 'is required: who received the load' }),
  signaturePng: signaturePngSchema,
  photoJpeg: photoJpegSchema.nullable().optional(),
  signedAt: instant,
  version: z.int().min(1).max(int4Max),
});
export type TicketDelivery = z.infer<typeof ticketDeliverySchema>;
export type TicketDeliveryInput = z.input<typeof ticketDeliverySchema>;

/** R-ETICKET-6: the delivery as stored and answered, with the ticket's version after it. */
export const ticketDeliveryViewSchema = z.object({
  ticketId: z.int(),
  deliveredQuantity: z.number(),
  waterAdded: z.number(),
  waterUnit: z.enum(waterUnits),
  /** The water in US gallons, as the ticket's own water added holds it. */
  waterAddedGallons: z.number(),
  waterOverMaximumSigned: z.boolean(),
  comments: z.string(),
  receiverName: z.string(),
  signaturePng: z.string(),
  photoJpeg: z.string().nullable(),
  signedAt: z.iso.datetime({ offset: true }),
  recordedAt: z.iso.datetime({ offset: true }),
  recordedBy: z.string().nullable(),
  /** The ticket's version after the delivery: what the next write to the ticket sends. */
  ticketVersion: z.int(),
});
export type TicketDeliveryView = z.infer<typeof ticketDeliveryViewSchema>;

/** The water in US gallons, to the thousandth the ticket's column keeps. */
export function waterInGallons(amount: number, unit: WaterUnit): number {
  const gallons = unit === 'gal' ? amount : amount / litresPerGallon;
  return Math.round(gallons * 1000) / 1000;
}

/**
 * R-ETICKET-3: water added on site above the ticket's allowed maximum weakens the concrete (ASTM
 * C94 section 12.7) and is only taken when the receiver signed for it. A ticket with no maximum
 * set limits nothing. Compared in gallons at the column's precision, so 56.78 L against 15 gal
 * (14.9995 gal) is within it.
 */
export function waterOverMaximumProblem(
  delivery: Pick<TicketDelivery, 'waterAdded' | 'waterUnit' | 'waterOverMaximumSigned'>,
  maxAllowableWaterGallons: number | null,
): FieldProblem | null {
  if (maxAllowableWaterGallons === null || delivery.waterOverMaximumSigned) return null;
  const gallons = waterInGallons(delivery.waterAdded, delivery.waterUnit);
  if (gallons <= maxAllowableWaterGallons) return null;
  const allowed =
    delivery.waterUnit === 'gal'
      ? `${maxAllowableWaterGallons} gal`
      : `${Math.round(maxAllowableWaterGallons * litresPerGallon * 100) / 100} L (${maxAllowableWaterGallons} gal)`;
  return {
    field: 'waterAdded',
    reason: `is more than the ${allowed} this ticket allows; the receiver must sign for the extra water (waterOverMaximumSigned)`,
  };
}

/** R-ETICKET-4: a signature from more than five minutes after now (the server's clock). */
export function signedAtProblem(signedAt: string, now: Date): FieldProblem | null {
  const at = Date.parse(signedAt);
  if (Number.isNaN(at)) return { field: 'signedAt', reason: 'must be a date and time' };
  if (at - now.getTime() > signedAtFutureToleranceMs) {
    return { field: 'signedAt', reason: 'must not be more than 5 minutes in the future' };
  }
  return null;
}

/** Every rule of a delivery that needs the ticket or the clock, as the 400 names them. */
export function deliveryProblems(
  delivery: TicketDelivery,
  context: { maxAllowableWaterGallons: number | null; now: Date },
): FieldProblem[] {
  return [
    waterOverMaximumProblem(delivery, context.maxAllowableWaterGallons),
    signedAtProblem(delivery.signedAt, context.now),
  ].filter((problem): problem is FieldProblem => problem !== null);
}
