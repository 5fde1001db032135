/**
 * R-ACCT-4, R-ACCT-5: what an export of the range carries before it is queued: the counts and
 * totals, the invoices already exported (left out, or listed in a warning when they are exported
 * again), the lines that would stop it, and the range's invoices and credit notes.
 */
import { Alert, Badge, Group, List, Paper, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type {
  AccountingExportFormat,
  AccountingExportPreview,
} from '@dispatch/domain/accounting/accounting-export-schemas';
import { previewInvoiceLimit } from '@dispatch/domain/accounting/accounting-export-schemas';
import { formatMoney } from '../../lib/money-format';

const noWrap = { whiteSpace: 'nowrap' } as const;

const money = (value: number | undefined) => (value === undefined ? '' : formatMoney(value));

export function ExportPreview({
  preview,
  format,
  showPrices,
}: {
  preview: AccountingExportPreview;
  format: AccountingExportFormat | null;
  showPrices: boolean;
}) {
  const { t } = useTranslation();
  const exportedAgain = preview.includeExported
    ? preview.invoices.filter((invoice) => invoice.exportedInBatchId !== null)
    : [];

  return (
    <Stack gap="sm">
      <Group gap="xs">
        <Badge size="lg" variant="filled" color={preview.toExportCount > 0 ? 'blue' : 'gray'}>
          {t('accountingExport.toExport', { count: preview.toExportCount })}
        </Badge>
        <Badge size="lg" variant="light" color="gray">
          {t('accountingExport.inRange', { count: preview.inRangeCount })}
        </Badge>
        {preview.alreadyExportedCount > 0 ? (
          <Badge size="lg" variant="light" color={preview.includeExported ? 'orange' : 'teal'}>
            {t(preview.includeExported ? 'accountingExport.again' : 'accountingExport.leftOut', {
              count: preview.alreadyExportedCount,
            })}
          </Badge>
        ) : null}
        {preview.creditCount > 0 ? (
          <Badge size="lg" variant="light" color="red">
            {t('accountingExport.creditCount', { count: preview.creditCount })}
          </Badge>
        ) : null}
      </Group>
      {showPrices && preview.toExportCount > 0 ? (
        <Text size="sm" fw={500}>
          {t('accountingExport.totals', {
            subtotal: money(preview.extendedPrice),
            tax: money(preview.taxAmount),
            total: money(preview.totalAmount),
          })}
        </Text>
      ) : null}

      {preview.problems.length > 0 ? (
        <Alert color="red" title={t('accountingExport.problemsTitle')}>
          <List size="sm" spacing={4}>
            {preview.problems.map((problem) => (
              <List.Item key={problem.reason}>{problem.reason}</List.Item>
            ))}
          </List>
        </Alert>
      ) : null}
      {exportedAgain.length > 0 ? (
        <Alert color="orange" title={t('accountingExport.againTitle')}>
          <Text size="sm">{t('accountingExport.againText')}</Text>
          <Text size="sm" fw={500} mt={4}>
            {exportedAgain
              .map((invoice) =>
                t('accountingExport.againItem', {
                  number: invoice.number,
                  batch: invoice.exportedInBatchId,
                }),
              )
              .join(', ')}
          </Text>
        </Alert>
      ) : null}
      {format === 'QuickBooksOnline' && preview.creditCount > 0 ? (
        <Alert color="yellow">{t('accountingExport.qboCredits')}</Alert>
      ) : null}
      {preview.inRangeCount === 0 ? (
        <Text c="dimmed" size="sm">
          {t('accountingExport.nothing')}
        </Text>
      ) : preview.toExportCount === 0 ? (
        <Alert color="teal">{t('accountingExport.allExported')}</Alert>
      ) : null}
      {preview.truncated ? (
        <Text size="sm" c="dimmed">
          {t('accountingExport.truncated', { count: previewInvoiceLimit })}
        </Text>
      ) : null}

      {preview.invoices.length > 0 ? (
        <Paper
          withBorder
          radius="md"
          component="section"
          aria-label={t('accountingExport.preview')}
        >
          <Table.ScrollContainer minWidth={860}>
            <Table striped highlightOnHover verticalSpacing={5} fz="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('accountingExport.number')}</Table.Th>
                  <Table.Th>{t('accountingExport.kind')}</Table.Th>
                  <Table.Th style={noWrap}>{t('accountingExport.date')}</Table.Th>
                  <Table.Th>{t('accountingExport.customer')}</Table.Th>
                  <Table.Th ta="right">{t('accountingExport.tickets')}</Table.Th>
                  {showPrices ? (
                    <>
                      <Table.Th ta="right">{t('accountingExport.subtotal')}</Table.Th>
                      <Table.Th ta="right">{t('accountingExport.tax')}</Table.Th>
                      <Table.Th ta="right">{t('accountingExport.total')}</Table.Th>
                    </>
                  ) : null}
                  <Table.Th>{t('accountingExport.exported')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {preview.invoices.map((invoice) => {
                  const leftOut = invoice.exportedInBatchId !== null && !preview.includeExported;
                  return (
                    <Table.Tr key={invoice.id} c={leftOut ? 'dimmed' : undefined}>
                      <Table.Td fw={600}>{invoice.number}</Table.Td>
                      <Table.Td style={noWrap}>
                        <Badge
                          variant="light"
                          color={invoice.kind === 'credit' ? 'red' : 'blue'}
                          style={noWrap}
                        >
                          {t(`accountingExport.kinds.${invoice.kind}`)}
                        </Badge>
                        {invoice.creditsInvoiceNumber !== null ? (
                          <Text span size="xs" c="dimmed" ml={6}>
                            {t('accountingExport.credits', {
                              number: invoice.creditsInvoiceNumber,
                            })}
                          </Text>
                        ) : null}
                      </Table.Td>
                      <Table.Td style={noWrap}>{invoice.invoiceDate}</Table.Td>
                      <Table.Td>
                        {invoice.customerName}
                        <Text span size="xs" c="dimmed" ml={6}>
                          {invoice.customerNumber}
                        </Text>
                      </Table.Td>
                      <Table.Td ta="right">{invoice.ticketCount}</Table.Td>
                      {showPrices ? (
                        <>
                          <Table.Td ta="right" style={noWrap}>
                            {money(invoice.extendedPrice)}
                          </Table.Td>
                          <Table.Td ta="right" style={noWrap}>
                            {money(invoice.taxAmount)}
                          </Table.Td>
                          <Table.Td ta="right" fw={600} style={noWrap}>
                            {money(invoice.totalAmount)}
                          </Table.Td>
                        </>
                      ) : null}
                      <Table.Td style={noWrap}>
                        {invoice.exportedInBatchId === null ? (
                          <Text size="sm" c="dimmed">
                            {t('accountingExport.notExported')}
                          </Text>
                        ) : (
                          <Badge variant="light" color={leftOut ? 'teal' : 'orange'}>
                            {t('accountingExport.inBatch', { batch: invoice.exportedInBatchId })}
                          </Badge>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      ) : null}
    </Stack>
  );
}
