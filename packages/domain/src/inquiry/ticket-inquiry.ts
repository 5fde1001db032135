/**
 * Ticket inquiry (`inquiry/ticket`, R-INQ-1..R-INQ-6): the read-only search of every ticket ever
 * written, and one ticket with its order, customer, job, plant, truck, driver, products, times,
 * batched weights, changes and invoice. Money fields carry R-PERM-6's price names (price,
 * extendedPrice, taxAmount, totalAmount, codAmount), so answers to levels that hide prices lose
 * them, and are optional here for that reason.
 */
import { z } from 'zod';
import { batchWeightSchema } from '../batching/batch-queue';
import { systemTypeIdSchema } from '../system-types';
import { ticketCycleTimestampFields, type TicketCycleTimestampField } from '../tickets/ticket';
import { shownPriceSchema } from '../pricing';
import { ticketHistoryEntrySchema } from '../tickets/ticket-edits';
import {
  dateRangeInOrder,
  dateRangeProblem,
  documentNumberSchema,
  inquiryFilterFields,
  inquiryExportFormatSchema,
  inquiryIdSchema,
  inquiryPageFields,
} from './inquiry-fields';

/**
 * R-INQ-2: what the list sorts by. Only what an index serves on a long history: the ticket's time
 * (newest first by default) and its number.
 */
export const ticketInquirySortColumns = ['ticketDateTime', 'number'] as const;
export type TicketInquirySort = (typeof ticketInquirySortColumns)[number];

/** R-INQ-2: voided tickets are part of history; a clerk may leave them out or see only them. */
export const voidedFilters = ['include', 'exclude', 'only'] as const;
export type VoidedFilter = (typeof voidedFilters)[number];

const ticketInquiryFields = z.object({
  number: documentNumberSchema.optional(),
  ...inquiryFilterFields,
  truckId: inquiryIdSchema.optional(),
  productId: inquiryIdSchema.optional(),
  systemTypeId: z.coerce
    .number({ error: 'must be 1, 2 or 3' })
    .pipe(z.union([z.literal(1), z.literal(2), z.literal(3)], { error: 'must be 1, 2 or 3' }))
    .optional(),
  voided: z
    .enum(voidedFilters, { error: "must be 'include', 'exclude' or 'only'" })
    .default('include'),
  sort: z
    .enum(ticketInquirySortColumns, { error: "must be 'ticketDateTime' or 'number'" })
    .default('ticketDateTime'),
  ...inquiryPageFields,
});

/** R-INQ-2: `GET /api/v1/inquiry/tickets`. Every filter narrows; none lists all history. */
export const ticketInquiryQuerySchema = ticketInquiryFields.refine(
  dateRangeInOrder,
  dateRangeProblem,
);
/** R-INQ-3: `GET /api/v1/inquiry/tickets/export`: the list's query and the file's format. */
export const ticketInquiryExportQuerySchema = ticketInquiryFields
  .extend({ format: inquiryExportFormatSchema })
  .refine(dateRangeInOrder, dateRangeProblem);
export type TicketInquiryQuery = z.infer<typeof ticketInquiryQuerySchema>;
/** The filters as the screen holds them (everything optional, paging aside). */
export type TicketInquiryFilters = Partial<
  Omit<TicketInquiryQuery, 'sort' | 'order' | 'offset' | 'limit'>
>;

/** R-INQ-2: one ticket as the list shows it; the first product line stands for the load. */
export const ticketInquiryRowSchema = z.object({
  id: z.int(),
  number: z.int(),
  ticketDateTime: z.string(),
  systemTypeId: systemTypeIdSchema,
  plantId: z.int(),
  plantName: z.string(),
  orderId: z.int(),
  orderNumber: z.int(),
  customerId: z.int(),
  customerNumber: z.string(),
  customerName: z.string(),
  jobId: z.int().nullable(),
  jobNumber: z.string(),
  /** The ticket's own PO when a clerk set one (R-TEDIT-2), else the order's. */
  customerPoNumber: z.string(),
  truckId: z.int().nullable(),
  truckNumber: z.string(),
  productDescription: z.string(),
  quantity: z.number().nullable(),
  unitOfMeasure: z.int().nullable(),
  /** Product lines on the ticket; more than one shows as "+N". */
  lineCount: z.int(),
  statusId: z.int(),
  voidedFlag: z.boolean(),
  invoiceId: z.int().nullable(),
  invoiceNumber: z.int().nullable(),
  /** The ticket's goods at their prices, before tax. */
  extendedPrice: shownPriceSchema,
});
export type TicketInquiryRow = z.infer<typeof ticketInquiryRowSchema>;

/** R-INQ-4: the stamps of the ticket's loop as the record shows them, print time included. */
export const ticketInquiryTimeFields: readonly TicketCycleTimestampField[] =
  ticketCycleTimestampFields;

const stamp = z.string().nullable();
const amount = z.number().nullable();

export const ticketInquiryLineSchema = z.object({
  id: z.int(),
  productId: z.int(),
  productNumber: z.string(),
  description: z.string(),
  quantity: z.number(),
  deliveredQuantity: amount,
  unusedQuantity: amount,
  unitOfMeasure: z.int().nullable(),
  slump: amount,
  taxableFlag: z.boolean(),
  price: shownPriceSchema,
  extendedPrice: shownPriceSchema,
});
export type TicketInquiryLine = z.infer<typeof ticketInquiryLineSchema>;

/** R-INQ-4: the ticket's money, left out whole for levels that hide prices (R-PERM-6). */
export const ticketInquiryTotalsSchema = z.object({
  extendedPrice: shownPriceSchema,
  /** In percent; 0 without a tax schedule. */
  taxRate: z.number(),
  taxAmount: shownPriceSchema,
  /** A block return's restocking charge (R-TENT-6), not taxed. */
  restockingCharge: z.number(),
  totalAmount: shownPriceSchema,
});

/** R-INQ-4: `GET /api/v1/inquiry/tickets/{id}`. */
export const ticketInquiryDetailSchema = z.object({
  id: z.int(),
  number: z.int(),
  systemTypeId: systemTypeIdSchema,
  billOfLadingNumber: z.int().nullable(),
  loadNumber: z.int().nullable(),
  statusId: z.int(),
  statusName: z.string(),
  voidedFlag: z.boolean(),
  voidStatusName: z.string().nullable(),
  voidReason: z.string().nullable(),
  voidDateTime: stamp,
  voidUserName: z.string().nullable(),
  /** Who wrote the ticket. */
  userName: z.string().nullable(),
  order: z.object({
    id: z.int(),
    number: z.int(),
    orderDate: z.string(),
    shipDate: z.string(),
  }),
  /** The ticket's own PO when a clerk set one, else the order's. */
  customerPoNumber: z.string(),
  customer: z.object({ id: z.int(), number: z.string(), name: z.string() }),
  job: z
    .object({
      id: z.int(),
      number: z.string(),
      /** Address line 2, the site's name. */
      site: z.string(),
      lines: z.array(z.string()),
      directions: z.string(),
    })
    .nullable(),
  plant: z.object({ id: z.int(), name: z.string() }),
  truck: z.object({
    id: z.int().nullable(),
    number: z.string(),
    companyName: z.string().nullable(),
  }),
  driver: z.object({ id: z.int(), name: z.string() }).nullable(),
  batchmanName: z.string().nullable(),
  weights: z.object({
    grossWeight: amount,
    tareWeight: amount,
    netWeight: amount,
    waterAdded: amount,
    maxAllowableWaterGallons: amount,
  }),
  codAmount: shownPriceSchema,
  notes: z.string(),
  lines: z.array(ticketInquiryLineSchema),
  totals: ticketInquiryTotalsSchema.nullable(),
  times: z.object(
    Object.fromEntries(ticketInquiryTimeFields.map((field) => [field, stamp])) as Record<
      TicketCycleTimestampField,
      typeof stamp
    >,
  ),
  batchWeights: z.array(batchWeightSchema),
  history: z.array(ticketHistoryEntrySchema),
  invoice: z
    .object({
      id: z.int(),
      number: z.int(),
      invoiceDate: z.string(),
      creditedByNumber: z.int().nullable(),
    })
    .nullable(),
  version: z.int(),
  modifiedAt: z.string(),
  modifiedBy: z.string().nullable(),
});
export type TicketInquiryDetail = z.infer<typeof ticketInquiryDetailSchema>;
