/** The system parameters' reads and writes (R-PARAM-2, R-PARAM-3), with one key factory. */
import { queryOptions } from '@tanstack/react-query';
import {
  systemParameterListSchema,
  systemParameterRowSchema,
  type SystemParameterRow,
} from '@dispatch/domain/settings/system-parameters';
import { apiGet, apiRequest } from '../../lib/api-client';

const path = '/api/v1/admin/system-parameters';

export const systemParameterKeys = {
  all: ['systemParameters'] as const,
};

export const systemParametersQuery = () =>
  queryOptions({
    queryKey: systemParameterKeys.all,
    queryFn: async ({ signal }) => (await apiGet(path, systemParameterListSchema, { signal })).data,
    // serverConfigUpdate_v1 says when someone changes one.
    staleTime: 60_000,
  });

/** Stores one parameter; `version` is the one read (0 while not stored). */
export async function saveSystemParameter(
  key: string,
  value: unknown,
  version: number,
): Promise<SystemParameterRow> {
  return await apiRequest(
    'PUT',
    `${path}/${encodeURIComponent(key)}`,
    { value, version },
    systemParameterRowSchema,
  );
}
