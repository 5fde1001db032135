/**
 * Flag invoice's API contract (R-INV-1..R-INV-10): the queries and bodies the server validates and
 * the answers the web parses. Money fields carry the names of R-PERM-6's price fields (unitPrice,
 * extendedPrice, taxAmount, totalAmount), so answers to levels that hide prices lose them, and are
 * optional here for that reason.
 */
import { z } from 'zod';
import { int4Max } from '../api/fields';
import { calendarDaySchema } from '../dates/calendar-day';
import { invoiceTermsSchema } from './invoice-terms';

const id = z.coerce
  .number({ error: 'must be a number' })
  .int('must be a whole number')
  .min(1, 'must be an id')
  .max(int4Max, 'must be an id');

/** `GET /api/v1/invoices/candidates` (R-INV-1). */
export const invoiceCandidatesQuerySchema = z
  .object({
    from: calendarDaySchema,
    to: calendarDaySchema,
    customerId: id.optional(),
    plantId: id.optional(),
    systemTypeId: z.coerce
      .number({ error: 'must be 1, 2 or 3' })
      .pipe(z.union([z.literal(1), z.literal(2), z.literal(3)], { error: 'must be 1, 2 or 3' }))
      .optional(),
  })
  .refine((query) => query.from <= query.to, { path: ['to'], message: 'must not be before from' });
export type InvoiceCandidatesQuery = z.infer<typeof invoiceCandidatesQuerySchema>;

/** The most tickets one request invoices, and the most candidates one answer lists. */
export const invoiceTicketLimit = 1000;

/** `POST /api/v1/invoices` (R-INV-5). */
export const createInvoicesBodySchema = z.object({
  ticketIds: z
    .array(id, { error: 'must be a list of ticket ids' })
    .min(1, 'choose at least one ticket')
    .max(invoiceTicketLimit, `must list at most ${invoiceTicketLimit} tickets`)
    .transform((list) => [...new Set(list)]),
  invoiceDate: calendarDaySchema,
});
export type CreateInvoicesBody = z.input<typeof createInvoicesBodySchema>;

/** `POST /api/v1/invoices/{id}/credit` (R-INV-7). */
export const creditInvoiceBodySchema = z.object({
  reason: z
    .string({ error: 'is required' })
    .trim()
    .min(1, 'is required')
    .max(500, 'must be at most 500 characters'),
});
export type CreditInvoiceBody = z.input<typeof creditInvoiceBodySchema>;

/** `GET /api/v1/invoices` (R-INV-8). */
export const invoiceListQuerySchema = z.object({
  /** An invoice number (or its start), or part of the customer's name or number. */
  search: z.string().trim().max(100, 'must be at most 100 characters').optional(),
  customerId: id.optional(),
  from: calendarDaySchema.optional(),
  to: calendarDaySchema.optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).default(0),
});
export type InvoiceListQuery = z.infer<typeof invoiceListQuerySchema>;

const money = z.number().optional();

export const candidateLineSchema = z.object({
  productId: z.number(),
  productNumber: z.string(),
  description: z.string(),
  quantity: z.number(),
  /** What reached the customer: the quantity less any returned concrete (R-DELIV-2). */
  deliveredQuantity: z.number(),
  unitOfMeasure: z.number().nullable(),
  taxable: z.boolean(),
  unitPrice: z.number().nullable().optional(),
  extendedPrice: money,
  taxAmount: money,
  totalAmount: money,
});

export const candidateTicketSchema = z.object({
  id: z.number(),
  number: z.number(),
  ticketDateTime: z.string(),
  ticketDate: z.string(),
  plantId: z.number(),
  plantName: z.string(),
  truckNumber: z.string(),
  /** Why it cannot be invoiced as it stands (a product without a price), else null. */
  problem: z.string().nullable(),
  lines: z.array(candidateLineSchema),
  extendedPrice: money,
  taxAmount: money,
  totalAmount: money,
});
export type CandidateTicket = z.infer<typeof candidateTicketSchema>;

export const candidateOrderSchema = z.object({
  orderId: z.number(),
  orderNumber: z.number(),
  jobNumber: z.string(),
  customerPoNumber: z.string(),
  systemTypeId: z.number(),
  /** The tax schedule's rate in percent (the job's, else the customer's); 0 without one. */
  taxRate: z.number(),
  tickets: z.array(candidateTicketSchema),
});
export type CandidateOrder = z.infer<typeof candidateOrderSchema>;

export const candidateCustomerSchema = z.object({
  customerId: z.number(),
  customerNumber: z.string(),
  customerName: z.string(),
  ticketCount: z.number(),
  orders: z.array(candidateOrderSchema),
  extendedPrice: money,
  taxAmount: money,
  totalAmount: money,
});
export type CandidateCustomer = z.infer<typeof candidateCustomerSchema>;

export const invoiceCandidatesSchema = z.object({
  customers: z.array(candidateCustomerSchema),
  ticketCount: z.number(),
  /** More tickets matched than one answer lists (invoiceTicketLimit): narrow the filter. */
  truncated: z.boolean(),
});
export type InvoiceCandidates = z.infer<typeof invoiceCandidatesSchema>;

export const invoiceKinds = ['invoice', 'credit'] as const;
export type InvoiceKind = (typeof invoiceKinds)[number];

export const invoiceSummarySchema = z.object({
  id: z.number(),
  number: z.number(),
  kind: z.enum(invoiceKinds),
  customerId: z.number(),
  customerNumber: z.string(),
  customerName: z.string(),
  invoiceDate: z.string(),
  ticketCount: z.number(),
  extendedPrice: money,
  taxAmount: money,
  totalAmount: money,
  /** On a credit note: the invoice it credits. */
  creditsInvoiceId: z.number().nullable(),
  creditsInvoiceNumber: z.number().nullable(),
  creditReason: z.string(),
  /** On a credited invoice: the credit note that reversed it. */
  creditedByInvoiceId: z.number().nullable(),
  creditedByNumber: z.number().nullable(),
  createdAt: z.string(),
  createdBy: z.string(),
  version: z.number(),
});
export type InvoiceSummary = z.infer<typeof invoiceSummarySchema>;

export const invoiceLineSchema = z.object({
  id: z.number(),
  ticketId: z.number().nullable(),
  ticketNumber: z.number().nullable(),
  ticketDate: z.string(),
  orderId: z.number().nullable(),
  orderNumber: z.number().nullable(),
  jobNumber: z.string(),
  /** R-INV-12: the ticket's PO (its own, else its order's); '' without one. */
  customerPoNumber: z.string(),
  plantId: z.number().nullable(),
  plantName: z.string(),
  productId: z.number().nullable(),
  productNumber: z.string(),
  description: z.string(),
  quantity: z.number(),
  unitOfMeasure: z.number().nullable(),
  unitPrice: money,
  extendedPrice: money,
  taxAmount: money,
  totalAmount: money,
});
export type InvoiceLine = z.infer<typeof invoiceLineSchema>;

export const invoiceDetailSchema = invoiceSummarySchema.extend({
  /** The customer's billing address lines, else its address lines. */
  billTo: z.array(z.string()),
  /** R-INV-12: the PO every ticket on the invoice shares; '' when they differ. */
  customerPoNumber: z.string(),
  /** R-INV-12: the customer's terms on the invoice date; null without any, and on a credit note. */
  terms: invoiceTermsSchema.nullable(),
  /** R-INV-12: when payment is due (the invoice date without terms); null on a credit note. */
  dueDate: z.string().nullable(),
  lines: z.array(invoiceLineSchema),
});
export type InvoiceDetail = z.infer<typeof invoiceDetailSchema>;

export const createdInvoicesSchema = z.object({ invoices: z.array(invoiceSummarySchema) });
export type CreatedInvoices = z.infer<typeof createdInvoicesSchema>;

export const invoiceListSchema = z.object({
  error: z.boolean(),
  count: z.number(),
  data: z.array(invoiceSummarySchema),
});

/** `invoiceUpdate_v1` (R-INV-9): invoices made or credited; screens refetch what they show. */
export type InvoiceUpdate = {
  invoiceIds: number[];
  action: 'created' | 'credited';
  by: string;
};
