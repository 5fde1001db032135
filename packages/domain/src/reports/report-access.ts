/**
 * Who may run reports, and whether they see amounts (R-RPT-2, R-RPT-3). Reports is always shown
 * (R-PERM-3), like the dashboard and Pending Orders, whose data routes still check the forms behind
 * the data; so does a report run. The level that applies is the user's own level on Reports when
 * one is stored above None; otherwise the highest of their levels on the order entry and ticket
 * entry forms of the system types their groups unlock (R-PERM-7), since those forms make the
 * orders and tickets every report reads. None of them: the run is refused. Prices are hidden at
 * levels 2 and 4 (R-PERM-6); read-only levels may run reports (a run changes nothing).
 */
import { menuEntryByEnumId, systemTypeForm } from '../menu/menu-catalogue';
import {
  canView,
  permissionFlags,
  type FormPermissions,
  type PermissionLevel,
} from '../permissions';
import type { SystemTypeId } from '../system-types';

/** The Reports menu entry (51302), looked up by name (R-MENU-7). */
export const reportsFormId = menuEntryByEnumId('Reports')!.id;

/** The forms behind the reports' data: order entry and ticket entry of each system type given. */
export function reportDataFormIds(systemTypeIds: readonly SystemTypeId[]): number[] {
  return systemTypeIds.flatMap((id) => [
    systemTypeForm('orderEntry', id).id,
    systemTypeForm('ticketEntry', id).id,
  ]);
}

export type ReportAccess = {
  level: PermissionLevel;
  /** May run reports at all (a level above None). */
  allowed: boolean;
  /** Amount columns are left out of every file (R-PERM-6). */
  hidePrices: boolean;
  /** The form whose level decided (Reports, or the data forms). */
  decidedBy: 'reports' | 'dataForms';
};

/** R-RPT-2, R-RPT-3: the level a user runs reports at. */
export function reportAccess(
  permissions: FormPermissions,
  allowedSystemTypeIds: readonly SystemTypeId[],
): ReportAccess {
  const own = permissions.levelOf(reportsFormId);
  const stored = canView(own);
  const level = stored ? own : permissions.highestOf(reportDataFormIds(allowedSystemTypeIds));
  return {
    level,
    allowed: canView(level),
    hidePrices: permissionFlags(level).hidePrice,
    decidedBy: stored ? 'reports' : 'dataForms',
  };
}
