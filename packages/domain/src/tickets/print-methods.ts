/**
 * R-PRINT-9: a plant's print ticket method (`plants.print_ticket_method`, a classic method code)
 * says whether its tickets print by themselves on the plant's print destination
 * (`plants.ticket_print_queue`, the name of a print destination, R-PRINT-4) when a truck is sent
 * (R-DISP-1) or a ticket is saved at the scale (R-TENT-10). Shared by the server that prints and
 * the plant form that offers the choice.
 */

export const printTicketMethods = [
  { id: 0, key: 'none', name: 'Do not print' },
  { id: 1, key: 'whenSent', name: 'Print when the truck is sent' },
] as const satisfies readonly { id: number; key: string; name: string }[];

export type PrintTicketMethod = (typeof printTicketMethods)[number];
export type PrintTicketMethodId = PrintTicketMethod['id'];

export const printTicketMethodIds = {
  none: 0,
  whenSent: 1,
} as const satisfies Record<PrintTicketMethod['key'], PrintTicketMethodId>;

/** The plant form's labelled choice (the resource engine's `choice` field). */
export const printTicketMethodChoices = printTicketMethods.map((method) => ({
  value: method.id,
  label: method.name,
}));

/**
 * Whether a plant's tickets print as its trucks are sent. A plant without a method, or with a
 * classic code this release does not know, prints nothing by itself: a ticket still prints on
 * demand (PrintTicket, R-PRINT-3).
 */
export function printsWhenSent(method: number | null | undefined): boolean {
  return method === printTicketMethodIds.whenSent;
}
