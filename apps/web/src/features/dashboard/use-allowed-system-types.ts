import { useQuery } from '@tanstack/react-query';
import { allowedSystemTypes, type SystemTypeId } from '@dispatch/domain/system-types';
import { userGroupQueries, type UserGroupList } from './user-group-queries';

const toSystemTypes = (groups: UserGroupList): SystemTypeId[] =>
  allowedSystemTypes(groups.data.map((group) => group.id));

/** The system types the signed-in user may work with, from their groups (section 1). */
export function useAllowedSystemTypes() {
  return useQuery({ ...userGroupQueries.list(), select: toSystemTypes });
}
