/**
 * The order audit's words in the reader's language (R-OAUD-3): a field's name placed in its
 * schedule and product line, and a value as a person reads it (Yes/No, a status by name, a time).
 */
import type { TFunction } from 'i18next';
import { auditValueText } from '@dispatch/domain/audit/audit-trail';
import type { OrderAuditChange } from '@dispatch/domain/orders/order-audit';
import {
  orderFieldLabel,
  orderFieldName,
  type OrderFieldWords,
} from '@dispatch/domain/orders/order-history-fields';
import { isOrderStatusId, orderStatusById } from '@dispatch/domain/orders/order-status';
import { isSystemTypeId, systemTypeById } from '@dispatch/domain/system-types';
import { commonAuditValueText } from '../../components/audit/audit-value-text';

function wordsOf(t: TFunction): OrderFieldWords {
  return {
    field: (name) => t(`orderAudit.fields.${name}`, { defaultValue: orderFieldName(name) }),
    schedule: (number) => t('orderAudit.schedule', { number }),
    primaryProduct: t('orderAudit.primaryProduct'),
    extraProduct: (number) => t('orderAudit.extraProduct', { number }),
  };
}

/** "Schedule 2 · Quantity per hour", in the reader's language. */
export function changeLabel(t: TFunction, change: OrderAuditChange): string {
  return orderFieldLabel(change.path, wordsOf(t));
}

const instantPattern = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

export function changeValue(
  t: TFunction,
  language: string,
  change: OrderAuditChange,
  side: 'before' | 'after',
): string {
  const value = change[side];
  const label = side === 'before' ? change.beforeLabel : change.afterLabel;
  const common = commonAuditValueText(t, value, label);
  if (common !== undefined) return common;
  const name = change.path.name;
  if (name === 'orderStatusId' && isOrderStatusId(value)) {
    const status = orderStatusById(value);
    return t(`orderEntry.statuses.${status.key}`, { defaultValue: status.name });
  }
  if (name === 'systemTypeId' && isSystemTypeId(value)) {
    const type = systemTypeById(value);
    return t(`orderEntry.systemTypes.${type.key}`, { defaultValue: type.name });
  }
  if (typeof value === 'string' && instantPattern.test(value)) {
    const instant = new Date(value);
    if (!Number.isNaN(instant.getTime())) {
      return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(
        instant,
      );
    }
  }
  return auditValueText(value);
}
