/** A ticket as a row of the batch edit grid: what the clerk may change, and what it was. */
import type { TicketBatchRow, TicketEditRow } from '@dispatch/domain/tickets/ticket-edits';
import type { PickedRecord } from './reference-cell-editor';

export type Editable = {
  product: PickedRecord;
  quantity: number | null;
  price: number | null;
  job: PickedRecord;
  customerPoNumber: string;
};
export type BatchGridRow = Editable & {
  id: number;
  number: number;
  version: number;
  systemTypeId: 1 | 2 | 3;
  customerName: string;
  orderNumber: number;
  original: Editable;
};

export function gridRowOf(row: TicketEditRow): BatchGridRow {
  const editable: Editable = {
    product: row.productId === null ? null : { id: row.productId, label: row.productDescription },
    quantity: row.quantity,
    price: row.price ?? null,
    job: row.jobId === null ? null : { id: row.jobId, label: row.jobNumber },
    customerPoNumber: row.customerPoNumber,
  };
  return {
    ...editable,
    id: row.id,
    number: row.number,
    version: row.version,
    systemTypeId: row.systemTypeId,
    customerName: row.customerName,
    orderNumber: row.orderNumber,
    original: editable,
  };
}

export const sameRecord = (a: PickedRecord, b: PickedRecord) => (a?.id ?? null) === (b?.id ?? null);

/** The cells the clerk changed, as the batch edit's row (R-TEDIT-5). */
export function changeOf(row: BatchGridRow, canPrice: boolean): TicketBatchRow | null {
  const change: TicketBatchRow = { ticketId: row.id, version: row.version };
  const was = row.original;
  if (!sameRecord(row.product, was.product) && row.product) change.productId = row.product.id;
  if (row.quantity !== was.quantity && row.quantity !== null) change.quantity = row.quantity;
  if (canPrice && row.price !== was.price) change.price = row.price;
  if (!sameRecord(row.job, was.job)) change.jobId = row.job?.id ?? null;
  if (row.customerPoNumber.trim() !== was.customerPoNumber) {
    change.customerPoNumber = row.customerPoNumber.trim() || null;
  }
  return Object.keys(change).length > 2 ? change : null;
}
