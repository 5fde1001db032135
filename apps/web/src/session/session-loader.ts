/** Loads what the menu and the guard need about the user into the query cache (R-LOGIN-4). */
import { queryClient } from '../lib/query-client';
import { logger } from '../lib/logger';
import {
  sessionKeys,
  formPermissionsQuery,
  orderStatusesQuery,
  quickMenuQuery,
  sysadminQuery,
  userGroupsQuery,
} from './session-queries';

export async function loadSessionData(): Promise<void> {
  const results = await Promise.allSettled([
    queryClient.ensureQueryData(userGroupsQuery()),
    queryClient.ensureQueryData(formPermissionsQuery()),
    queryClient.ensureQueryData(orderStatusesQuery()),
    queryClient.ensureQueryData(sysadminQuery()),
    queryClient.ensureQueryData(quickMenuQuery()),
  ]);
  for (const result of results) {
    // The shell retries these queries itself; login must not fail because one was slow to load.
    if (result.status === 'rejected')
      logger.error('Loading the user session failed.', result.reason);
  }
}

/**
 * An administrator changed the user's groups or form levels (permissionsChanged_v1, R-USER-4):
 * reloads them, so the menu, the guard and open forms follow at once (a form turns read-only).
 */
export async function reloadUserAccess(): Promise<void> {
  await Promise.all(
    [sessionKeys.userGroups(), sessionKeys.formPermissions(), sessionKeys.sysadmin()].map(
      (queryKey) => queryClient.invalidateQueries({ queryKey }),
    ),
  );
}
