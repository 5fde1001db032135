/**
 * R-ENTITY-11..12: a customer's pricing defaults, one record per system type. The three variants
 * share a base and add their own fields.
 */
import { z } from 'zod';
import {
  amountSchema,
  flag,
  idSchema,
  optionalAmountSchema,
  optionalDateSchema,
  optionalIdSchema,
} from './fields';

export const customerPricingDefaultsBaseSchema = z.object({
  id: idSchema,
  shortLoadTypeId: optionalIdSchema,
  freeShortLoadId: optionalIdSchema,
  standbyChargeTypeId: optionalIdSchema,
  standbyMinPerQty: optionalAmountSchema,
  standbyPrice: optionalAmountSchema,
  salesmanEmployeeId: optionalIdSchema,
  salesPlantId: optionalIdSchema,
  priceAdjustment: amountSchema.default(0),
  priceAdjustmentPercentFlag: flag(),
  termsDiscountId: optionalIdSchema,
  nonworkdayChargeFlag: flag(),
  startDate: optionalDateSchema,
  terminationDate: optionalDateSchema,
});
export type CustomerPricingDefaultsBase = z.infer<typeof customerPricingDefaultsBaseSchema>;

export const concretePricingDefaultsSchema = customerPricingDefaultsBaseSchema.extend({
  cartageRate: optionalAmountSchema,
  printMaterialTypeId: optionalIdSchema,
  requireOnSiteQC: flag(),
});
export type ConcretePricingDefaults = z.infer<typeof concretePricingDefaultsSchema>;

export const aggregatePricingDefaultsSchema = customerPricingDefaultsBaseSchema.extend({
  requireQuotedDelChargeFlag: flag(),
  overrideFuelSurchargeFlag: flag(),
  printMaterialTypeId: optionalIdSchema,
});
export type AggregatePricingDefaults = z.infer<typeof aggregatePricingDefaultsSchema>;

export const blockPricingDefaultsSchema = customerPricingDefaultsBaseSchema.extend({
  blockRestockingCharge: optionalAmountSchema,
  blockRestockPercentFlag: flag(),
});
export type BlockPricingDefaults = z.infer<typeof blockPricingDefaultsSchema>;
