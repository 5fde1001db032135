/** How the dashboard writes quantities, with the domain's delivery units and short labels. */
import { unitAbbreviation, type UnitId } from '@dispatch/domain/units';

export { deliveryUnitOf, unitAbbreviation } from '@dispatch/domain/units';

const quantityFormat = new Intl.NumberFormat(undefined, { maximumFractionDigits: 1 });

export function formatQuantity(value: number): string {
  return quantityFormat.format(value);
}

/** '412.5 yd³' */
export function formatQuantityWithUnit(value: number, unit: UnitId): string {
  return `${formatQuantity(value)} ${unitAbbreviation(unit)}`;
}
