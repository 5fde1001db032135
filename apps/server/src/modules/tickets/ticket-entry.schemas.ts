/** Ticket entry's answers (R-TENT-2..8): the written ticket, and what the screen picks from. */
import { z } from 'zod';
import { unitIdSchema } from '@dispatch/domain/units';
import { recordId } from '../../http/write-fields';

/** Price fields are optional: they are removed for callers whose level hides prices. */
const optionalPrice = z.number().nullable().optional();

export const ticketEntryView = z.object({
  id: z.int(),
  number: z.int(),
  /** Aggregate: the pit's bill of lading (R-TENT-3); block: null. */
  billOfLadingNumber: z.int().nullable(),
  systemTypeId: z.int(),
  orderId: z.int(),
  orderNumber: z.int(),
  customerName: z.string(),
  plantId: z.int(),
  plantName: z.string(),
  truckId: z.int().nullable(),
  truckNumber: z.string().nullable(),
  statusId: z.int(),
  grossWeight: z.number().nullable(),
  tareWeight: z.number().nullable(),
  netWeight: z.number().nullable(),
  productId: z.int(),
  productDescription: z.string(),
  /** Tons or pieces; negative for a block return. */
  quantity: z.number(),
  unitOfMeasure: z.string().nullable(),
  price: optionalPrice,
  extendedPrice: optionalPrice,
  blockRestockingCharge: optionalPrice,
  taxAmount: optionalPrice,
  totalAmount: optionalPrice,
  codAmount: optionalPrice,
  /** The scheduled load the ticket fulfilled, if the order had one waiting. */
  loadId: z.int().nullable(),
  ticketDateTime: z.iso.datetime(),
});
export type TicketEntryView = z.infer<typeof ticketEntryView>;

export const ticketEntryChoicesQuery = z.object({
  systemTypeId: z
    .enum(['2', '3'], { error: 'must be 2 (aggregate) or 3 (block)' })
    .transform((value) => Number(value) as 2 | 3),
  plantId: recordId,
});

export const ticketEntryOrderChoice = z.object({
  id: z.int(),
  number: z.int(),
  customerId: z.int(),
  customerName: z.string(),
  customerPoNumber: z.string(),
  jobId: z.int().nullable(),
  jobNumber: z.string().nullable(),
  jobAddress: z.string().nullable(),
  productId: z.int(),
  productNumber: z.string(),
  productDescription: z.string(),
  unitOfMeasure: unitIdSchema.nullable(),
  unitsPerCube: z.number().nullable(),
  price: optionalPrice,
  taxableFlag: z.boolean(),
  /** Percent; null without a tax schedule. */
  taxRate: z.number().nullable(),
  codOnly: z.boolean(),
  /** Block: the customer's restocking charge, an amount or a percent (restockPercentFlag). */
  blockRestockingCharge: optionalPrice,
  restockPercentFlag: z.boolean(),
});

export const ticketEntryChoices = z.object({
  plant: z.object({
    id: z.int(),
    description: z.string(),
    scaleCapacity: z.number().nullable(),
    weightUnit: z.enum(['lb', 'kg']),
    nextBillOfLadingNumber: z.int().nullable(),
  }),
  orders: z.array(ticketEntryOrderChoice),
  trucks: z.array(
    z.object({
      id: z.int(),
      identificationNumber: z.string(),
      description: z.string().nullable(),
      tareWeight: z.number().nullable(),
    }),
  ),
});
export type TicketEntryChoices = z.infer<typeof ticketEntryChoices>;
