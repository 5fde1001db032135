/** How the dashboard writes quantities, with the domain's delivery units and short labels. */
import { unitAbbreviation, type UnitId } from '@dispatch/domain/units';
import { dateLocale } from '../../lib/i18n/i18n';

export { deliveryUnitOf, unitAbbreviation } from '@dispatch/domain/units';

/** In the user's language: '1.536,5' in Spanish. */
export function formatQuantity(value: number): string {
  return value.toLocaleString(dateLocale(), { maximumFractionDigits: 1 });
}

/** '412.5 yd³' */
export function formatQuantityWithUnit(value: number, unit: UnitId): string {
  return `${formatQuantity(value)} ${unitAbbreviation(unit)}`;
}
