/**
 * What a new order starts with (the seeded order type and reason codes), and the source of
 * taxing, a code of the classic system rather than a table. Order types, reasons and flags are
 * lookups picked from their own lists (R-MAINT-24).
 */
import { systemTypeIds, type SystemTypeId } from '@dispatch/domain/system-types';

export type Choice = { readonly id: number; readonly label: string };

export const taxingTypeChoices: readonly Choice[] = [
  { id: 1, label: 'Job address' },
  { id: 2, label: 'Plant address' },
];

/** The seeded delivery order type of each system type: what a new order starts with. */
const deliveryOrderTypeIds: Readonly<Record<SystemTypeId, number>> = {
  [systemTypeIds.concrete]: 1,
  [systemTypeIds.aggregate]: 4,
  [systemTypeIds.block]: 7,
};

export const defaultOrderTypeId = (systemTypeId: SystemTypeId): number =>
  deliveryOrderTypeIds[systemTypeId];
export const defaultReasonId = 1;
export const defaultTaxingTypeId = 1;
