/**
 * R-ENTITY-20..22: a delivery ticket, its products and its live-update view. Weights are in the
 * plant's weight unit (pounds when imperial); timestamps are ISO date-times, null until the event
 * happens.
 */
import { z } from 'zod';
import { unitIdSchema } from '../units';
import {
  amountSchema,
  flag,
  idSchema,
  optionalAmountSchema,
  optionalCountSchema,
  optionalDateSchema,
  optionalIdSchema,
  optionalText,
  textLength,
} from '../api/fields';

/** The times a load's cycle stamps on its ticket, in the order the truck goes round it. */
export const ticketCycleTimestampFields = [
  'ticketDateTime',
  'printDateTime',
  'batchDateTime',
  'loadedDateTime',
  'toJobDateTime',
  'onJobDateTime',
  'startUnloadDateTime',
  'finishUnloadDateTime',
  'toPlantDateTime',
  'arrivePlantDateTime',
] as const;
export type TicketCycleTimestampField = (typeof ticketCycleTimestampFields)[number];

/** Every time a ticket holds: its cycle's, and those of a suspension, a test and a void. */
export type TicketTimestampField =
  | TicketCycleTimestampField
  | 'suspendDateTime'
  | 'testBeginDateTime'
  | 'testEndDateTime'
  | 'voidDateTime';

export const ticketSchema = z.object({
  id: idSchema,
  number: idSchema,
  orderId: idSchema,
  scheduleId: optionalIdSchema,
  plantId: idSchema,
  truckId: optionalIdSchema,
  truckNumber: optionalText(textLength.code),
  truckCompanyId: optionalIdSchema,
  loadNumber: optionalCountSchema,
  statusId: idSchema,
  voidStatusId: optionalIdSchema,
  driverId: optionalIdSchema,
  batchmanId: optionalIdSchema,
  grossWeight: optionalAmountSchema,
  tareWeight: optionalAmountSchema,
  netWeight: optionalAmountSchema,
  waterAdded: optionalAmountSchema,
  maxAllowableWaterGallons: optionalAmountSchema,
  codAmount: optionalAmountSchema,
  ticketDateTime: optionalDateSchema,
  printDateTime: optionalDateSchema,
  batchDateTime: optionalDateSchema,
  loadedDateTime: optionalDateSchema,
  toJobDateTime: optionalDateSchema,
  onJobDateTime: optionalDateSchema,
  startUnloadDateTime: optionalDateSchema,
  finishUnloadDateTime: optionalDateSchema,
  toPlantDateTime: optionalDateSchema,
  arrivePlantDateTime: optionalDateSchema,
  suspendDateTime: optionalDateSchema,
  testBeginDateTime: optionalDateSchema,
  testEndDateTime: optionalDateSchema,
  voidDateTime: optionalDateSchema,
  createdByUsername: optionalText(textLength.short),
  modifiedByUsername: optionalText(textLength.short),
  voidedByUsername: optionalText(textLength.short),
});

/** What ticketUpdate_v1 carries. */
export const ticketLiveViewSchema = ticketSchema.pick({
  id: true,
  statusId: true,
  orderId: true,
  plantId: true,
});
export type TicketLiveView = z.infer<typeof ticketLiveViewSchema>;

export const ticketProductSchema = z.object({
  ticketId: idSchema,
  productId: idSchema,
  quantity: amountSchema.default(0),
  deliveredQuantity: amountSchema.default(0),
  unusedQuantity: amountSchema.default(0),
  price: optionalAmountSchema,
  slump: optionalAmountSchema,
  taxableFlag: flag(),
  unitOfMeasure: unitIdSchema.nullable().default(null),
});
