/**
 * The credit letters the customer was sent, on the form's Letters tab (R-CREDIT-15): when, which
 * template, what was past due then (for levels that see amounts), and who produced them.
 */
import { Alert, Group, Loader, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { SentLettersTable } from '../../components/credit/sent-letters-table';
import { customerLettersQuery } from '../../data/credit-letters/customer-letters-query';
import type { FormPanel } from '../../resources/resource-form-page';

export const CustomerLettersPanel: FormPanel = ({ record }) => {
  const { t } = useTranslation();
  const letters = useQuery({ ...customerLettersQuery(record?.id ?? 0), enabled: !!record });
  if (!record) {
    return (
      <Text size="sm" c="dimmed">
        {t('resources.customers.panels.lettersAfterSave', {
          defaultValue: 'Credit letters show here once the customer is saved.',
        })}
      </Text>
    );
  }
  if (letters.isPending) {
    return (
      <Group justify="center" p="md">
        <Loader size="sm" aria-label={t('app.loading')} />
      </Group>
    );
  }
  if (letters.isError) return <Alert color="red">{letters.error.message}</Alert>;
  if (letters.data.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('resources.customers.panels.lettersNone', {
          defaultValue: 'This customer has not been sent a letter.',
        })}
      </Text>
    );
  }
  return (
    <SentLettersTable
      letters={letters.data}
      // The server leaves amounts out for a level that hides prices (R-PERM-6).
      showAmounts={letters.data.some((letter) => letter.pastDueAmount !== undefined)}
      showCustomer={false}
    />
  );
};
