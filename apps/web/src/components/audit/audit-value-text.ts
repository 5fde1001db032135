/**
 * What every audit screen says of a changed value before its own wording (R-AUDIT-4, R-OAUD-3):
 * the label the server sent (a name for an id), a dash for nothing, Yes/No for a flag.
 */
import type { TFunction } from 'i18next';

/** The common wording of a value, or undefined when the screen words it itself. */
export function commonAuditValueText(
  t: TFunction,
  value: unknown,
  label: string | undefined,
): string | undefined {
  if (label !== undefined) return label;
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') {
    return value
      ? t('resource.yes', { defaultValue: 'Yes' })
      : t('resource.no', { defaultValue: 'No' });
  }
  return undefined;
}
