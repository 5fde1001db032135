/** How the price escalation screens write money, a change, a system type and a product kind. */
import type { TFunction } from 'i18next';
import type { ResourceDefinition } from '@dispatch/domain/resources/define';
import type { EscalationMethod } from '@dispatch/domain/pricing/price-escalation';
import { systemTypes } from '@dispatch/domain/system-types';

export function useMoney(language: string) {
  const format = new Intl.NumberFormat(language, {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  return (value: number) => format.format(value);
}

/** "+3 %" or "−2.50" as the history and the confirmation say it. */
export function changeText(
  t: TFunction,
  money: (value: number) => string,
  method: EscalationMethod,
  amount: number,
) {
  const sign = amount < 0 ? '−' : '+';
  return method === 'percent'
    ? t('priceEscalation.percentChange', { sign, value: Math.abs(amount) })
    : `${sign}${money(Math.abs(amount))}`;
}

export function systemTypeLabel(t: TFunction, id: number): string {
  const type = systemTypes.find((candidate) => candidate.id === id);
  return type
    ? t(`priceEscalation.systemTypes.${type.key}`, { defaultValue: type.name })
    : String(id);
}

export function targetLabel(t: TFunction, target: ResourceDefinition): string {
  return t(`resources.${target.name}.plural`, { defaultValue: target.plural });
}
