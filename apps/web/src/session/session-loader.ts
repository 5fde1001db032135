/** Loads what the menu and the guard need about the user into the query cache (R-LOGIN-4). */
import { queryClient } from '../lib/query-client';
import { logger } from '../lib/logger';
import {
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
