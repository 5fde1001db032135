/**
 * What is done from a pending row (R-PEND-9): release, call in and cancel, each followed by a
 * fresh read, with a failed release shown above the list; and the list exported as CSV.
 */
import { useState } from 'react';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { CsvValue } from '@dispatch/domain/files/csv';
import type { PendingRow } from '@dispatch/domain/orders/pending-orders';
import { saveCsv } from '../../lib/download-file';
import { callInOrder, cancelOrder, pendingOrderKeys, releaseOrder } from './pending-orders-api';
import type { RowFormat } from './pending-orders-table';

export const messageOf = (failure: unknown) =>
  failure instanceof Error ? failure.message : String(failure);

export function usePendingActions({
  rows,
  format,
}: {
  rows: readonly PendingRow[];
  format: RowFormat;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [busyId, setBusyId] = useState<number | null>(null);
  const [failure, setFailure] = useState<{ title: string; message: string } | null>(null);
  const [callingIn, setCallingIn] = useState<PendingRow | null>(null);
  const [cancelling, setCancelling] = useState<PendingRow | null>(null);

  const refresh = () => queryClient.invalidateQueries({ queryKey: pendingOrderKeys.all });
  const done = (title: string, message: string) => {
    setFailure(null);
    notifications.show({ color: 'teal', title, message });
    void refresh();
  };

  const handleRelease = async (row: PendingRow) => {
    setBusyId(row.id);
    try {
      await releaseOrder(row.id, row.version);
      done(
        t('pendingOrders.released', { number: row.number }),
        t('pendingOrders.releasedText', { customer: row.customerName }),
      );
    } catch (error) {
      setFailure({
        title: t('pendingOrders.releaseFailed', { number: row.number }),
        message: messageOf(error),
      });
      void refresh();
    } finally {
      setBusyId(null);
    }
  };

  const handleCallIn = async (row: PendingRow, time: string) => {
    // The time on the ship date as the user's clock reads it, sent as an instant.
    const instant = new Date(`${row.shipDate}T${time}:00`).toISOString();
    await callInOrder(row.id, row.version, instant);
    setCallingIn(null);
    done(
      t('pendingOrders.calledIn', { number: row.number }),
      t('pendingOrders.calledInText', { time, shipDate: format.date(row.shipDate) }),
    );
  };

  const handleCancel = async (row: PendingRow, reason: string) => {
    await cancelOrder(row.id, row.version, reason);
    setCancelling(null);
    done(
      t('pendingOrders.cancelled', { number: row.number }),
      t('pendingOrders.cancelledText', { customer: row.customerName }),
    );
  };

  const handleExport = () => {
    const columns: { header: string; value: (row: PendingRow) => CsvValue }[] = [
      { header: t('pendingOrders.columns.number'), value: (row) => row.number ?? `R${row.id}` },
      {
        header: t('pendingOrders.columns.status'),
        value: (row) => t(`pendingOrders.kinds.${row.kind}`),
      },
      { header: t('pendingOrders.csv.customerNumber'), value: (row) => row.customerNumber },
      { header: t('pendingOrders.columns.customer'), value: (row) => row.customerName },
      { header: t('pendingOrders.columns.job'), value: (row) => row.jobNumber },
      { header: t('pendingOrders.csv.jobAddress'), value: (row) => row.jobAddress },
      { header: t('pendingOrders.columns.product'), value: (row) => row.productDescription },
      { header: t('pendingOrders.csv.quantity'), value: (row) => row.quantity },
      { header: t('pendingOrders.csv.delivered'), value: (row) => row.deliveredQuantity },
      { header: t('pendingOrders.columns.shipDate'), value: (row) => row.shipDate },
      { header: t('pendingOrders.csv.time'), value: (row) => format.time(row) },
      { header: t('pendingOrders.columns.plant'), value: (row) => row.plantName },
      { header: t('pendingOrders.columns.reason'), value: (row) => row.reason },
      { header: t('pendingOrders.columns.credit'), value: (row) => row.creditStatus },
      { header: t('pendingOrders.csv.requestedBy'), value: (row) => row.requestedBy },
    ];
    saveCsv('pending-orders.csv', [
      columns.map((column) => column.header),
      ...rows.map((row) => columns.map((column) => column.value(row))),
    ]);
  };

  return {
    busyId,
    failure,
    setFailure,
    callingIn,
    setCallingIn,
    cancelling,
    setCancelling,
    handleRelease,
    handleCallIn,
    handleCancel,
    handleExport,
  };
}
