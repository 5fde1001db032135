import { useQuery } from '@tanstack/react-query';
import type { UserGroup } from '@dispatch/domain/users/user-group';
import { allowedSystemTypes, type SystemTypeId } from '@dispatch/domain/system-types';
import { userGroupsQuery } from '../../session/session-queries';

const toSystemTypes = (groups: UserGroup[]): SystemTypeId[] =>
  allowedSystemTypes(groups.map((group) => group.id));

/**
 * The system types the signed-in user may work with (section 1), from the groups login already
 * loaded: the same query and cache entry, so the dashboard asks the server for nothing new.
 */
export function useAllowedSystemTypes() {
  return useQuery({ ...userGroupsQuery(), select: toSystemTypes });
}
