/**
 * R-ENTITY-7: an employee. The national identifier is sensitive: records read back carry only its
 * last four characters; the clear value is accepted on write, for the server to encrypt or hash,
 * and never travels back. z.object strips unknown keys, so a clear value slipped into a record is
 * dropped on parse.
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

const employeeFields = {
  id: idSchema,
  employeeNumber: optionalText(textLength.code),
  firstName: optionalText(textLength.short),
  middleName: optionalText(textLength.short),
  lastName: optionalText(textLength.short),
  completeName: optionalText(textLength.name),
  ...addressFields,
  businessPhoneNumber: phoneText(),
  cellPhoneNumber: phoneText(),
  homePhoneNumber: phoneText(),
  pagerNumber: phoneText(),
  emailAddress: z.union([z.email().max(textLength.long), z.literal('')]).default(''),
  hireDate: optionalDateSchema,
  birthDate: optionalDateSchema,
  payRate: optionalAmountSchema,
  homePlantId: optionalIdSchema,
  employeeTypeId: optionalIdSchema,
  userProfileId: optionalIdSchema,
  inactiveFlag: flag(),
  punchOutFlag: flag(),
  emailTicketOnSubmit: flag(),
  licenseNumber: optionalText(textLength.short),
  modifiedDateTime: optionalDateSchema,
  ticketWriterFormatFileAggregate: optionalText(textLength.long),
  ticketWriterFormatFileBlock: optionalText(textLength.long),
  ticketWriterFormatFileConcrete: optionalText(textLength.long),
};

export const nationalIdentifierLast4Schema = z
  .string()
  .regex(/^[0-9A-Za-z]{4}$/)
  .nullable()
  .default(null);

/** The employee as read back: the national identifier only as its last four characters. */
export const employeeSchema = z.object({
  ...employeeFields,
  nationalIdentifierLast4: nationalIdentifierLast4Schema,
});
export type Employee = z.infer<typeof employeeSchema>;

const nationalIdentifierMessage = 'Enter a national identifier of 4 to 20 letters or digits.';

/** 4 to 20 letters or digits, spaces and dashes allowed between them: national formats differ. */
export const nationalIdentifierSchema = z
  .string()
  .trim()
  .regex(/^[0-9A-Za-z -]+$/, { message: nationalIdentifierMessage })
  .refine(
    (value) => {
      const significant = value.replace(/[^0-9A-Za-z]/g, '').length;
      return significant >= 4 && significant <= 20;
    },
    { message: nationalIdentifierMessage },
  );

/**
 * The employee as written. Leaving nationalIdentifier out keeps the stored one; null clears it.
 */
export const employeeWriteSchema = z.object({
  ...employeeFields,
  nationalIdentifier: nationalIdentifierSchema.nullable().optional(),
});
export type EmployeeWrite = z.infer<typeof employeeWriteSchema>;
export type EmployeeWriteInput = z.input<typeof employeeWriteSchema>;

/** What revealing an employee's national identifier answers (seen by a full level only). */
export const nationalIdentifierRevealSchema = z.object({ nationalIdentifier: z.string() });
