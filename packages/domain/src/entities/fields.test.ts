import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { z } from 'zod';
import {
  addressFields,
  flag,
  idSchema,
  lastFour,
  optionalDateSchema,
  optionalIdSchema,
  optionalText,
  systemTypeIdSchema,
  text,
} from './fields';

describe('R-ENTITY: entity field conventions', () => {
  it('takes whole, non-negative numbers as ids', () => {
    expect(idSchema.safeParse(0).success).toBe(true);
    expect(idSchema.safeParse(1.5).success).toBe(false);
    expect(idSchema.safeParse(-1).success).toBe(false);
    expect(idSchema.safeParse('1').success).toBe(false);
    expect(optionalIdSchema.parse(undefined)).toBeNull();
  });

  it('bounds text and defaults optional text to empty', () => {
    expect(text(3).safeParse('abcd').success).toBe(false);
    expect(optionalText(3).parse(undefined)).toBe('');
    expect(optionalText().safeParse('x'.repeat(101)).success).toBe(false);
    expect(flag().parse(undefined)).toBe(false);
    expect(flag(true).parse(undefined)).toBe(true);
  });

  it('takes dates as ISO strings, empty as null', () => {
    expect(optionalDateSchema.parse(undefined)).toBeNull();
    expect(optionalDateSchema.parse('2024-01-02T03:04:05')).toBe('2024-01-02T03:04:05');
    expect(optionalDateSchema.safeParse('02/01/2024').success).toBe(false);
  });

  it('offers address lines 1 to 7', () => {
    const address = z.object(addressFields).parse({ address3: 'Lot 4' });
    expect(Object.keys(address)).toEqual([1, 2, 3, 4, 5, 6, 7].map((n) => `address${n}`));
    expect(address.address3).toBe('Lot 4');
  });

  it('takes only the three system types', () => {
    expect([0, 1, 2, 3, 4].map((n) => systemTypeIdSchema.safeParse(n).success)).toEqual([
      false,
      true,
      true,
      true,
      false,
    ]);
  });

  it('keeps only the last four letters or digits of a sensitive number', () => {
    expect(lastFour('4111 1111 1111 1234')).toBe('1234');
    expect(lastFour('123-45-6789')).toBe('6789');
    fc.assert(
      fc.property(fc.string(), (value) => {
        const kept = lastFour(value);
        expect(kept.length).toBeLessThanOrEqual(4);
        expect(kept).toMatch(/^[0-9A-Za-z]*$/);
      }),
    );
  });
});
