import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createRandom } from './random';

describe('seeded random', () => {
  it('draws the same sequence for the same seed, another for another seed', () => {
    const draw = (seed: number) => {
      const random = createRandom(seed);
      return Array.from({ length: 20 }, () => random.next());
    };
    expect(draw(42)).toEqual(draw(42));
    expect(draw(42)).not.toEqual(draw(43));
  });

  it('keeps whole numbers within their bounds and floats below one', () => {
    fc.assert(
      fc.property(
        fc.integer(),
        fc.integer({ min: -1000, max: 1000 }),
        fc.nat(1000),
        (seed, min, span) => {
          const random = createRandom(seed);
          const value = random.int(min, min + span);
          const unit = random.next();
          return (
            Number.isInteger(value) && value >= min && value <= min + span && unit >= 0 && unit < 1
          );
        },
      ),
    );
  });

  it('forks streams that do not depend on what the parent drew before', () => {
    const untouched = createRandom(7);
    const used = createRandom(7);
    used.next();
    used.int(1, 100);
    expect(used.fork('orders').next()).toBe(untouched.fork('orders').next());
    expect(untouched.fork('orders').next()).not.toBe(untouched.fork('jobs').next());
  });

  it('shuffles without losing items and picks by weight', () => {
    const random = createRandom(1);
    expect(random.shuffle([1, 2, 3, 4, 5]).sort()).toEqual([1, 2, 3, 4, 5]);
    const picks = Array.from({ length: 200 }, () =>
      random.weighted([
        ['never', 0],
        ['always', 1],
      ] as const),
    );
    expect(new Set(picks)).toEqual(new Set(['always']));
    expect(() => random.pick([])).toThrow(RangeError);
  });
});
