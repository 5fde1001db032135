import { z } from 'zod';
import {
  aggregatePricingDefaultsSchema,
  blockPricingDefaultsSchema,
  concretePricingDefaultsSchema,
} from '@dispatch/domain/entities/customer-pricing';
import { idSchema, systemTypeIdSchema } from '@dispatch/domain/entities/fields';
import { listQuery } from '../../http/list-query';
import { idParams } from '../../http/write-fields';

export const customerSortColumns = ['name', 'number', 'id'] as const;
export type CustomerSort = (typeof customerSortColumns)[number];

const baseQuery = listQuery(customerSortColumns);

export const customerListQuery = baseQuery.extend({
  includeInactive: z.stringbool().default(false),
  /** Only customers with pricing defaults for this system type. */
  systemTypeId: z.coerce.number().pipe(systemTypeIdSchema).optional(),
});

export const customerParams = idParams;

/**
 * The spec names no customer fields, so this is the table as the classic system keeps it. Free text
 * the customer may not have is null rather than '' so a blank and an unknown value stay distinct.
 */
export const customerSchema = z.object({
  id: idSchema,
  number: z.string(),
  name: z.string(),
  sortName: z.string().nullable(),
  address1: z.string().nullable(),
  address2: z.string().nullable(),
  address3: z.string().nullable(),
  address4: z.string().nullable(),
  address5: z.string().nullable(),
  address6: z.string().nullable(),
  address7: z.string().nullable(),
  contactName: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  phoneExtension: z.string().nullable(),
  faxNumber: z.string().nullable(),
  emailAddress: z.string().nullable(),
  emailAddressCsv: z.string().nullable(),
  billingName: z.string().nullable(),
  billingAddress1: z.string().nullable(),
  billingAddress2: z.string().nullable(),
  billingAddress3: z.string().nullable(),
  billingAddress4: z.string().nullable(),
  billingAddress5: z.string().nullable(),
  billingAddress6: z.string().nullable(),
  billingAddress7: z.string().nullable(),
  billingEmailAddress: z.string().nullable(),
  accountingCustomerNumber: z.string().nullable(),
  creditStatusId: idSchema.nullable(),
  creditLimit: z.number().nullable(),
  creditNotes: z.string().nullable(),
  cashOnlyFlag: z.boolean(),
  taxScheduleId: idSchema.nullable(),
  nontaxableFlag: z.boolean(),
  taxExemptNumber: z.string().nullable(),
  inactiveFlag: z.boolean(),
  createdAt: z.iso.datetime(),
  modifiedAt: z.iso.datetime(),
  version: z.int(),
});
export type CustomerView = z.infer<typeof customerSchema>;

/** Price fields are optional in answers: they are removed for callers whose level hides prices. */
const pricingExtras = {
  customerId: idSchema,
  modifiedAt: z.iso.datetime(),
  version: z.int(),
  standbyPrice: z.number().nullable().optional(),
  priceAdjustment: z.number().optional(),
  priceAdjustmentPercentFlag: z.boolean().optional(),
};

export const customerPricingSchema = z.object({
  concrete: z.array(
    concretePricingDefaultsSchema.extend({
      ...pricingExtras,
      cartageRate: z.number().nullable().optional(),
    }),
  ),
  aggregate: z.array(aggregatePricingDefaultsSchema.extend(pricingExtras)),
  block: z.array(
    blockPricingDefaultsSchema.extend({
      ...pricingExtras,
      blockRestockingCharge: z.number().nullable().optional(),
    }),
  ),
});
export type CustomerPricingView = z.infer<typeof customerPricingSchema>;

export const customerDetailSchema = customerSchema.extend({
  /** Per system type, oldest start date first; only the caller's system types are filled. */
  pricingDefaults: customerPricingSchema,
});
export type CustomerDetailView = z.infer<typeof customerDetailSchema>;
