import { describe, expect, it } from 'vitest';
import {
  flag,
  idListQuerySchema,
  idSchema,
  optionalDateSchema,
  optionalIdSchema,
  optionalText,
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
});

describe('a list of ids in a query', () => {
  it('reads ids up to PostgreSQL integer, without repeats', () => {
    expect(idListQuerySchema.parse('3,1,3,0')).toEqual([3, 1, 0]);
    expect(idListQuerySchema.parse('2147483647')).toEqual([2147483647]);
  });

  it('refuses an id no row can have, and what is not a list of ids', () => {
    expect(idListQuerySchema.safeParse('2147483648').error?.issues[0]?.message).toBe(
      'must be a comma-separated list of ids up to 2147483647',
    );
    for (const bad of ['', '1,,2', '-1', '1.5', 'a', '99999999999']) {
      expect(idListQuerySchema.safeParse(bad).success, bad).toBe(false);
    }
  });
});
