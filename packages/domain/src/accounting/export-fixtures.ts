/** Invoices the accounting export's tests write: an invoice with tax, its credit note, a return. */
import type { ExportAccounts, ExportInvoice, ExportLine } from './export-invoices';

export const accounts: ExportAccounts = {
  receivable: 'Accounts Receivable',
  salesTax: 'Sales Tax Payable',
  salesTaxItem: 'Ohio Sales Tax',
};

export function line(overrides: Partial<ExportLine> = {}): ExportLine {
  return {
    ticketNumber: 5501,
    orderNumber: 26,
    ticketDate: '2026-03-09',
    productNumber: '3000',
    description: '3000 PSI',
    quantity: 9.5,
    unitPrice: 128.5,
    amount: 1220.75,
    taxAmount: 88.5,
    incomeAccount: 'Concrete Sales',
    ...overrides,
  };
}

/** Acme's invoice 1042: 9.5 yd at 128.50 (tax 88.50) and an untaxed fee of 15.00. */
export function invoice(overrides: Partial<ExportInvoice> = {}): ExportInvoice {
  return {
    id: 1,
    number: 1042,
    kind: 'invoice',
    creditsInvoiceNumber: null,
    creditReason: '',
    customerNumber: 'C1',
    customerName: 'Acme Builders',
    billTo: ['Accounts payable', '12 Main St', 'Columbus OH 43215'],
    invoiceDate: '2026-03-09',
    terms: { description: '2% 10, net 30', netDays: 30, discountPercent: 2, discountDays: 10 },
    subtotal: 1235.75,
    taxAmount: 88.5,
    total: 1324.25,
    lines: [
      line(),
      line({
        productNumber: 'ENV',
        description: 'Environmental fee',
        quantity: 1,
        unitPrice: 15,
        amount: 15,
        taxAmount: 0,
        incomeAccount: 'Fees and Surcharges',
      }),
    ],
    ...overrides,
  };
}

/** Credit note 1043 for invoice 1042: the same lines, negated. */
export function creditNote(): ExportInvoice {
  const credited = invoice();
  return {
    ...credited,
    id: 2,
    number: 1043,
    kind: 'credit',
    creditsInvoiceNumber: 1042,
    creditReason: 'Priced at the wrong rate',
    invoiceDate: '2026-03-10',
    terms: null,
    subtotal: -credited.subtotal,
    taxAmount: -credited.taxAmount,
    total: -credited.total,
    lines: credited.lines.map((each) => ({
      ...each,
      quantity: -each.quantity,
      amount: -each.amount,
      taxAmount: each.taxAmount === 0 ? 0 : -each.taxAmount,
    })),
  };
}

/** Zephyr's invoice of stone with a block return (a negative line) and no tax. */
export function returnInvoice(): ExportInvoice {
  return invoice({
    id: 3,
    number: 1044,
    customerNumber: 'C2',
    customerName: 'Zephyr: Paving; "North"',
    billTo: [],
    terms: null,
    subtotal: 492,
    taxAmount: 0,
    total: 492,
    lines: [
      line({
        productNumber: '57',
        description: 'Stone',
        quantity: 22.5,
        unitPrice: 24,
        amount: 540,
        taxAmount: 0,
        incomeAccount: 'Aggregate Sales',
      }),
      line({
        ticketNumber: 5502,
        productNumber: 'CMU8',
        description: '8" block returned',
        quantity: -20,
        unitPrice: 2.4,
        amount: -48,
        taxAmount: 0,
        incomeAccount: 'Block Sales',
      }),
    ],
  });
}
