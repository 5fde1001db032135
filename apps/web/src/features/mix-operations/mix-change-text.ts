/** A global change in words: "Replace CEM by SLAG × 1.1", "Scale FLYASH by +10 %", "Set WRA to 16". */
import type { TFunction } from 'i18next';
import type { GlobalMixChange } from '@dispatch/domain/mixes/mix-design-change';
import { numberText, signedPercent } from './mix-format';

type Named = { code: string; description: string };

const nameOf = (material: Named | null | undefined) =>
  material ? material.description || material.code : '—';

export function mixChangeText(
  t: TFunction,
  language: string,
  change: Pick<GlobalMixChange, 'action' | 'factor' | 'percent' | 'quantity'> & {
    rawMaterial: Named | null | undefined;
    replacement: Named | null | undefined;
  },
): string {
  const material = nameOf(change.rawMaterial);
  if (change.action === 'replace') {
    const factor = change.factor ?? 1;
    return factor === 1
      ? t('mixOperations.change.replaceSame', { material, replacement: nameOf(change.replacement) })
      : t('mixOperations.change.replaceFactor', {
          material,
          replacement: nameOf(change.replacement),
          factor: numberText(language, factor, 6),
        });
  }
  if (change.action === 'scale') {
    return t('mixOperations.change.scaleText', {
      material,
      percent: signedPercent(language, change.percent ?? 0),
    });
  }
  return t('mixOperations.change.setText', {
    material,
    quantity: numberText(language, change.quantity ?? 0),
  });
}
