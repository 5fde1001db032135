/** R-SYS-4: the three system types, each unlocked by membership in its user group. */
import { z } from 'zod';

export const systemTypes = [
  { id: 1, key: 'concrete', name: 'Concrete', groupId: 1001 },
  { id: 2, key: 'aggregate', name: 'Aggregate', groupId: 1002 },
  { id: 3, key: 'block', name: 'Block', groupId: 1003 },
] as const;

export type SystemType = (typeof systemTypes)[number];
export type SystemTypeId = SystemType['id'];
export type SystemTypeKey = SystemType['key'];

export const systemTypeIds = {
  concrete: 1,
  aggregate: 2,
  block: 3,
} as const satisfies Record<SystemTypeKey, SystemTypeId>;

/** A system type id as answers and saves carry it: one of the three. */
export const systemTypeIdSchema = z.literal(systemTypes.map((type) => type.id));

export function isSystemTypeId(value: unknown): value is SystemTypeId {
  return value === 1 || value === 2 || value === 3;
}

export function systemTypeById(id: SystemTypeId): SystemType {
  const found = systemTypes.find((type) => type.id === id);
  if (!found) throw new RangeError(`Unknown system type ${String(id)}`);
  return found;
}

/** The system types a user may work with, derived from the ids of the groups they belong to. */
export function allowedSystemTypes(groupIds: Iterable<number>): SystemTypeId[] {
  const groups = new Set(groupIds);
  return systemTypes.filter((type) => groups.has(type.groupId)).map((type) => type.id);
}
