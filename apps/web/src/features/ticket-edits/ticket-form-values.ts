/** The ticket form's values, filled from the ticket, and the edit sent back from them. */
import type { PermissionFlags } from '@dispatch/domain/permissions';
import type { TicketEdit, TicketEditDetail } from '@dispatch/domain/tickets/ticket-edits';

type LineValues = {
  id: number;
  productId: number | null;
  quantity: number | '';
  price: number | '';
};
export type TicketFormValues = {
  statusId: string;
  jobId: number | null;
  customerPoNumber: string;
  truckId: number | null;
  driverId: number | null;
  notes: string;
  lines: LineValues[];
  reason: string;
};

export function valuesOf(ticket: TicketEditDetail): TicketFormValues {
  return {
    statusId: String(ticket.statusId),
    jobId: ticket.jobId,
    customerPoNumber: ticket.customerPoNumber,
    truckId: ticket.truckId,
    driverId: ticket.driverId,
    notes: ticket.notes,
    lines: ticket.lines.map((line) => ({
      id: line.id,
      productId: line.productId,
      quantity: line.quantity,
      price: line.price ?? '',
    })),
    reason: '',
  };
}

/** Only what the clerk changed is sent (R-TEDIT-2). */
export function editOf(
  ticket: TicketEditDetail,
  values: TicketFormValues,
  flags: PermissionFlags,
): TicketEdit {
  const edit: TicketEdit = { version: ticket.version, reason: values.reason.trim() };
  if (Number(values.statusId) !== ticket.statusId) edit.statusId = Number(values.statusId);
  if (values.jobId !== ticket.jobId) edit.jobId = values.jobId;
  if (values.customerPoNumber.trim() !== ticket.customerPoNumber) {
    edit.customerPoNumber = values.customerPoNumber.trim() || null;
  }
  if (values.truckId !== ticket.truckId) edit.truckId = values.truckId;
  if (values.driverId !== ticket.driverId) edit.driverId = values.driverId;
  if (values.notes.trim() !== ticket.notes) edit.notes = values.notes.trim() || null;
  const products = values.lines.flatMap((line, index) => {
    const was = ticket.lines[index];
    if (!was) return [];
    const change: NonNullable<TicketEdit['products']>[number] = { id: line.id };
    if (line.productId !== null && line.productId !== was.productId)
      change.productId = line.productId;
    if (line.quantity !== '' && line.quantity !== was.quantity) change.quantity = line.quantity;
    const canPrice = !flags.hidePrice && !flags.disablePrice;
    if (canPrice && (line.price === '' ? null : line.price) !== (was.price ?? null)) {
      change.price = line.price === '' ? null : line.price;
    }
    return Object.keys(change).length > 1 ? [change] : [];
  });
  if (products.length > 0) edit.products = products;
  return edit;
}
