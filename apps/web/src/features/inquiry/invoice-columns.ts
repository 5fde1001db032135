/** R-INQ-7: invoice inquiry's grid columns; the number and the date sort. */
import type { TFunction } from 'i18next';
import type { InvoiceInquiryRow } from '@dispatch/domain/inquiry/invoice-inquiry';
import type { GridColumn, GridRow } from '../../components/data-grid/resource-grid';
import type { InquiryFormat } from './inquiry-format';

const as = (row: GridRow) => row as unknown as InvoiceInquiryRow;

/** Open, credited by a credit note, or a credit note of an invoice. */
export function invoiceStatusText(t: TFunction, row: InvoiceInquiryRow): string {
  if (row.creditedByNumber !== null)
    return t('inquiry.creditedBy', { number: row.creditedByNumber });
  if (row.creditsInvoiceNumber !== null) {
    return t('inquiry.invoices.credits', { number: row.creditsInvoiceNumber });
  }
  return t('inquiry.invoices.open');
}

export function invoiceColumns(
  t: TFunction,
  format: InquiryFormat,
  hidePrice: boolean,
): GridColumn[] {
  const money = (
    field: 'extendedPrice' | 'taxAmount' | 'totalAmount',
    header: string,
  ): GridColumn => ({
    field,
    header,
    kind: 'money',
    sortable: false,
    width: 110,
    format: (row) => format.money(as(row)[field]),
  });
  return [
    {
      field: 'number',
      header: t('inquiry.invoices.columns.number'),
      kind: 'integer',
      sortable: true,
      width: 100,
    },
    {
      field: 'kind',
      header: t('inquiry.invoices.kind'),
      kind: 'text',
      sortable: false,
      width: 110,
      format: (row) => t(`inquiry.invoices.kinds.${as(row).kind}`),
    },
    {
      field: 'invoiceDate',
      header: t('inquiry.invoices.columns.date'),
      kind: 'date',
      sortable: true,
      width: 120,
      format: (row) => format.calendarDay(as(row).invoiceDate),
    },
    {
      field: 'customerName',
      header: t('inquiry.customer'),
      kind: 'text',
      sortable: false,
      width: 220,
      format: (row) => `${as(row).customerName} · ${as(row).customerNumber}`,
    },
    {
      field: 'ticketCount',
      header: t('inquiry.invoices.columns.tickets'),
      kind: 'integer',
      sortable: false,
      width: 90,
    },
    ...(hidePrice
      ? []
      : [
          money('extendedPrice', t('inquiry.subtotal')),
          money('taxAmount', t('inquiry.tax')),
          money('totalAmount', t('inquiry.total')),
        ]),
    {
      field: 'status',
      header: t('inquiry.invoices.columns.status'),
      kind: 'text',
      sortable: false,
      width: 150,
      format: (row) => invoiceStatusText(t, as(row)),
    },
    {
      field: 'createdBy',
      header: t('inquiry.invoices.columns.madeBy'),
      kind: 'text',
      sortable: false,
      width: 110,
      hidden: true,
    },
  ];
}
