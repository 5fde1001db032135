/**
 * R-MIX-19: a mix screen's permission flags: its form level, and none without the Concrete group
 * (mixes are concrete only), as the server decides.
 */
import {
  permissionFlags,
  permissionLevels,
  type PermissionFlags,
} from '@dispatch/domain/permissions';
import { formIdOf } from '@dispatch/domain/resources/define';
import { systemTypeIds } from '@dispatch/domain/system-types';
import { useUserAccess } from '../../session/session-queries';

export type MixScreen = 'ConcreteMixModification' | 'RawMaterialRanking' | 'GlobalMixDesignChange';

export function useMixAccess(screen: MixScreen): PermissionFlags {
  const access = useUserAccess();
  const concrete = access.allowedSystemTypes.includes(systemTypeIds.concrete);
  return permissionFlags(
    concrete ? access.permissions.levelOf(formIdOf(screen)) : permissionLevels.None,
  );
}
