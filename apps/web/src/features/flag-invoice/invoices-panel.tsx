/**
 * R-INV-7, R-INV-8: the invoices and credit notes, newest first, searched as you type; each opens
 * its PDF in the print window, and an invoice not credited yet can be credited.
 */
import { Alert, Badge, Button, Group, Paper, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { InvoiceSummary } from '@dispatch/domain/invoicing/invoice-schemas';
import type { PermissionFlags } from '@dispatch/domain/permissions';
import { CreditDialog } from './credit-dialog';
import { creditInvoice, invoiceKeys, invoiceListQuery, openInvoicePdf } from './flag-invoice-api';
import { PriceCells, PriceHeads } from './price-columns';

const noWrap = { whiteSpace: 'nowrap' } as const;

export function InvoicesPanel({ flags }: { flags: PermissionFlags }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 200);
  const list = useQuery({ ...invoiceListQuery(debounced), placeholderData: keepPreviousData });
  const [crediting, setCrediting] = useState<InvoiceSummary | null>(null);
  const credit = useMutation({
    mutationFn: (input: { invoice: InvoiceSummary; reason: string }) =>
      creditInvoice(input.invoice.id, input.reason),
    onSuccess: (note) => {
      setCrediting(null);
      notifications.show({
        color: 'green',
        message: t('flagInvoice.credited', { number: note.number }),
      });
      void queryClient.invalidateQueries({ queryKey: invoiceKeys.all });
    },
  });
  const showPrices = !flags.hidePrice;
  const rows = list.data?.data ?? [];

  const handleOpen = (invoice: InvoiceSummary) => {
    openInvoicePdf(invoice).catch((error: unknown) =>
      notifications.show({ color: 'red', message: (error as Error).message }),
    );
  };

  return (
    <Stack gap="md">
      <Group align="flex-end" justify="space-between">
        <TextInput
          label={t('flagInvoice.search')}
          placeholder={t('flagInvoice.searchPlaceholder')}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          w={380}
          type="search"
        />
        {list.data ? (
          <Text size="sm" c="dimmed">
            {t('flagInvoice.count', { count: list.data.count })}
          </Text>
        ) : null}
      </Group>
      <Paper withBorder radius="md" component="section" aria-label={t('flagInvoice.tabs.invoices')}>
        {list.isError ? (
          <Alert color="red" m="md">
            {list.error.message}
          </Alert>
        ) : list.isPending ? (
          <Text size="sm" c="dimmed" p="md">
            {t('app.loading')}
          </Text>
        ) : rows.length === 0 ? (
          <Text size="sm" c="dimmed" p="md">
            {t('flagInvoice.noInvoices')}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={900}>
            <Table striped highlightOnHover verticalSpacing={6} fz="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('flagInvoice.number')}</Table.Th>
                  <Table.Th>{t('flagInvoice.kind')}</Table.Th>
                  <Table.Th style={noWrap}>{t('flagInvoice.date')}</Table.Th>
                  <Table.Th>{t('flagInvoice.customer')}</Table.Th>
                  <Table.Th ta="right">{t('flagInvoice.tickets')}</Table.Th>
                  <PriceHeads show={showPrices} amountLabel={t('flagInvoice.subtotal')} />
                  <Table.Th>{t('flagInvoice.status')}</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((invoice) => (
                  <Table.Tr key={invoice.id}>
                    <Table.Td fw={600}>{invoice.number}</Table.Td>
                    <Table.Td>
                      <Badge
                        variant="light"
                        color={invoice.kind === 'credit' ? 'red' : 'blue'}
                        style={noWrap}
                      >
                        {t(`flagInvoice.kinds.${invoice.kind}`)}
                      </Badge>
                    </Table.Td>
                    <Table.Td style={noWrap}>{invoice.invoiceDate}</Table.Td>
                    <Table.Td>
                      {invoice.customerName}
                      <Text span size="xs" c="dimmed" ml={6}>
                        {invoice.customerNumber}
                      </Text>
                    </Table.Td>
                    <Table.Td ta="right">{invoice.ticketCount}</Table.Td>
                    <PriceCells show={showPrices} row={invoice} />
                    <Table.Td style={noWrap}>
                      {invoice.creditedByNumber !== null ? (
                        <Text size="sm" c="red.8">
                          {t('flagInvoice.creditedBy', { number: invoice.creditedByNumber })}
                        </Text>
                      ) : invoice.creditsInvoiceNumber !== null ? (
                        <Text size="sm" title={invoice.creditReason}>
                          {t('flagInvoice.credits', { number: invoice.creditsInvoiceNumber })}
                          <Text span size="xs" c="dimmed" ml={6}>
                            {invoice.creditReason}
                          </Text>
                        </Text>
                      ) : (
                        <Text size="sm" c="green.8">
                          {t('flagInvoice.open')}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Group gap={6} justify="flex-end" wrap="nowrap">
                        <Button
                          size="xs"
                          variant="light"
                          onClick={() => handleOpen(invoice)}
                          aria-label={t('flagInvoice.openPdfOf', { number: invoice.number })}
                        >
                          {t('flagInvoice.openPdf')}
                        </Button>
                        {!flags.readOnly &&
                        invoice.kind === 'invoice' &&
                        invoice.creditedByInvoiceId === null ? (
                          <Button
                            size="xs"
                            variant="light"
                            color="red"
                            onClick={() => {
                              credit.reset();
                              setCrediting(invoice);
                            }}
                            aria-label={t('flagInvoice.issueCreditOf', { number: invoice.number })}
                          >
                            {t('flagInvoice.issueCredit')}
                          </Button>
                        ) : null}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Paper>
      <CreditDialog
        key={crediting?.id ?? 0}
        invoice={crediting}
        pending={credit.isPending}
        error={credit.isError ? credit.error.message : undefined}
        onConfirm={(reason) => crediting && credit.mutate({ invoice: crediting, reason })}
        onClose={() => setCrediting(null)}
      />
    </Stack>
  );
}
