/** The signed-in user's groups (section 7: cached; 1001 to 1003 unlock the system types). */
import { queryOptions } from '@tanstack/react-query';
import type { ApiEnvelope } from '@dispatch/domain/entities/api-envelope';
import type { UserGroup } from '@dispatch/domain/entities/user-group';
import { apiGet } from '../../lib/api-client';

export type UserGroupList = ApiEnvelope<UserGroup[]>;

export const userGroupKeys = {
  all: ['userGroups'] as const,
  list: () => [...userGroupKeys.all, 'list'] as const,
};

export const userGroupQueries = {
  list: () =>
    queryOptions({
      queryKey: userGroupKeys.list(),
      queryFn: ({ signal }) => apiGet<UserGroupList>('/api/v1/user/groups', { signal }),
      // Groups change only through an administrator and a new login; logout clears the cache.
      staleTime: Infinity,
    }),
};
