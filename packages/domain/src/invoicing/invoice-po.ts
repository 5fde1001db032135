/**
 * R-INV-12: the customer's PO number on an invoice. Each ticket line carries its ticket's PO (the
 * ticket's own when a clerk set one, else its order's, R-TEDIT-2); the invoice's header names a PO
 * only when every ticket on it shares that one, since a header PO tells the customer's payables
 * which purchase order the whole invoice is billed against.
 */

/** The PO every ticket line of the invoice shares, or '' when they differ or some have none. */
export function sharedPoNumber(
  lines: readonly { readonly ticketId: number | null; readonly customerPoNumber: string }[],
): string {
  const ticketLines = lines.filter((line) => line.ticketId !== null);
  const numbers = new Set(ticketLines.map((line) => line.customerPoNumber.trim()));
  const [only] = numbers;
  return numbers.size === 1 && only !== undefined ? only : '';
}
