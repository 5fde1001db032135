import { describe, expect, it } from 'vitest';
import {
  aggregatePricingDefaultsSchema,
  blockPricingDefaultsSchema,
  concretePricingDefaultsSchema,
  customerPricingDefaultsBaseSchema,
} from './customer-pricing';

const baseFields = [
  'id',
  'shortLoadTypeId',
  'freeShortLoadId',
  'standbyChargeTypeId',
  'standbyMinPerQty',
  'standbyPrice',
  'salesmanEmployeeId',
  'salesPlantId',
  'priceAdjustment',
  'priceAdjustmentPercentFlag',
  'termsDiscountId',
  'nonworkdayChargeFlag',
  'startDate',
  'terminationDate',
];

const keysOf = (value: object): string[] => Object.keys(value).sort();

describe('R-ENTITY-11..12: customer pricing defaults', () => {
  it('shares the base fields across the variants', () => {
    expect(keysOf(customerPricingDefaultsBaseSchema.parse({ id: 1 }))).toEqual(
      [...baseFields].sort(),
    );
  });

  it('adds cartage rate, print material type and on-site QC for concrete', () => {
    expect(keysOf(concretePricingDefaultsSchema.parse({ id: 1 }))).toEqual(
      [...baseFields, 'cartageRate', 'printMaterialTypeId', 'requireOnSiteQC'].sort(),
    );
  });

  it('adds quoted delivery charge, fuel surcharge override and print material type for aggregate', () => {
    expect(keysOf(aggregatePricingDefaultsSchema.parse({ id: 1 }))).toEqual(
      [
        ...baseFields,
        'requireQuotedDelChargeFlag',
        'overrideFuelSurchargeFlag',
        'printMaterialTypeId',
      ].sort(),
    );
  });

  it('adds the restocking charge and its percent flag for block', () => {
    const block = blockPricingDefaultsSchema.parse({ id: 1, blockRestockingCharge: 15 });
    expect(keysOf(block)).toEqual(
      [...baseFields, 'blockRestockingCharge', 'blockRestockPercentFlag'].sort(),
    );
    expect(block).toMatchObject({ blockRestockingCharge: 15, blockRestockPercentFlag: false });
  });

  it('checks the date fields', () => {
    expect(customerPricingDefaultsBaseSchema.safeParse({ id: 1, startDate: 'soon' }).success).toBe(
      false,
    );
  });
});
