/** R-CREDIT-15: the letters sent, newest first: to whom, which template, when, by whom. */
import { Alert, Group, Loader, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { historyQuery } from './credit-letters-api';
import { SentLettersTable } from '../../components/credit/sent-letters-table';

export function SentLettersPanel({ showAmounts }: { showAmounts: boolean }) {
  const { t } = useTranslation();
  const history = useQuery(historyQuery());
  if (history.isPending) {
    return (
      <Group justify="center" p="xl">
        <Loader aria-label={t('app.loading')} />
      </Group>
    );
  }
  if (history.isError) return <Alert color="red">{history.error.message}</Alert>;
  if (history.data.length === 0) return <Text c="dimmed">{t('creditLetters.sent.none')}</Text>;
  return <SentLettersTable letters={history.data} showAmounts={showAmounts} />;
}
