/**
 * The truck form's live status tab: since when the truck has been in its status, as the board
 * counts it. The status itself, the yard place and the ticket are the definition's read-only
 * fields above; dispatch changes them, not this form.
 */
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { FormPanel } from '../../resources/resource-form-page';
import { dateLocale } from '../../lib/i18n/i18n';

export const TruckStatusPanel: FormPanel = ({ record }) => {
  const { t } = useTranslation();
  const since = typeof record?.statusDateTime === 'string' ? new Date(record.statusDateTime) : null;
  if (!since || Number.isNaN(since.getTime())) return null;
  return (
    <Text size="sm" data-testid="truck-status-since">
      {t('resources.trucks.texts.statusSince', {
        defaultValue: 'In this status since {{when}}',
        when: since.toLocaleString(dateLocale()),
      })}
    </Text>
  );
};
