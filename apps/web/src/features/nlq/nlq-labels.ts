/** How the screen names a query's parts and an answer's cells, in the user's language (R-NLQ-9). */
import { useTranslation } from 'react-i18next';
import {
  nlqMeasures,
  type NlqDimension,
  type NlqMeasure,
} from '@dispatch/domain/nlq/nlq-catalogue';
import type { NlqCell } from '@dispatch/domain/nlq/nlq-api';

const codeDimensions: readonly NlqDimension[] = ['orderStatus', 'truckStatus', 'systemType'];

export function useCellText(): (dimension: NlqDimension, value: NlqCell) => string {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  return (dimension, value) => {
    if (value === null) return '—';
    const text = String(value);
    if (codeDimensions.includes(dimension)) {
      return t(`nlq.values.${dimension}.${text}`, { defaultValue: text });
    }
    if (dimension === 'day' || dimension === 'week') {
      const date = new Date(`${text}T12:00:00`);
      const formatted = date.toLocaleDateString(locale, {
        day: 'numeric',
        month: 'short',
        ...(dimension === 'day' ? { weekday: 'short' } : {}),
      });
      return dimension === 'week' ? t('nlq.weekOf', { date: formatted }) : formatted;
    }
    if (dimension === 'month') {
      return new Date(`${text}-15T12:00:00`).toLocaleDateString(locale, {
        month: 'long',
        year: 'numeric',
      });
    }
    return text;
  };
}

export function useMeasureText(): (measure: NlqMeasure, value: NlqCell) => string {
  const { i18n } = useTranslation();
  return (measure, value) => {
    if (value === null) return '—';
    const counted = nlqMeasures[measure].kind === 'count';
    return Number(value).toLocaleString(i18n.language, {
      minimumFractionDigits: counted ? 0 : 2,
      maximumFractionDigits: counted ? 0 : 2,
    });
  };
}

/** A filter's chip: its field and its value ("Plant: North Yard", "Order status: On hold"). */
export function useFilterLabel(): (field: NlqDimension, label: string) => string {
  const { t } = useTranslation();
  const cellText = useCellText();
  return (field, label) => `${t(`nlq.dimensionNames.${field}`)}: ${cellText(field, label)}`;
}
