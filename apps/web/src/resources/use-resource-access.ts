/** What the user may do with a resource: its forms' highest level, and the flags of R-PERM-6. */
import { useMemo } from 'react';
import { formIdOf, type ResourceDefinition } from '@dispatch/domain/resources/define';
import {
  permissionFlags,
  permissionLevels,
  type PermissionFlags,
} from '@dispatch/domain/permissions';
import { useUserAccess } from '../session/session-queries';

export function useResourceAccess(definition: ResourceDefinition): PermissionFlags {
  const access = useUserAccess();
  return useMemo(() => {
    if (definition.admin && access.isAdmin) return permissionFlags(permissionLevels.FullWithPrices);
    const level = access.permissions.highestOf(definition.forms.map(formIdOf));
    return permissionFlags(level);
  }, [access, definition]);
}
