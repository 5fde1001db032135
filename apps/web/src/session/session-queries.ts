/**
 * What login loads about the user (R-LOGIN-4, R-PERM-9, R-API-1, R-API-4, R-API-13): groups (and so
 * the allowed system types), form permissions, order statuses and the system administrator flag.
 * Each is cached until logout, which clears them with the rest of the query cache.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { apiEnvelopeSchema, booleanResponseSchema } from '@dispatch/domain/api/envelope';
import { userGroupSchema, type UserGroup } from '@dispatch/domain/users/user-group';
import {
  createFormPermissions,
  noFormPermissions,
  type FormPermission,
  type FormPermissions,
} from '@dispatch/domain/permissions';
import { quickMenuSchema } from '@dispatch/domain/menu/quick-menu';
import { allowedSystemTypes, type SystemTypeId } from '@dispatch/domain/system-types';
import { z } from 'zod';
import { apiGet } from '../lib/api-client';
import { logger } from '../lib/logger';

export const sessionKeys = {
  all: ['session'] as const,
  userGroups: () => [...sessionKeys.all, 'userGroups'] as const,
  formPermissions: () => [...sessionKeys.all, 'formPermissions'] as const,
  orderStatuses: () => [...sessionKeys.all, 'orderStatuses'] as const,
  sysadmin: () => [...sessionKeys.all, 'sysadmin'] as const,
  quickMenu: () => [...sessionKeys.all, 'quickMenu'] as const,
};

const cachedUntilLogout = { staleTime: Infinity, gcTime: Infinity } as const;

export const userGroupsQuery = () =>
  queryOptions({
    queryKey: sessionKeys.userGroups(),
    queryFn: async ({ signal }): Promise<UserGroup[]> =>
      (await apiGet('/api/v1/user/groups', apiEnvelopeSchema(z.array(userGroupSchema)), { signal }))
        .data,
    ...cachedUntilLogout,
  });

/** The forms the user pinned (R-MENU-15); none until they pin or unpin one. */
export const quickMenuQuery = () =>
  queryOptions({
    queryKey: sessionKeys.quickMenu(),
    queryFn: async ({ signal }): Promise<number[]> =>
      (await apiGet('/api/v1/user/quick-menu', quickMenuSchema, { signal })).formIds,
    ...cachedUntilLogout,
  });

const formAuthorizationRow = z.object({ FormId: z.number().int(), PermissionId: z.number() });

export const formPermissionsQuery = () =>
  queryOptions({
    queryKey: sessionKeys.formPermissions(),
    queryFn: async ({ signal }): Promise<FormPermission[]> =>
      (
        await apiGet('/api/formauthorization', apiEnvelopeSchema(z.array(formAuthorizationRow)), {
          signal,
        })
      ).data.map((row) => ({ formId: row.FormId, permission: row.PermissionId })),
    ...cachedUntilLogout,
  });

const orderStatusSchema = z.object({ id: z.number().int(), code: z.string(), name: z.string() });
export type OrderStatusRow = z.infer<typeof orderStatusSchema>;

export const orderStatusesQuery = () =>
  queryOptions({
    queryKey: sessionKeys.orderStatuses(),
    queryFn: async ({ signal }): Promise<OrderStatusRow[]> =>
      (await apiGet('/api/OrderStatus', apiEnvelopeSchema(z.array(orderStatusSchema)), { signal }))
        .data,
    ...cachedUntilLogout,
  });

export const sysadminQuery = () =>
  queryOptions({
    queryKey: sessionKeys.sysadmin(),
    queryFn: async ({ signal }): Promise<boolean> =>
      (await apiGet('/api/v1/sysadmin', booleanResponseSchema, { signal })).value,
    ...cachedUntilLogout,
  });

export type UserAccess = {
  readonly allowedSystemTypes: readonly SystemTypeId[];
  readonly permissions: FormPermissions;
  readonly isAdmin: boolean;
};

export function toUserAccess(
  groups: readonly UserGroup[],
  permissions: readonly FormPermission[],
  isAdmin: boolean,
): UserAccess {
  return {
    allowedSystemTypes: allowedSystemTypes(groups.map((group) => group.id)),
    permissions: createFormPermissions(permissions, (warning) => logger.warn(warning)),
    isAdmin,
  };
}

export const noUserAccess: UserAccess = {
  allowedSystemTypes: [],
  permissions: noFormPermissions,
  isAdmin: false,
};

/** What the menu and the route guard decide with; nothing is allowed until it has loaded. */
export function useUserAccess(enabled = true): UserAccess {
  const groups = useQuery({ ...userGroupsQuery(), enabled });
  const permissions = useQuery({ ...formPermissionsQuery(), enabled });
  const sysadmin = useQuery({ ...sysadminQuery(), enabled });
  return useMemo(
    () =>
      !groups.data || !permissions.data || sysadmin.data === undefined
        ? noUserAccess
        : toUserAccess(groups.data, permissions.data, sysadmin.data),
    [groups.data, permissions.data, sysadmin.data],
  );
}
