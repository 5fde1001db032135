import { describe, expect, it } from 'vitest';
import { mixListQuerySchema, queryEntriesOfSelection, selectionOfQuery } from './mix-lists';

describe('R-MIX-1, R-MIX-8: the mix list narrowed as a selection', () => {
  it('round-trips a selection through the query string', () => {
    const entries = queryEntriesOfSelection(
      {
        plantIds: [3, 1],
        mixIds: [9],
        search: ' 4000 ',
        strengthMin: 3000,
        strengthMax: 5000,
        usingRawMaterialId: 7,
        includeInactive: true,
      },
      { limit: 100 },
    );
    expect(entries).toEqual([
      ['plantIds', '3,1'],
      ['mixIds', '9'],
      ['search', '4000'],
      ['strengthMin', '3000'],
      ['strengthMax', '5000'],
      ['usingRawMaterialId', '7'],
      ['includeInactive', 'true'],
      ['limit', '100'],
    ]);
    const query = mixListQuerySchema.parse(Object.fromEntries(entries));
    expect(selectionOfQuery(query).data).toEqual({
      plantIds: [3, 1],
      mixIds: [9],
      search: '4000',
      strengthMin: 3000,
      strengthMax: 5000,
      usingRawMaterialId: 7,
      includeInactive: true,
    });
    expect(queryEntriesOfSelection({})).toEqual([]);
  });

  it('names a bad filter', () => {
    expect(mixListQuerySchema.safeParse({ plantIds: '1,x' }).error?.issues[0]?.message).toBe(
      'must be ids separated by commas',
    );
    const query = mixListQuerySchema.parse({ strengthMin: '5000', strengthMax: '3000' });
    expect(selectionOfQuery(query).error?.issues[0]?.path).toEqual(['strengthMax']);
  });
});
