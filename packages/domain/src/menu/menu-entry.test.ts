import { describe, expect, it } from 'vitest';
import { singleSystemType } from './menu-entry';

describe('R-MENU-13: menu entry system-type binding', () => {
  it('reports the single bound type, or null for none or several', () => {
    expect(singleSystemType([])).toBeNull();
    expect(singleSystemType([2])).toBe(2);
    expect(singleSystemType([1, 2])).toBeNull();
  });
});
