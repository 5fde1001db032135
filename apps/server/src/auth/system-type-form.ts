/**
 * The caller's permission on the form of one kind for one system type (order entry, order audit):
 * the system type's group (R-PERM-2) and a level that may view the form (R-PERM-6), else 403
 * naming the form. The level found decides what the answer shows of prices.
 */
import type { FastifyRequest } from 'fastify';
import { systemTypeForm, type SystemTypeFormKind } from '@dispatch/domain/menu/menu-catalogue';
import { insufficientPermissionMessage } from '@dispatch/domain/messages';
import { canView, permissionFlags, permissionLevels } from '@dispatch/domain/permissions';
import { allowedSystemTypes, type SystemTypeId } from '@dispatch/domain/system-types';
import { ApiError } from '../http/api-error';
import { formName } from './guard';

export function systemTypeFormPermission(
  request: FastifyRequest,
  kind: SystemTypeFormKind,
  systemTypeId: SystemTypeId,
): FastifyRequest['permission'] {
  const auth = request.auth!;
  const formId = systemTypeForm(kind, systemTypeId).id;
  const level = allowedSystemTypes(auth.groupIds).includes(systemTypeId)
    ? auth.permissions.levelOf(formId)
    : permissionLevels.None;
  if (!canView(level)) {
    throw new ApiError('permission', insufficientPermissionMessage(formName(formId)));
  }
  request.permission = { level, flags: permissionFlags(level) };
  return request.permission;
}
