/**
 * Invoice inquiry (`inquiry/invoice`, R-INQ-7..R-INQ-10): the read-only search of every invoice
 * and credit note flag invoice made, and one of them with its lines, the tickets on it, its tax and
 * totals and the credit note linked to it. An invoice row is flag invoice's summary (R-INV-8), so
 * both screens read one shape; money fields carry R-PERM-6's price names.
 */
import { z } from 'zod';
import { invoiceDetailSchema, invoiceKinds } from '../invoicing/invoice-schemas';
import { shownPriceSchema } from '../pricing';
import {
  dateRangeInOrder,
  dateRangeProblem,
  documentNumberSchema,
  inquiryExportFormatSchema,
  inquiryFilterFields,
  inquiryPageFields,
} from './inquiry-fields';

export { invoiceSummarySchema as invoiceInquiryRowSchema } from '../invoicing/invoice-schemas';
export type { InvoiceSummary as InvoiceInquiryRow } from '../invoicing/invoice-schemas';

/** R-INQ-7: newest first by number (numbers are gapless and follow the dates), or by date. */
export const invoiceInquirySortColumns = ['number', 'invoiceDate'] as const;
export type InvoiceInquirySort = (typeof invoiceInquirySortColumns)[number];

const invoiceInquiryFields = z.object({
  number: documentNumberSchema.optional(),
  /** Invoices carrying this ticket number (on any plant's ticket). */
  ticketNumber: documentNumberSchema.optional(),
  ...inquiryFilterFields,
  kind: z.enum(invoiceKinds, { error: "must be 'invoice' or 'credit'" }).optional(),
  sort: z
    .enum(invoiceInquirySortColumns, { error: "must be 'number' or 'invoiceDate'" })
    .default('number'),
  ...inquiryPageFields,
});

/** R-INQ-7: `GET /api/v1/inquiry/invoices`. Every filter narrows; none lists every invoice. */
export const invoiceInquiryQuerySchema = invoiceInquiryFields.refine(
  dateRangeInOrder,
  dateRangeProblem,
);
/** R-INQ-3: `GET /api/v1/inquiry/invoices/export`: the list's query and the file's format. */
export const invoiceInquiryExportQuerySchema = invoiceInquiryFields
  .extend({ format: inquiryExportFormatSchema })
  .refine(dateRangeInOrder, dateRangeProblem);
export type InvoiceInquiryQuery = z.infer<typeof invoiceInquiryQuerySchema>;
export type InvoiceInquiryFilters = Partial<
  Omit<InvoiceInquiryQuery, 'sort' | 'order' | 'offset' | 'limit'>
>;

/** R-INQ-9: one ticket on the invoice, its lines summed; it opens in ticket inquiry. */
export const invoiceTicketSchema = z.object({
  ticketId: z.int(),
  ticketNumber: z.int(),
  ticketDate: z.string(),
  orderId: z.int().nullable(),
  orderNumber: z.int().nullable(),
  jobNumber: z.string(),
  customerPoNumber: z.string(),
  plantName: z.string(),
  truckNumber: z.string(),
  lineCount: z.int(),
  extendedPrice: shownPriceSchema,
  taxAmount: shownPriceSchema,
  totalAmount: shownPriceSchema,
});
export type InvoiceTicket = z.infer<typeof invoiceTicketSchema>;

/** R-INQ-9: the credit note that reversed this invoice, or the invoice this credit note reverses. */
export const creditLinkSchema = z.object({
  id: z.int(),
  number: z.int(),
  kind: z.enum(invoiceKinds),
  invoiceDate: z.string(),
  reason: z.string(),
  totalAmount: shownPriceSchema,
});
export type CreditLink = z.infer<typeof creditLinkSchema>;

/** R-INQ-9: `GET /api/v1/inquiry/invoices/{id}`: flag invoice's detail, with its tickets and links. */
export const invoiceInquiryDetailSchema = invoiceDetailSchema.extend({
  tickets: z.array(invoiceTicketSchema),
  creditLinks: z.array(creditLinkSchema),
});
export type InvoiceInquiryDetail = z.infer<typeof invoiceInquiryDetailSchema>;
