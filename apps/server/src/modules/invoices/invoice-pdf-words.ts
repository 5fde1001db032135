/**
 * The invoice's and credit note's own words in the customer's language (issue 25, item 4): every
 * heading, label and sentence invoice-pdf.ts prints, English and Spanish side by side, so a missing
 * Spanish text fails the type check rather than printing English. What the invoice carries from the
 * records (names, descriptions, the terms as their lookup row names them) prints as written.
 * Spanish uses the product's words: factura, boleta, pedido, cliente, obra, importe, vencimiento,
 * OC (the customer's PO).
 */
import type { DocumentLanguage } from '@dispatch/domain/document-language';

const en = {
  /** The PDF's title, in the viewer's title bar and the footer. */
  title: (credit: boolean, number: number) => `${credit ? 'Credit note' : 'Invoice'} ${number}`,
  page: (title: string, page: number, pages: number) => `${title} · page ${page} of ${pages}`,
  heading: (credit: boolean): string => (credit ? 'CREDIT NOTE' : 'INVOICE'),
  numberLabel: (credit: boolean): string => (credit ? 'Credit note no.' : 'Invoice no.'),
  date: 'Date',
  terms: 'Terms',
  dueDate: 'Due date',
  customerNumber: 'Customer no.',
  poNumber: 'PO no.',
  /** A PO as a line reads it: "PO 4471", or the number alone when it says PO already. */
  po: (po: string) => (/^p\.?o\b/i.test(po) ? po : `PO ${po}`),
  billTo: 'Bill to',
  credits: 'Credits',
  creditedInvoice: (number: string) => `Invoice ${number}`,
  deliveries: 'Deliveries',
  tickets: (count: number) => `${count} ticket${count === 1 ? '' : 's'}`,
  job: 'Job',
  columns: {
    ticket: 'Ticket',
    date: 'Date',
    order: 'Order',
    product: 'Product',
    quantity: 'Qty',
    unit: 'Unit',
    price: 'Price',
    amount: 'Amount',
    tax: 'Tax',
  },
  subtotal: 'Subtotal',
  tax: 'Tax',
  total: (credit: boolean): string => (credit ? 'Total credit' : 'Total due'),
  /** The terms' name when the customer has none (termsName's dueOnReceipt). */
  dueOnReceipt: 'Due on receipt',
  termsHeading: (terms: string) => `TERMS: ${terms.toUpperCase()}`,
  dueNow: 'Payment is due on receipt.',
  dueBy: (due: string, amount: string | null) =>
    amount === null ? `Payment is due by ${due}.` : `Payment of ${amount} is due by ${due}.`,
  /** R-INV-12: what paying by the discount's last day saves (its amounts only when priced). */
  discount: (date: string, percent: string, amounts: { settles: string; saves: string } | null) =>
    amounts === null
      ? ` Paid by ${date}, it earns a ${percent}% discount.`
      : ` Paid by ${date}, ${amounts.settles} settles it (${percent}% discount: ${amounts.saves}).`,
  creditNote:
    'This credit note reverses the invoice named above; its tickets may be invoiced again.',
  thanks: (number: number, po: string | null) =>
    `Thank you for your business. Please quote invoice ${number}${po === null ? '' : ` and ${po}`} with your payment.`,
};

export type InvoiceWords = typeof en;

const es: InvoiceWords = {
  title: (credit, number) => `${credit ? 'Nota de crédito' : 'Factura'} ${number}`,
  page: (title, page, pages) => `${title} · página ${page} de ${pages}`,
  heading: (credit) => (credit ? 'NOTA DE CRÉDITO' : 'FACTURA'),
  numberLabel: (credit) => (credit ? 'Nota de crédito n.º' : 'Factura n.º'),
  date: 'Fecha',
  terms: 'Condiciones',
  dueDate: 'Vencimiento',
  customerNumber: 'Cliente n.º',
  poNumber: 'OC n.º',
  // A PO that names itself ("PO 2026-0412", "OC 77") is printed as it is.
  po: (po) => (/^(p\.?o|o\.?c)\b/i.test(po) ? po : `OC ${po}`),
  billTo: 'Facturar a',
  credits: 'Anula',
  creditedInvoice: (number) => `Factura ${number}`,
  deliveries: 'Entregas',
  tickets: (count) => `${count} boleta${count === 1 ? '' : 's'}`,
  job: 'Obra',
  columns: {
    ticket: 'Boleta',
    date: 'Fecha',
    order: 'Pedido',
    product: 'Producto',
    quantity: 'Cant.',
    unit: 'Ud.',
    price: 'Precio',
    amount: 'Importe',
    tax: 'Impuesto',
  },
  subtotal: 'Subtotal',
  tax: 'Impuesto',
  total: (credit) => (credit ? 'Total acreditado' : 'Total a pagar'),
  dueOnReceipt: 'Pago al recibir',
  termsHeading: (terms) => `CONDICIONES: ${terms.toUpperCase()}`,
  dueNow: 'El pago vence al recibir la factura.',
  dueBy: (due, amount) =>
    amount === null ? `El pago vence el ${due}.` : `El pago de ${amount} vence el ${due}.`,
  discount: (date, percent, amounts) =>
    amounts === null
      ? ` Pagada a más tardar el ${date}, obtiene un descuento del ${percent} %.`
      : ` Pagada a más tardar el ${date}, ${amounts.settles} la salda (descuento del ${percent} %: ${amounts.saves}).`,
  creditNote:
    'Esta nota de crédito anula la factura indicada; sus boletas se pueden volver a facturar.',
  thanks: (number, po) =>
    `Gracias por su preferencia. Indique la factura ${number}${po === null ? '' : ` y ${po}`} al realizar su pago.`,
};

const words: Record<DocumentLanguage, InvoiceWords> = { en, es };

/** The invoice's words in the customer's language. */
export function invoiceWords(language: DocumentLanguage): InvoiceWords {
  return words[language];
}
