/**
 * R-ENTITY-14..15: an order (with the simple job it carries, R-ENTITY-9) and its live-update
 * view. New-order defaults (R-CONST-9) are the schema's defaults, so parsing a partial order fills
 * them in. Its statuses: R-ORDER-STATUS-1.
 */
import { z } from 'zod';
import {
  dateSchema,
  flag,
  idSchema,
  optionalAmountSchema,
  optionalIdSchema,
  optionalText,
  text,
  textLength,
} from '../api/fields';
import { systemTypeIdSchema } from '../system-types';
import { newOrderFieldDefaults } from './order-defaults';
import { newOrderStatusId, orderStatusIdSchema } from './order-status';
import { scheduleFormSchema } from './schedule';

/** R-ENTITY-9: the simple job an order carries. */
const simpleJobSchema = z.object({
  number: optionalText(textLength.short),
  address1: optionalText(textLength.address),
  address2: optionalText(textLength.address),
  address3: optionalText(textLength.address),
  customerJobNumber: optionalText(textLength.short),
  customerPoNumber: optionalText(textLength.short),
  lotOrBlockNumber: optionalText(textLength.short),
  quoteNumber: optionalText(textLength.short),
  quoteName: optionalText(textLength.long),
});

export const orderSchema = z.object({
  id: idSchema,
  number: optionalIdSchema,
  customerId: idSchema,
  customerName: optionalText(textLength.name),
  customerPoNumber: text(textLength.short),
  plantId: idSchema,
  jobId: optionalIdSchema,
  job: simpleJobSchema.nullable().default(null),
  orderDate: dateSchema,
  shipDate: dateSchema,
  orderStatusId: orderStatusIdSchema.default(newOrderStatusId()),
  orderTypeId: idSchema,
  orderFlagId: optionalIdSchema,
  systemTypeId: systemTypeIdSchema,
  orderedByName: optionalText(textLength.name),
  notes: optionalText(textLength.notes),
  dispatchNotes: optionalText(textLength.notes),
  batchNotes: optionalText(textLength.notes),
  creditNotes: optionalText(textLength.notes),
  ticketNotes: optionalText(textLength.notes),
  /** Comma-separated list; R-VALID-13 checks it on save. */
  emailAddressCsv: optionalText(textLength.notes),
  cartageRate: optionalAmountSchema,
  milesToJob: optionalAmountSchema,
  hoursToJob: optionalAmountSchema,
  imperialFlag: flag(true),
  invoicedFlag: flag(),
  chargeOrderFlag: flag(newOrderFieldDefaults.chargeOrderFlag),
  orderVerifiedFlag: flag(),
  blockReturnOrderFlag: flag(),
  pumperId: optionalIdSchema,
  reasonId: idSchema,
  shortLoadTypeId: optionalIdSchema,
  freeShortLoadId: idSchema.nullable().default(newOrderFieldDefaults.freeShortLoadId),
  standbyChargeTypeId: idSchema.default(newOrderFieldDefaults.standbyChargeTypeId),
  aggDeliveryChargeTypeId: idSchema
    .nullable()
    .default(newOrderFieldDefaults.aggDeliveryChargeTypeId),
  printMaterialTypeId: idSchema.nullable().default(newOrderFieldDefaults.printMaterialTypeId),
  sourceTaxingType: idSchema,
  suburbId: optionalIdSchema,
  uploadMixToBatchPanel: flag(),
  zoneReferenceNumber: optionalText(textLength.code),
  schedules: z.array(scheduleFormSchema).default([]),
});

/** What orderUpdate_v1 carries: enough to refresh a board row without refetching the order. */
export const orderLiveViewSchema = orderSchema.pick({
  id: true,
  orderStatusId: true,
  schedules: true,
  plantId: true,
  customerName: true,
  dispatchNotes: true,
  orderFlagId: true,
  number: true,
  shipDate: true,
});
export type OrderLiveView = z.infer<typeof orderLiveViewSchema>;
