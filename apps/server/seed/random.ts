/**
 * A seeded pseudo-random source for the demo data. Same seed, same draws, on every machine: the
 * demo database must be reproducible, so nothing in the seed may touch Math.random or the clock.
 */

export type Random = {
  /** A float in [0, 1). */
  next(): number;
  /** A whole number from min to max, both included. */
  int(min: number, max: number): number;
  /** A float in [min, max). */
  float(min: number, max: number): number;
  /** True with probability p. */
  chance(p: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** One item, each as likely as its weight. */
  weighted<T>(items: readonly (readonly [T, number])[]): T;
  /** A shuffled copy. */
  shuffle<T>(items: readonly T[]): T[];
  /** `count` distinct items in random order. */
  sample<T>(items: readonly T[], count: number): T[];
  /** A digit string of the given length. */
  digits(length: number): string;
  /**
   * An independent stream named by `label`. It depends only on this source's seed and the label,
   * not on how many numbers were drawn before, so adding draws in one part of the seed leaves the
   * data of the other parts unchanged.
   */
  fork(label: string): Random;
};

/** FNV-1a: spreads a label over 32 bits. */
function hashLabel(label: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < label.length; index += 1) {
    hash ^= label.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** mulberry32: tiny, fast, and good enough to make data look unplanned. */
function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function createRandom(seed: number): Random {
  const next = mulberry32(seed);
  const int = (min: number, max: number): number => {
    if (!Number.isInteger(min) || !Number.isInteger(max) || max < min) {
      throw new RangeError(`Invalid integer range ${String(min)}..${String(max)}`);
    }
    return min + Math.floor(next() * (max - min + 1));
  };
  const pick = <T>(items: readonly T[]): T => {
    const item = items[int(0, items.length - 1)];
    if (item === undefined) throw new RangeError('Cannot pick from an empty list');
    return item;
  };
  const shuffle = <T>(items: readonly T[]): T[] => {
    const copy = [...items];
    for (let index = copy.length - 1; index > 0; index -= 1) {
      const other = int(0, index);
      const swap = copy[index] as T;
      copy[index] = copy[other] as T;
      copy[other] = swap;
    }
    return copy;
  };
  return {
    next,
    int,
    float: (min, max) => min + next() * (max - min),
    chance: (p) => next() < p,
    pick,
    weighted<T>(items: readonly (readonly [T, number])[]): T {
      const total = items.reduce((sum, [, weight]) => sum + weight, 0);
      let remaining = next() * total;
      for (const [item, weight] of items) {
        remaining -= weight;
        if (remaining < 0) return item;
      }
      const last = items[items.length - 1];
      if (last === undefined) throw new RangeError('Cannot pick from an empty list');
      return last[0];
    },
    shuffle,
    sample: (items, count) => shuffle(items).slice(0, count),
    digits: (length) => Array.from({ length }, () => String(int(0, 9))).join(''),
    // One mulberry step mixes the pair, so a fork of a fork never cancels back to the parent.
    fork: (label) => createRandom(mulberry32(seed ^ hashLabel(label))() * 4294967296),
  };
}
