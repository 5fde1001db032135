/**
 * R-ENTITY-8..9: a job (a delivery site of a customer) and the simple job an order carries. gpsLat
 * and gpsLon start empty (null); R-VALID-12 requires them before a save.
 */
import { z } from 'zod';
import {
  addressFields,
  flag,
  idSchema,
  optionalAmountSchema,
  optionalDateSchema,
  optionalIdSchema,
  optionalText,
  phoneText,
  textLength,
} from './fields';

export const jobSchema = z.object({
  id: idSchema,
  customerId: idSchema,
  customerJobNumber: optionalText(textLength.short),
  customerPoNumber: optionalText(textLength.short),
  number: optionalText(textLength.short),
  ...addressFields,
  gpsLat: z.number().min(-90).max(90).nullable().default(null),
  gpsLon: z.number().min(-180).max(180).nullable().default(null),
  jobTypeId: idSchema.default(0),
  lockedFlag: flag(),
  nontaxableFlag: flag(),
  inactiveFlag: flag(),
  createdInOrderEntry: flag(),
  creditLimit: optionalAmountSchema,
  jobLimit: optionalAmountSchema,
  lotOrBlockNumber: optionalText(textLength.short),
  mapReferenceId: optionalIdSchema,
  plantId: optionalIdSchema,
  quoteId: optionalIdSchema,
  quoteNumber: optionalText(textLength.short),
  quoteDescription: optionalText(textLength.long),
  suburbId: optionalIdSchema,
  taxScheduleId: optionalIdSchema,
  clientUseTaxFlag: flag(),
  phoneNumber: phoneText(),
  phoneExtension: optionalText(textLength.code),
  faxNumber: phoneText(),
  publicWorksDirNumber: optionalText(textLength.short),
  importSetupKey: optionalText(textLength.short),
  modifiedDateTime: optionalDateSchema,
});
export type Job = z.infer<typeof jobSchema>;
export type JobInput = z.input<typeof jobSchema>;

export const simpleJobSchema = z.object({
  number: optionalText(textLength.short),
  address1: addressFields.address1,
  address2: addressFields.address2,
  address3: addressFields.address3,
  customerJobNumber: optionalText(textLength.short),
  customerPoNumber: optionalText(textLength.short),
  lotOrBlockNumber: optionalText(textLength.short),
  quoteNumber: optionalText(textLength.short),
  quoteName: optionalText(textLength.long),
});
export type SimpleJob = z.infer<typeof simpleJobSchema>;
