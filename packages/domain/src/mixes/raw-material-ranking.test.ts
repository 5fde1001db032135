import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { movedItem, rankingProblems, rankingUpdateSchema } from './raw-material-ranking';

describe('R-MIX-16: a ranking as saved', () => {
  it('holds the raw material itself, each raw material once', () => {
    expect(rankingProblems(1, [1, 2])).toEqual([]);
    expect(rankingProblems(1, [2, 3])).toEqual([
      { field: 'order', reason: 'must include the raw material being ranked' },
    ]);
    expect(rankingProblems(1, [1, 2, 1])).toEqual([
      { field: 'order.2', reason: 'is already ranked 1: rank each raw material once' },
    ]);
  });

  it('takes the version read, or none for a first ranking', () => {
    expect(rankingUpdateSchema.parse({ version: null, order: [1] })).toEqual({
      version: null,
      order: [1],
    });
    const parsed = rankingUpdateSchema.safeParse({ version: 0, order: [] });
    expect(parsed.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['version', 'order']);
  });
});

describe('R-MIX-17: moving a raw material in its ranking', () => {
  it('moves one item to its new place and keeps the rest in order', () => {
    expect(movedItem(['I/II', 'III', 'slag'], 2, 0)).toEqual(['slag', 'I/II', 'III']);
    expect(movedItem(['I/II', 'III', 'slag'], 0, 1)).toEqual(['III', 'I/II', 'slag']);
    expect(movedItem(['a', 'b'], 0, 5)).toEqual(['a', 'b']);
    expect(movedItem(['a', 'b'], -1, 0)).toEqual(['a', 'b']);
  });

  it('is a permutation that puts the moved item where it was dropped', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer(), { minLength: 1, maxLength: 12 }),
        fc.nat(),
        fc.nat(),
        (items, a, b) => {
          const from = a % items.length;
          const to = b % items.length;
          const moved = movedItem(items, from, to);
          return (
            moved[to] === items[from] &&
            [...moved].sort((x, y) => x - y).join() === [...items].sort((x, y) => x - y).join()
          );
        },
      ),
    );
  });
});
