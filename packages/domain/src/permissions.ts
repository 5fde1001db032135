/** R-PERM-4..7: per-form permission levels and the flags the forms derive from them. */
import { z } from 'zod';
import { permissionRange } from './constants';
import { warnings } from './messages';

export const permissionLevels = {
  None: 1,
  ReadOnlyNoPrices: 2,
  ReadOnlyWithPrices: 3,
  FullNoPrices: 4,
  FullWithPrices: 5,
  FullWithReadOnlyPrices: 6,
} as const;

export type PermissionLevelName = keyof typeof permissionLevels;
export type PermissionLevel = (typeof permissionLevels)[PermissionLevelName];

export const permissionLevelNames = {
  1: 'None',
  2: 'ReadOnlyNoPrices',
  3: 'ReadOnlyWithPrices',
  4: 'FullNoPrices',
  5: 'FullWithPrices',
  6: 'FullWithReadOnlyPrices',
} as const satisfies { [L in PermissionLevel]: PermissionLevelName };

export function isPermissionLevel(value: unknown): value is PermissionLevel {
  return (
    typeof value === 'number' &&
    Number.isInteger(value) &&
    value >= permissionRange.min &&
    value <= permissionRange.max
  );
}

export function permissionLevelName(level: PermissionLevel): PermissionLevelName {
  return permissionLevelNames[level];
}

/**
 * R-VALID-17 accepts ids 0 to 6 while levels start at 1: 0 is accepted but names no level, so it
 * becomes None without a warning. Anything else outside 1..6, or not a whole number, is reported
 * through `onWarning` and replaced by None.
 */
export function toPermissionLevel(
  id: number,
  onWarning: (warning: string) => void,
): PermissionLevel {
  if (isPermissionLevel(id)) return id;
  if (id !== 0) onWarning(warnings.permissionOutOfRange);
  return permissionLevels.None;
}

export type PermissionFlags = {
  readonly none: boolean;
  readonly readOnly: boolean;
  readonly hidePrice: boolean;
  readonly disablePrice: boolean;
  readonly full: boolean;
};

export function permissionFlags(level: PermissionLevel): PermissionFlags {
  const none = level === permissionLevels.None;
  const readOnly =
    level === permissionLevels.ReadOnlyNoPrices || level === permissionLevels.ReadOnlyWithPrices;
  return {
    none,
    readOnly,
    hidePrice:
      level === permissionLevels.ReadOnlyNoPrices || level === permissionLevels.FullNoPrices,
    disablePrice:
      level === permissionLevels.ReadOnlyWithPrices ||
      level === permissionLevels.FullWithReadOnlyPrices,
    full: !readOnly && !none,
  };
}

export function canView(level: PermissionLevel): boolean {
  return level > permissionLevels.None;
}

/**
 * The highest of several levels. FullWithPrices grants the most, so it wins at once even though
 * FullWithReadOnlyPrices has the larger number; otherwise the largest number wins. No levels: None.
 */
export function highestPermission(levels: Iterable<PermissionLevel>): PermissionLevel {
  let highest: PermissionLevel = permissionLevels.None;
  for (const level of levels) {
    if (level === permissionLevels.FullWithPrices) return level;
    if (level > highest) highest = level;
  }
  return highest;
}

/** One entry of the server's /api/formauthorization answer, before its id is checked. */
export const formPermissionSchema = z.object({
  formId: z.number().int(),
  permission: z.number(),
});
export type FormPermission = z.infer<typeof formPermissionSchema>;

export type FormPermissions = {
  readonly levelOf: (formId: number) => PermissionLevel;
  readonly highestOf: (formIds: Iterable<number>) => PermissionLevel;
  readonly canView: (formId: number) => boolean;
};

/**
 * The user's form permissions as a lookup. Out-of-range ids are reported and become None; when a
 * form is listed twice the higher level is kept, so a duplicate row can never take access away.
 * `onWarning` may be left out only when there are no entries.
 */
export function createFormPermissions(
  entries: Iterable<FormPermission>,
  onWarning?: (warning: string) => void,
): FormPermissions {
  const byForm = new Map<number, PermissionLevel>();
  const warn = (warning: string): void => onWarning?.(warning);
  for (const entry of entries) {
    const level = toPermissionLevel(entry.permission, warn);
    const known = byForm.get(entry.formId);
    byForm.set(entry.formId, known === undefined ? level : highestPermission([known, level]));
  }
  const levelOf = (formId: number): PermissionLevel => byForm.get(formId) ?? permissionLevels.None;
  return {
    levelOf,
    highestOf: (formIds) => highestPermission(Array.from(formIds, levelOf)),
    canView: (formId) => canView(levelOf(formId)),
  };
}

/** What a user has before login and after logout: every form at None. */
export const noFormPermissions: FormPermissions = createFormPermissions([]);
