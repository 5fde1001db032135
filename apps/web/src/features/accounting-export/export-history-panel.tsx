/**
 * R-ACCT-11, R-ACCT-12: every export batch, newest first: its number, format, invoice dates, how
 * many invoices, the total, who made it and when, whether it was undone (by whom and why); its
 * file again, and the undo of a live batch (with a reason).
 */
import { Alert, Badge, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AccountingExportBatch } from '@dispatch/domain/accounting/accounting-export-schemas';
import type { PermissionFlags } from '@dispatch/domain/permissions';
import { formatDate } from '@dispatch/domain/dates/date-format';
import { formatMoney } from '../../lib/money-format';
import {
  downloadBatchFile,
  exportHistoryQuery,
  exportKeys,
  undoExport,
} from './accounting-export-api';
import { UndoBatchDialog } from './undo-batch-dialog';

const noWrap = { whiteSpace: 'nowrap' } as const;

export function ExportHistoryPanel({ flags }: { flags: PermissionFlags }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const history = useQuery(exportHistoryQuery());
  const [undoing, setUndoing] = useState<AccountingExportBatch | null>(null);
  const undo = useMutation({
    mutationFn: (input: { batch: AccountingExportBatch; reason: string }) =>
      undoExport(input.batch, input.reason),
    onSuccess: (batch) => {
      setUndoing(null);
      notifications.show({
        color: 'green',
        message: t('accountingExport.undoneNotice', { batch: batch.id }),
      });
      void queryClient.invalidateQueries({ queryKey: exportKeys.all });
    },
  });
  const showPrices = !flags.hidePrice;
  const mayAct = flags.full && showPrices;
  const rows = history.data?.data ?? [];

  const handleDownload = (batch: AccountingExportBatch) =>
    void downloadBatchFile(batch.id, batch.fileName).catch((error: unknown) =>
      notifications.show({ color: 'red', message: (error as Error).message }),
    );

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="baseline">
        <Title order={4}>{t('accountingExport.history')}</Title>
        {history.data ? (
          <Text size="sm" c="dimmed">
            {t('accountingExport.historyCount', { count: history.data.count })}
          </Text>
        ) : null}
      </Group>
      <Paper withBorder radius="md" component="section" aria-label={t('accountingExport.history')}>
        {history.isError ? (
          <Alert color="red" m="md">
            {history.error.message}
          </Alert>
        ) : history.isPending ? (
          <Text size="sm" c="dimmed" p="md">
            {t('app.loading')}
          </Text>
        ) : rows.length === 0 ? (
          <Text size="sm" c="dimmed" p="md">
            {t('accountingExport.noHistory')}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={980}>
            <Table striped highlightOnHover verticalSpacing={6} fz="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('accountingExport.batch')}</Table.Th>
                  <Table.Th>{t('accountingExport.format')}</Table.Th>
                  <Table.Th style={noWrap}>{t('accountingExport.range')}</Table.Th>
                  <Table.Th ta="right">{t('accountingExport.records')}</Table.Th>
                  {showPrices ? (
                    <Table.Th ta="right">{t('accountingExport.total')}</Table.Th>
                  ) : null}
                  <Table.Th>{t('accountingExport.by')}</Table.Th>
                  <Table.Th style={noWrap}>{t('accountingExport.when')}</Table.Th>
                  <Table.Th>{t('accountingExport.status')}</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((batch) => (
                  <Table.Tr key={batch.id}>
                    <Table.Td fw={600}>{batch.id}</Table.Td>
                    <Table.Td style={noWrap}>
                      {t(`accountingExport.formats.${batch.format}`)}
                    </Table.Td>
                    <Table.Td style={noWrap}>
                      {batch.from === batch.to ? batch.from : `${batch.from} – ${batch.to}`}
                    </Table.Td>
                    <Table.Td ta="right">{batch.recordCount}</Table.Td>
                    {showPrices ? (
                      <Table.Td ta="right" style={noWrap}>
                        {batch.totalAmount === undefined ? '' : formatMoney(batch.totalAmount)}
                      </Table.Td>
                    ) : null}
                    <Table.Td>{batch.createdBy}</Table.Td>
                    <Table.Td style={noWrap}>
                      {formatDate(new Date(batch.createdAt), 'YYYY-MM-DD HH:mm')}
                    </Table.Td>
                    <Table.Td style={batch.undoneAt === null ? noWrap : { minWidth: 200 }}>
                      {batch.undoneAt === null ? (
                        <Group gap={6} wrap="nowrap">
                          <Badge variant="light" color="teal">
                            {t('accountingExport.live')}
                          </Badge>
                          {batch.includedExported ? (
                            <Text size="xs" c="dimmed">
                              {t('accountingExport.includedExported')}
                            </Text>
                          ) : null}
                        </Group>
                      ) : (
                        <Stack gap={0}>
                          <Badge variant="light" color="gray" w="fit-content">
                            {t('accountingExport.undone')}
                          </Badge>
                          <Text size="xs" c="dimmed">
                            {t('accountingExport.undoneBy', {
                              who: batch.undoneBy ?? '',
                              reason: batch.undoReason ?? '',
                            })}
                          </Text>
                        </Stack>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Group gap={6} justify="flex-end" wrap="nowrap">
                        {showPrices ? (
                          <Button
                            size="xs"
                            variant="light"
                            onClick={() => handleDownload(batch)}
                            aria-label={t('accountingExport.download', { name: batch.fileName })}
                            title={batch.fileName}
                          >
                            {t('accountingExport.downloadShort')}
                          </Button>
                        ) : null}
                        {mayAct && batch.undoneAt === null ? (
                          <Button
                            size="xs"
                            variant="light"
                            color="red"
                            onClick={() => {
                              undo.reset();
                              setUndoing(batch);
                            }}
                            aria-label={t('accountingExport.undoOf', { batch: batch.id })}
                          >
                            {t('accountingExport.undo')}
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
      <UndoBatchDialog
        key={undoing?.id ?? 0}
        batch={undoing}
        pending={undo.isPending}
        error={undo.isError ? undo.error.message : undefined}
        onConfirm={(reason) => undoing && undo.mutate({ batch: undoing, reason })}
        onClose={() => setUndoing(null)}
      />
    </Stack>
  );
}
