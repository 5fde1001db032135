import { describe, expect, it } from 'vitest';
import { mixIdOf, mixPath } from './mix-paths';

describe('R-RES-FORM: a concrete mix has its own URL under the concrete products', () => {
  it('is the concrete product path with mix- and its id', () => {
    expect(mixPath(42)).toBe('/products/maintenance/concrete/mix-42');
    expect(mixIdOf('mix-42')).toBe(42);
  });

  it('tells mixes from products, new records and the list', () => {
    expect(mixIdOf(undefined)).toBeUndefined();
    expect(mixIdOf('42')).toBeUndefined();
    expect(mixIdOf('new')).toBeUndefined();
  });

  it('names no mix for a malformed mix segment', () => {
    for (const segment of ['mix-', 'mix-0', 'mix-abc', 'mix-1.5', 'mix--3', 'mix-99999999999']) {
      expect(mixIdOf(segment), segment).toBeNull();
    }
  });
});
