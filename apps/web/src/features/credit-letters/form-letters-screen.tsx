/**
 * Form Letters (`/credit/form-letter`, R-CREDIT-11..R-CREDIT-17): customers chosen by credit
 * condition with where their accounts stand, each ticked for a letter; a template and "Produce
 * letters" make one PDF in the background; the letters sent on a tab of their own; a customer's
 * account in a drawer. Another clerk's payments and letters refresh the lists at once.
 */
import { Alert, Group, Loader, Stack, Tabs, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CreditCandidate } from '@dispatch/domain/credit/credit-letter-schemas';
import { isIdsPayload } from '@dispatch/domain/dispatch/dispatch-events';
import { menuEntryByEnumId } from '@dispatch/domain/menu/menu-catalogue';
import { permissionFlags } from '@dispatch/domain/permissions';
import { useHubEvent, useHubReconnected } from '../../realtime/hub-events';
import { useUserAccess } from '../../session/session-queries';
import { CandidateFiltersBar } from './candidate-filters';
import { CandidateTable } from './candidate-table';
import { creditKeys, type CandidateFilters } from '../../data/credit-letters/credit-letter-keys';
import { candidatesQuery } from './credit-letters-api';
import { useCreditFormat } from '../../lib/credit-format';
import { CustomerAccountDrawer } from './customer-account-drawer';
import { ProduceLettersPanel } from './produce-letters-panel';
import { SentLettersPanel } from './sent-letters-panel';

const entry = menuEntryByEnumId('FormLetter')!;

/** The writes of other screens that change what this one shows. */
const creditResources = new Set(['customerPayments', 'customerLetters', 'customers']);

export function FormLettersScreen() {
  const { t } = useTranslation();
  const format = useCreditFormat();
  const queryClient = useQueryClient();
  const access = useUserAccess();
  const flags = useMemo(() => permissionFlags(access.permissions.highestOf([entry.id])), [access]);
  const [filters, setFilters] = useState<CandidateFilters>({
    overLimit: false,
    minDaysPastDue: null,
    creditStatusIds: [],
    search: '',
  });
  const [debounced] = useDebouncedValue(filters, 250);
  const [excluded, setExcluded] = useState<ReadonlySet<number>>(new Set());
  const [opened, setOpened] = useState<CreditCandidate | null>(null);
  const candidates = useQuery({ ...candidatesQuery(debounced), placeholderData: keepPreviousData });

  const refresh = () => void queryClient.invalidateQueries({ queryKey: creditKeys.all });
  useHubEvent('resourceChanged_v1', (data) => {
    if (isIdsPayload(data) || creditResources.has(data.resource)) refresh();
  });
  useHubReconnected(refresh);

  const rows = candidates.data?.data ?? [];
  const chosen = rows.filter((row) => !excluded.has(row.customerId)).map((row) => row.customerId);
  const handleToggle = (customerIds: readonly number[], selected: boolean) =>
    setExcluded((before) => {
      const next = new Set(before);
      for (const id of customerIds) {
        if (selected) next.delete(id);
        else next.add(id);
      }
      return next;
    });

  return (
    <Stack gap="lg" maw={1320}>
      <div>
        <Title order={2}>{t(entry.translationId, { defaultValue: entry.name })}</Title>
        <Text size="sm" c="dimmed">
          {t('creditLetters.intro')}
        </Text>
      </div>
      <Tabs defaultValue="customers" keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="customers">{t('creditLetters.tabs.customers')}</Tabs.Tab>
          <Tabs.Tab value="sent">{t('creditLetters.tabs.sent')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="customers">
          <Stack gap="md">
            <CandidateFiltersBar
              filters={filters}
              statuses={candidates.data?.creditStatuses ?? []}
              onChange={setFilters}
            />
            {candidates.isError ? <Alert color="red">{candidates.error.message}</Alert> : null}
            {candidates.isPending ? (
              <Group justify="center" p="xl">
                <Loader aria-label={t('app.loading')} />
              </Group>
            ) : (
              <>
                <Group justify="space-between">
                  <Text size="sm" fw={600}>
                    {t('creditLetters.count', { count: candidates.data?.count ?? 0 })}
                    {candidates.isFetching ? <Loader size="xs" ml="xs" /> : null}
                  </Text>
                  {candidates.data ? (
                    <Text size="sm" c="dimmed">
                      {t('creditLetters.asOf', { date: format.day(candidates.data.asOf) })}
                    </Text>
                  ) : null}
                </Group>
                {candidates.data?.truncated ? (
                  <Alert color="yellow" variant="light">
                    {t('creditLetters.truncated', { count: rows.length })}
                  </Alert>
                ) : null}
                {rows.length === 0 ? (
                  <Text c="dimmed">{t('creditLetters.none')}</Text>
                ) : (
                  <CandidateTable
                    rows={rows}
                    excluded={excluded}
                    showAmounts={!flags.hidePrice}
                    readOnly={flags.readOnly}
                    onToggle={handleToggle}
                    onOpen={setOpened}
                  />
                )}
              </>
            )}
            <ProduceLettersPanel customerIds={chosen} flags={flags} />
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="sent">
          <SentLettersPanel showAmounts={!flags.hidePrice} />
        </Tabs.Panel>
      </Tabs>
      <CustomerAccountDrawer
        customerId={opened?.customerId ?? null}
        customerName={opened?.customerName ?? ''}
        flags={flags}
        onClose={() => setOpened(null)}
      />
    </Stack>
  );
}
