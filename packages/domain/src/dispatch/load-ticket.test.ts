import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { allowedWaterGallons, loadLineQuantity } from './load-ticket';

describe('R-DISP-6: a load ticket from its schedule', () => {
  it('gives the primary product the load and extras their share', () => {
    expect(loadLineQuantity({ quantity: 30, primaryFlag: true }, 10, 30)).toBe(10);
    expect(loadLineQuantity({ quantity: 3, primaryFlag: false }, 10, 30)).toBe(1);
    expect(loadLineQuantity({ quantity: 1, primaryFlag: false }, 10, 30)).toBe(0.333);
    expect(loadLineQuantity({ quantity: 5, primaryFlag: false }, 10, 0)).toBe(0);
  });

  it('shares an extra across all loads without exceeding it by more than rounding', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 20 }),
        fc.integer({ min: 1, max: 1000 }),
        (loads, extra) => {
          const total = Array.from({ length: loads }, () =>
            loadLineQuantity({ quantity: extra, primaryFlag: false }, 10, loads * 10),
          ).reduce((sum, value) => sum + value, 0);
          expect(Math.abs(total - extra)).toBeLessThanOrEqual(loads * 0.0005 + 1e-9);
        },
      ),
    );
  });

  it('allows the mix water per unit times the load, to the half gallon', () => {
    expect(allowedWaterGallons(1.2, 10)).toBe(12);
    expect(allowedWaterGallons(1.1, 8.5)).toBe(9.5);
    expect(allowedWaterGallons(null, 10)).toBeNull();
    expect(allowedWaterGallons(undefined, 10)).toBeNull();
  });
});
