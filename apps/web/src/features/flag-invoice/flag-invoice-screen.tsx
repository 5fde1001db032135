/**
 * Flag Invoice (`orders/flag-invoice`, R-INV-1..R-INV-10): delivered tickets to invoice, and the
 * invoices made, on two tabs. Another clerk's invoicing or credit (invoiceUpdate_v1) refreshes
 * both at once, as does a reconnect.
 */
import { Alert, Stack, Tabs, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { menuEntryByEnumId } from '@dispatch/domain/menu/menu-catalogue';
import { permissionFlags } from '@dispatch/domain/permissions';
import { useHubEvent, useHubReconnected } from '../../realtime/hub-events';
import { useUserAccess } from '../../session/session-queries';
import { CandidatesPanel } from './candidates-panel';
import { invoiceKeys } from './flag-invoice-api';
import { InvoicesPanel } from './invoices-panel';

const entry = menuEntryByEnumId('FlagInvoice')!;

export function FlagInvoiceScreen() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const access = useUserAccess();
  const flags = useMemo(() => permissionFlags(access.permissions.highestOf([entry.id])), [access]);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: invoiceKeys.all });
  useHubEvent('invoiceUpdate_v1', refresh);
  useHubReconnected(refresh);

  return (
    <Stack gap="lg" maw={1280}>
      <div>
        <Title order={2}>{t(entry.translationId, { defaultValue: entry.name })}</Title>
        <Text size="sm" c="dimmed">
          {t('flagInvoice.intro')}
        </Text>
      </div>
      {flags.readOnly ? <Alert color="gray">{t('flagInvoice.readOnly')}</Alert> : null}
      <Tabs defaultValue="candidates" keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="candidates">{t('flagInvoice.tabs.candidates')}</Tabs.Tab>
          <Tabs.Tab value="invoices">{t('flagInvoice.tabs.invoices')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="candidates">
          <CandidatesPanel flags={flags} />
        </Tabs.Panel>
        <Tabs.Panel value="invoices">
          <InvoicesPanel flags={flags} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
