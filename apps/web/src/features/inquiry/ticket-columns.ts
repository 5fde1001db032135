/** R-INQ-2: ticket inquiry's grid columns; only the time and the number sort (R-INQ-2's indexes). */
import type { TFunction } from 'i18next';
import type { TicketInquiryRow } from '@dispatch/domain/inquiry/ticket-inquiry';
import type { GridColumn, GridRow } from '../../components/data-grid/resource-grid';
import type { InquiryFormat } from './inquiry-format';

const as = (row: GridRow) => row as unknown as TicketInquiryRow;

export function ticketStatusText(t: TFunction, row: { statusId: number; voidedFlag: boolean }) {
  return t(`inquiry.ticketStatuses.${row.voidedFlag ? 5 : row.statusId}`, {
    defaultValue: String(row.statusId),
  });
}

export function ticketColumns(
  t: TFunction,
  format: InquiryFormat,
  hidePrice: boolean,
): GridColumn[] {
  // What a clerk reads first is shown; the order, truck and invoice are in the Columns menu.
  const columns: (GridColumn | null)[] = [
    {
      field: 'number',
      header: t('inquiry.tickets.columns.number'),
      kind: 'integer',
      sortable: true,
      width: 90,
    },
    {
      field: 'ticketDateTime',
      header: t('inquiry.tickets.columns.date'),
      kind: 'date',
      sortable: true,
      width: 150,
      format: (row) => format.shortDateTime(as(row).ticketDateTime),
    },
    { field: 'plantName', header: t('inquiry.plant'), kind: 'text', sortable: false, width: 130 },
    {
      field: 'orderNumber',
      header: t('inquiry.tickets.columns.order'),
      kind: 'integer',
      sortable: false,
      width: 90,
      hidden: true,
    },
    {
      field: 'customerName',
      header: t('inquiry.customer'),
      kind: 'text',
      sortable: false,
      width: 210,
    },
    {
      field: 'customerNumber',
      header: t('inquiry.tickets.columns.customerNumber'),
      kind: 'text',
      sortable: false,
      width: 100,
      hidden: true,
    },
    { field: 'jobNumber', header: t('inquiry.job'), kind: 'text', sortable: false, width: 100 },
    {
      field: 'customerPoNumber',
      header: t('inquiry.po'),
      kind: 'text',
      sortable: false,
      width: 110,
    },
    {
      field: 'truckNumber',
      header: t('inquiry.tickets.truck'),
      kind: 'text',
      sortable: false,
      width: 80,
      hidden: true,
    },
    {
      field: 'productDescription',
      header: t('inquiry.tickets.product'),
      kind: 'text',
      sortable: false,
      width: 170,
      format: (row) => {
        const { productDescription, lineCount } = as(row);
        return lineCount > 1
          ? t('inquiry.tickets.moreLines', { product: productDescription, count: lineCount - 1 })
          : productDescription;
      },
    },
    {
      field: 'quantity',
      header: t('inquiry.tickets.columns.quantity'),
      kind: 'decimal',
      sortable: false,
      width: 96,
      format: (row) => format.quantity(as(row).quantity, as(row).unitOfMeasure),
    },
    {
      field: 'statusId',
      header: t('inquiry.tickets.columns.status'),
      kind: 'text',
      sortable: false,
      width: 110,
      format: (row) => ticketStatusText(t, as(row)),
    },
    {
      field: 'invoiceNumber',
      header: t('inquiry.tickets.columns.invoice'),
      kind: 'integer',
      sortable: false,
      width: 90,
      hidden: true,
      format: (row) => (as(row).invoiceNumber === null ? '' : String(as(row).invoiceNumber)),
    },
    hidePrice
      ? null
      : {
          field: 'extendedPrice',
          header: t('inquiry.amount'),
          kind: 'money',
          sortable: false,
          width: 110,
          format: (row) => format.money(as(row).extendedPrice),
        },
  ];
  return columns.filter((column): column is GridColumn => column !== null);
}
