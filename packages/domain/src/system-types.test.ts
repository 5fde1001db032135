import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  allowedSystemTypes,
  isSystemTypeId,
  systemTypeById,
  systemTypeIdSchema,
  systemTypes,
} from './system-types';

describe('R-SYS-4..5: system types and groups', () => {
  it('binds Concrete 1 to group 1001, Aggregate 2 to 1002 and Block 3 to 1003', () => {
    expect(systemTypes.map((t) => [t.name, t.id, t.groupId])).toEqual([
      ['Concrete', 1, 1001],
      ['Aggregate', 2, 1002],
      ['Block', 3, 1003],
    ]);
  });

  it('derives the allowed system types from group membership', () => {
    expect(allowedSystemTypes([1001])).toEqual([1]);
    expect(allowedSystemTypes([1003, 1001, 42])).toEqual([1, 3]);
    expect(allowedSystemTypes([1001, 1002, 1003])).toEqual([1, 2, 3]);
    expect(allowedSystemTypes([])).toEqual([]);
  });

  it('never allows a type without its group', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 2000 })), (groups) => {
        for (const id of allowedSystemTypes(groups)) {
          expect(groups).toContain(systemTypeById(id).groupId);
        }
      }),
    );
  });

  it('recognises only 1, 2 and 3 as system type ids', () => {
    expect([0, 1, 2, 3, 4, '1', null].map(isSystemTypeId)).toEqual([
      false,
      true,
      true,
      true,
      false,
      false,
      false,
    ]);
    expect(() => systemTypeById(9 as never)).toThrow(RangeError);
  });
});

describe('R-SYS-4: system type ids', () => {
  it('takes only the three system types', () => {
    expect([0, 1, 2, 3, 4].map((n) => systemTypeIdSchema.safeParse(n).success)).toEqual([
      false,
      true,
      true,
      true,
      false,
    ]);
  });
});
