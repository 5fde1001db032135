import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { warnings } from './messages';
import type { PermissionLevel } from './permissions';
import {
  canView,
  createFormPermissions,
  formPermissionSchema,
  highestPermission,
  isPermissionLevel,
  noFormPermissions,
  permissionFlags,
  permissionLevelName,
  permissionLevels,
  toPermissionLevel,
} from './permissions';

const anyLevel = fc.constantFrom<PermissionLevel>(1, 2, 3, 4, 5, 6);

function collectWarnings(): { list: string[]; onWarning: (warning: string) => void } {
  const list: string[] = [];
  return { list, onWarning: (warning) => list.push(warning) };
}

describe('R-PERM-4..7: permissions', () => {
  it('numbers the levels 1 None to 6 FullWithReadOnlyPrices and names them back', () => {
    expect(permissionLevels.None).toBe(1);
    expect(permissionLevels.FullWithReadOnlyPrices).toBe(6);
    for (const [name, level] of Object.entries(permissionLevels)) {
      expect(permissionLevelName(level)).toBe(name);
    }
  });

  it('derives the flags of each level', () => {
    const table = [1, 2, 3, 4, 5, 6].map((level) => {
      const flags = permissionFlags(level as PermissionLevel);
      return [level, flags.none, flags.readOnly, flags.hidePrice, flags.disablePrice, flags.full];
    });
    expect(table).toEqual([
      [1, true, false, false, false, false],
      [2, false, true, true, false, false],
      [3, false, true, false, true, false],
      [4, false, false, true, false, true],
      [5, false, false, false, false, true],
      [6, false, false, false, true, true],
    ]);
  });

  it('full is exactly neither read-only nor none', () => {
    fc.assert(
      fc.property(anyLevel, (level) => {
        const flags = permissionFlags(level);
        expect(flags.full).toBe(!flags.readOnly && !flags.none);
      }),
    );
  });

  it('lets a user view a form only above None', () => {
    expect(canView(permissionLevels.None)).toBe(false);
    expect(canView(permissionLevels.ReadOnlyNoPrices)).toBe(true);
    expect(canView(permissionLevels.FullWithReadOnlyPrices)).toBe(true);
  });

  it('chooses the highest level, FullWithPrices winning over FullWithReadOnlyPrices', () => {
    expect(highestPermission([2, 4, 3])).toBe(4);
    expect(highestPermission([6, 4])).toBe(6);
    expect(highestPermission([6, 5])).toBe(5);
    expect(highestPermission([5, 6])).toBe(5);
    expect(highestPermission([])).toBe(1);
  });

  it('stops at FullWithPrices without reading further levels', () => {
    function* levels(): Generator<PermissionLevel> {
      yield 3;
      yield 5;
      throw new Error('read past FullWithPrices');
    }
    expect(highestPermission(levels())).toBe(5);
  });

  it('property: highest is FullWithPrices when present, otherwise the maximum, and order does not matter', () => {
    fc.assert(
      fc.property(fc.array(anyLevel), (levels) => {
        const expected = levels.includes(5) ? 5 : Math.max(1, ...levels);
        expect(highestPermission(levels)).toBe(expected);
        expect(highestPermission([...levels].reverse())).toBe(expected);
      }),
    );
  });
});

describe('R-VALID-17, R-CONST-11: permission id range', () => {
  it('keeps ids 1 to 6 as they are, without warning', () => {
    const { list, onWarning } = collectWarnings();
    expect(toPermissionLevel(3, onWarning)).toBe(3);
    expect(list).toEqual([]);
  });

  it('takes 0 as None without a warning', () => {
    const { list, onWarning } = collectWarnings();
    expect(toPermissionLevel(0, onWarning)).toBe(permissionLevels.None);
    expect(list).toEqual([]);
  });

  it('replaces out-of-range and fractional ids by None with a warning', () => {
    for (const id of [-1, 7, 99, 2.5, Number.NaN]) {
      const { list, onWarning } = collectWarnings();
      expect(toPermissionLevel(id, onWarning)).toBe(permissionLevels.None);
      expect(list).toEqual([warnings.permissionOutOfRange]);
    }
  });

  it('property: any number becomes a level 1..6, warning exactly when outside 0..6', () => {
    fc.assert(
      fc.property(fc.oneof(fc.integer({ min: -20, max: 20 }), fc.double()), (id) => {
        const { list, onWarning } = collectWarnings();
        const level = toPermissionLevel(id, onWarning);
        expect(isPermissionLevel(level)).toBe(true);
        const accepted = Number.isInteger(id) && id >= 0 && id <= 6;
        expect(list.length).toBe(accepted ? 0 : 1);
        expect(level).toBe(accepted && id > 0 ? id : 1);
      }),
    );
  });
});

describe('R-PERM-7: form permissions lookup', () => {
  it('reads the level of each listed form and None for unknown forms', () => {
    const { onWarning } = collectWarnings();
    const permissions = createFormPermissions(
      [
        { formId: 15000, permission: 5 },
        { formId: 22000, permission: 2 },
      ],
      onWarning,
    );
    expect(permissions.levelOf(15000)).toBe(5);
    expect(permissions.levelOf(22000)).toBe(2);
    expect(permissions.levelOf(12345)).toBe(1);
    expect(permissions.canView(22000)).toBe(true);
    expect(permissions.canView(12345)).toBe(false);
  });

  it('chooses the highest level among several forms, unknown forms counting as None', () => {
    const permissions = createFormPermissions(
      [
        { formId: 1, permission: 2 },
        { formId: 2, permission: 6 },
        { formId: 3, permission: 5 },
      ],
      () => undefined,
    );
    expect(permissions.highestOf([1, 2])).toBe(6);
    expect(permissions.highestOf([1, 2, 3])).toBe(5);
    expect(permissions.highestOf([99])).toBe(1);
    expect(permissions.highestOf([])).toBe(1);
  });

  it('reports out-of-range ids and keeps the higher level of a form listed twice', () => {
    const { list, onWarning } = collectWarnings();
    const permissions = createFormPermissions(
      [
        { formId: 7, permission: 4 },
        { formId: 7, permission: 9 },
        { formId: 8, permission: 2 },
        { formId: 8, permission: 3 },
      ],
      onWarning,
    );
    expect(permissions.levelOf(7)).toBe(4);
    expect(permissions.levelOf(8)).toBe(3);
    expect(list).toEqual([warnings.permissionOutOfRange]);
  });

  it('has no access at all before login', () => {
    expect(noFormPermissions.levelOf(15000)).toBe(1);
  });

  it('validates the server entries', () => {
    expect(formPermissionSchema.safeParse({ formId: 15000, permission: 5 }).success).toBe(true);
    expect(formPermissionSchema.safeParse({ formId: 'x', permission: 5 }).success).toBe(false);
  });
});
