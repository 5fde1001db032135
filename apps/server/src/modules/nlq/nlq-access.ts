/**
 * R-NLQ-6: what a question may read is what the asker may open on the forms behind the data:
 * deliveries behind order entry and ticket entry of each system type, orders behind order entry,
 * trucks behind truck maintenance and the load-scheduling board; system types from the asker's
 * groups; price-bearing measures only for levels that show prices on every form behind them.
 */
import { nlqMeasures, type NlqMeasure, type NlqView } from '@dispatch/domain/nlq/nlq-catalogue';
import { menuEntryByEnumId, systemTypeForm } from '@dispatch/domain/menu/menu-catalogue';
import { canView, permissionFlags } from '@dispatch/domain/permissions';
import { allowedSystemTypes, type SystemTypeId } from '@dispatch/domain/system-types';
import type { AuthContext } from '../../auth/session-store';
import { ApiError } from '../../http/api-error';

export type NlqAccess = { systemTypeIds: SystemTypeId[]; pricesVisible: boolean };

const viewNames: Record<NlqView, string> = {
  deliveries: 'deliveries (order and ticket entry)',
  orders: 'orders (order entry)',
  trucks: 'trucks (truck maintenance or the load-scheduling board)',
};

function formsBehind(view: NlqView, systemTypeId: SystemTypeId): number[] {
  if (view === 'trucks') {
    return ['TruckMaintenance', 'LoadScheduling'].flatMap((enumId) => {
      const entry = menuEntryByEnumId(enumId);
      return entry ? [entry.id] : [];
    });
  }
  const forms = [systemTypeForm('orderEntry', systemTypeId).id];
  if (view === 'deliveries') forms.push(systemTypeForm('ticketEntry', systemTypeId).id);
  return forms;
}

export function nlqAccess(auth: AuthContext, view: NlqView): NlqAccess {
  const systemTypeIds: SystemTypeId[] = [];
  let pricesVisible = true;
  for (const systemTypeId of allowedSystemTypes(auth.groupIds)) {
    const level = auth.permissions.highestOf(formsBehind(view, systemTypeId));
    if (!canView(level)) continue;
    systemTypeIds.push(systemTypeId);
    if (permissionFlags(level).hidePrice) pricesVisible = false;
  }
  return { systemTypeIds, pricesVisible };
}

/** 403 when the asker may read none of the view, or a price-bearing measure with prices hidden. */
export function checkNlqAccess(auth: AuthContext, view: NlqView, measure: NlqMeasure): NlqAccess {
  const access = nlqAccess(auth, view);
  if (access.systemTypeIds.length === 0) {
    throw new ApiError('permission', `You do not have permission to see ${viewNames[view]}.`);
  }
  if (nlqMeasures[measure].priced && !access.pricesVisible) {
    throw new ApiError(
      'permission',
      'Prices are hidden for you, so sales amounts cannot be shown: ask for quantities or loads.',
      { code: 'nlq_prices_hidden' },
    );
  }
  return access;
}
