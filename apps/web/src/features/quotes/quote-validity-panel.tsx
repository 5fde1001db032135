/**
 * Whether the quote on screen is current (R-MAINT-14's validity dates): in effect, not expired and
 * active, as of today on this computer. A new quote is dated today unless the link said otherwise.
 */
import { useEffect } from 'react';
import { Badge, Group, Text } from '@mantine/core';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { isQuoteCurrent } from '@dispatch/domain/resources/quotes';
import { formatDate } from '@dispatch/domain/dates/date-format';
import type { FormPanel } from '../../resources/resource-form-page';

const today = (): string => formatDate(new Date(), 'YYYY-MM-DD');

type Validity = 'current' | 'expired' | 'notYetEffective' | 'inactive';

export function quoteValidity(values: Readonly<Record<string, unknown>>, day: string): Validity {
  if (values.inactiveFlag === true) return 'inactive';
  if (isQuoteCurrent(values, day)) return 'current';
  const expires = values.expirationDate;
  return typeof expires === 'string' && expires !== '' && expires < day
    ? 'expired'
    : 'notYetEffective';
}

const colors: Record<Validity, string> = {
  current: 'teal',
  expired: 'red',
  notYetEffective: 'yellow',
  inactive: 'gray',
};

const english: Record<Validity, string> = {
  current: 'Current',
  expired: 'Expired',
  notYetEffective: 'Not yet in effect',
  inactive: 'Inactive',
};

export const QuoteValidityPanel: FormPanel = ({ record, form, readOnly }) => {
  const { t } = useTranslation();
  const [effectiveDate, expirationDate, inactiveFlag] = useWatch({
    control: form.control,
    name: ['effectiveDate', 'expirationDate', 'inactiveFlag'],
  }) as [unknown, unknown, unknown];

  useEffect(() => {
    if (record || readOnly || form.getValues('quoteDate')) return;
    // The default, not a change: a new quote is not "unsaved" until the user types.
    form.resetField('quoteDate', { defaultValue: today() });
  }, [record, readOnly, form]);

  const validity = quoteValidity({ effectiveDate, expirationDate, inactiveFlag }, today());
  return (
    <Group gap="xs" role="status">
      <Text size="sm">{t('resources.quotes.texts.validity', { defaultValue: 'Validity' })}:</Text>
      <Badge color={colors[validity]} variant="light">
        {t(`resources.quotes.texts.${validity}`, { defaultValue: english[validity] })}
      </Badge>
    </Group>
  );
};
