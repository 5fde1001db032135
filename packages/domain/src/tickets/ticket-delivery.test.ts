import { describe, expect, it } from 'vitest';
import {
  base64ByteLength,
  deliveryProblems,
  litresPerGallon,
  photoJpegSchema,
  signedAtProblem,
  signaturePngSchema,
  ticketDeliverySchema,
  waterInGallons,
  waterOverMaximumProblem,
  type TicketDeliveryInput,
} from './ticket-delivery';

/** A real 1×1 PNG. */
const pngBase64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const signature = `data:image/png;base64,${pngBase64}`;
/** The start of a JFIF file: what the magic-byte check reads. */
const photo = 'data:image/jpeg;base64,/9j/4AAQSkZJRgABAQAAAQABAAD/2w==';

const body = (change: Partial<TicketDeliveryInput> = {}): TicketDeliveryInput => ({
  deliveredQuantity: 10,
  waterAdded: 5,
  waterUnit: 'gal',
  comments: 'Poured at the east footing',
  receiverName: 'Pat Foreman',
  signaturePng: signature,
  signedAt: '2026-03-10T14:05:00Z',
  version: 3,
  ...change,
});

const fieldsOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) =>
  (result.error?.issues ?? []).map((issue) => issue.path.join('.'));

/** R-ETICKET-1, R-ETICKET-2: the wire body. */
describe('ticketDeliverySchema', () => {
  it('takes a signed delivery, defaulting the over-maximum signature to false', () => {
    const parsed = ticketDeliverySchema.parse(body({ comments: '  ok  ' }));
    expect(parsed.waterOverMaximumSigned).toBe(false);
    expect(parsed.comments).toBe('ok');
    expect(parsed.photoJpeg).toBeUndefined();
    expect(ticketDeliverySchema.parse(body({ photoJpeg: photo })).photoJpeg).toBe(photo);
    expect(
      ticketDeliverySchema.parse(body({ signedAt: '2026-03-10T09:05:00-05:00' })),
    ).toBeTruthy();
  });

  it.each([
    ['deliveredQuantity', { deliveredQuantity: -1 }],
    ['waterAdded', { waterAdded: -0.5 }],
    ['waterAdded', { waterAdded: 1e9 }],
    ['waterUnit', { waterUnit: 'qt' as 'gal' }],
    ['receiverName', { receiverName: '   ' }],
    ['receiverName', { receiverName: 'x'.repeat(101) }],
    ['comments', { comments: 'x'.repeat(2001) }],
    ['signedAt', { signedAt: '2026-03-10 14:05' }],
    ['signedAt', { signedAt: '2026-03-10T14:05:00' }],
    ['version', { version: 0 }],
    ['signaturePng', { signaturePng: photo }],
    ['photoJpeg', { photoJpeg: signature }],
  ] as const)('refuses a bad %s', (field, change) => {
    expect(fieldsOf(ticketDeliverySchema.safeParse(body(change)))).toEqual([field]);
  });

  it('names every missing field at once', () => {
    expect(fieldsOf(ticketDeliverySchema.safeParse({})).sort()).toEqual(
      [
        'deliveredQuantity',
        'receiverName',
        'signaturePng',
        'signedAt',
        'version',
        'waterAdded',
        'waterUnit',
      ].sort(),
    );
  });
});

describe('image data URLs', () => {
  const reason = (schema: typeof signaturePngSchema, value: string) =>
    schema.safeParse(value).error?.issues[0]?.message ?? null;

  it('takes a PNG signature and a JPEG photo', () => {
    expect(reason(signaturePngSchema, signature)).toBeNull();
    expect(reason(photoJpegSchema, photo)).toBeNull();
  });

  it('refuses another prefix, base64 that is not, and bytes of another format', () => {
    expect(reason(signaturePngSchema, `data:image/gif;base64,${pngBase64}`)).toMatch(
      /PNG data URL/,
    );
    expect(reason(signaturePngSchema, 'data:image/png;base64,')).toMatch(/base64/);
    expect(reason(signaturePngSchema, 'data:image/png;base64,iVBO*w0K')).toMatch(/base64/);
    expect(reason(signaturePngSchema, 'data:image/png;base64,iVBORw0')).toMatch(/base64/);
    expect(reason(signaturePngSchema, 'data:image/png;base64,R0lGODlhAQABAAAAACw=')).toMatch(
      /not PNG image data/,
    );
    expect(reason(photoJpegSchema, 'data:image/jpeg;base64,iVBORw0KGgo=')).toMatch(
      /not JPEG image data/,
    );
  });

  it('refuses images above their cap, by their decoded size', () => {
    // 300 KB + 3 bytes of PNG: within the string bound, over the byte cap.
    const over = pngBase64.slice(0, 12) + 'A'.repeat(409_600 - 12 + 4);
    expect(base64ByteLength(over)).toBeGreaterThan(300 * 1024);
    expect(reason(signaturePngSchema, `data:image/png;base64,${over}`)).toBe(
      'must be at most 300 KB',
    );
    expect(reason(signaturePngSchema, `data:image/png;base64,${'A'.repeat(2_000_000)}`)).toBe(
      'must be at most 300 KB',
    );
    expect(reason(photoJpegSchema, `data:image/jpeg;base64,${'/9j/'.repeat(800_000)}`)).toBe(
      'must be at most 2048 KB',
    );
  });

  it('counts padding in the decoded size', () => {
    expect(base64ByteLength('QQ==')).toBe(1);
    expect(base64ByteLength('QUI=')).toBe(2);
    expect(base64ByteLength('QUJD')).toBe(3);
  });
});

/** R-ETICKET-3: water above the allowed maximum needs the receiver's signature for it. */
describe('waterOverMaximumProblem', () => {
  it('converts litres to US gallons at the column precision', () => {
    expect(litresPerGallon).toBe(3.785411784);
    expect(waterInGallons(3.785411784, 'L')).toBe(1);
    expect(waterInGallons(56.78, 'L')).toBe(15);
    expect(waterInGallons(7.25, 'gal')).toBe(7.25);
  });

  it('lets water up to the maximum through, in either unit', () => {
    const signed = { waterOverMaximumSigned: false };
    expect(waterOverMaximumProblem({ waterAdded: 15, waterUnit: 'gal', ...signed }, 15)).toBeNull();
    expect(
      waterOverMaximumProblem({ waterAdded: 56.78, waterUnit: 'L', ...signed }, 15),
    ).toBeNull();
    expect(waterOverMaximumProblem({ waterAdded: 0, waterUnit: 'L', ...signed }, 0)).toBeNull();
  });

  it('refuses more than the maximum unsigned, naming waterAdded and the maximum', () => {
    expect(
      waterOverMaximumProblem(
        { waterAdded: 15.5, waterUnit: 'gal', waterOverMaximumSigned: false },
        15,
      ),
    ).toEqual({ field: 'waterAdded', reason: expect.stringContaining('15 gal') as string });
    expect(
      waterOverMaximumProblem({ waterAdded: 60, waterUnit: 'L', waterOverMaximumSigned: false }, 15)
        ?.reason,
    ).toContain('56.78 L (15 gal)');
  });

  it('takes more than the maximum when signed for, and any water when none is set', () => {
    expect(
      waterOverMaximumProblem(
        { waterAdded: 40, waterUnit: 'gal', waterOverMaximumSigned: true },
        15,
      ),
    ).toBeNull();
    expect(
      waterOverMaximumProblem(
        { waterAdded: 40, waterUnit: 'gal', waterOverMaximumSigned: false },
        null,
      ),
    ).toBeNull();
  });
});

/** R-ETICKET-4: a signature is not from the future, give or take the phone's clock. */
describe('signedAtProblem', () => {
  const now = new Date('2026-03-10T14:00:00Z');
  it('takes the past and up to five minutes ahead', () => {
    expect(signedAtProblem('2026-03-09T14:00:00Z', now)).toBeNull();
    expect(signedAtProblem('2026-03-10T14:05:00Z', now)).toBeNull();
    expect(signedAtProblem('2026-03-10T09:04:00-05:00', now)).toBeNull();
  });
  it('refuses later than that, and what is no time', () => {
    expect(signedAtProblem('2026-03-10T14:05:01Z', now)?.field).toBe('signedAt');
    expect(signedAtProblem('soon', now)?.reason).toBe('must be a date and time');
  });
});

describe('deliveryProblems', () => {
  it('names each rule that fails, and none when all hold', () => {
    const now = new Date('2026-03-10T14:00:00Z');
    const ok = ticketDeliverySchema.parse(body({ signedAt: '2026-03-10T13:59:00Z' }));
    expect(deliveryProblems(ok, { maxAllowableWaterGallons: 15, now })).toEqual([]);
    const bad = ticketDeliverySchema.parse(
      body({ waterAdded: 20, signedAt: '2026-03-11T00:00:00Z' }),
    );
    expect(
      deliveryProblems(bad, { maxAllowableWaterGallons: 15, now }).map((problem) => problem.field),
    ).toEqual(['waterAdded', 'signedAt']);
  });
});
