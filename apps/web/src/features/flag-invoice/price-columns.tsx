/**
 * The three money columns of flag invoice's tables (R-INV-1, R-INV-7): amount, tax and total,
 * right-aligned, the total in bold; left out for a user who may not see prices.
 */
import { Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useMoney } from './invoice-format';

// Absent where the server hid prices from the user.
type Priced = { extendedPrice?: number; taxAmount?: number; totalAmount?: number };

/** How many columns the money takes, for a row that spans the table. */
export const priceColumnCount = 3;

export function PriceHeads({ show, amountLabel }: { show: boolean; amountLabel: string }) {
  const { t } = useTranslation();
  if (!show) return null;
  return (
    <>
      <Table.Th ta="right">{amountLabel}</Table.Th>
      <Table.Th ta="right">{t('flagInvoice.tax')}</Table.Th>
      <Table.Th ta="right">{t('flagInvoice.total')}</Table.Th>
    </>
  );
}

export function PriceCells({ show, row }: { show: boolean; row: Priced }) {
  const money = useMoney();
  if (!show) return null;
  return (
    <>
      <Table.Td ta="right">{money(row.extendedPrice)}</Table.Td>
      <Table.Td ta="right">{money(row.taxAmount)}</Table.Td>
      <Table.Td ta="right" fw={600}>
        {money(row.totalAmount)}
      </Table.Td>
    </>
  );
}
