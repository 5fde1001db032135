import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { z } from 'zod';
import { orderSchema } from './order';
import { orderSaveFields, requireUnlessBlock } from './order-save';
import { whenObject } from '../api/when-object';

/** The save rules on the R-ENTITY-14 order, as order entry applies them to its own shape. */
const orderSaveSchema = orderSchema
  .extend(orderSaveFields)
  .superRefine(requireUnlessBlock, whenObject);

const validOrder: z.input<typeof orderSaveSchema> = {
  id: 0,
  customerId: 42,
  customerPoNumber: 'PO-778',
  orderDate: '2024-05-01',
  shipDate: '2024-05-02T07:00',
  orderStatusId: 1,
  orderTypeId: 1,
  plantId: 3,
  reasonId: 1,
  sourceTaxingType: 1,
  systemTypeId: 1,
  shortLoadTypeId: 2,
};

function issuesOf(input: unknown): [string, string][] {
  const result = orderSaveSchema.safeParse(input);
  return (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]);
}

describe('R-VALID-6..7: order validation', () => {
  it('accepts a complete order and fills the new-order defaults', () => {
    const order = orderSaveSchema.parse(validOrder);
    expect(order).toMatchObject({
      chargeOrderFlag: true,
      freeShortLoadId: 1,
      printMaterialTypeId: 1,
    });
  });

  it('names every missing required field with its label', () => {
    const blank = {
      id: 0,
      systemTypeId: 3,
      customerId: null,
      customerPoNumber: ' ',
      orderDate: null,
      shipDate: null,
      orderStatusId: null,
      orderTypeId: null,
      plantId: null,
      reasonId: null,
      sourceTaxingType: null,
      standbyChargeTypeId: null,
      uploadMixToBatchPanel: null,
      imperialFlag: null,
      invoicedFlag: null,
      chargeOrderFlag: null,
      orderVerifiedFlag: null,
      blockReturnOrderFlag: null,
    };
    expect(issuesOf(blank).sort()).toEqual(
      [
        ['customerId', 'Customer is required.'],
        ['customerPoNumber', 'Customer PO number is required.'],
        ['orderDate', 'Order date is required.'],
        ['shipDate', 'Ship date is required.'],
        ['orderStatusId', 'Order status is required.'],
        ['orderTypeId', 'Order type is required.'],
        ['plantId', 'Plant is required.'],
        ['reasonId', 'Reason is required.'],
        ['sourceTaxingType', 'Source taxing type is required.'],
        ['standbyChargeTypeId', 'Standby charge type is required.'],
        ['uploadMixToBatchPanel', 'Upload mix to batch panel is required.'],
        ['imperialFlag', 'Imperial flag is required.'],
        ['invoicedFlag', 'Invoiced flag is required.'],
        ['chargeOrderFlag', 'Charge order flag is required.'],
        ['orderVerifiedFlag', 'Order verified flag is required.'],
        ['blockReturnOrderFlag', 'Block return order flag is required.'],
      ].sort(),
    );
  });

  it('requires free short load, short load type and print material type except for block', () => {
    const withoutThem = {
      ...validOrder,
      freeShortLoadId: null,
      shortLoadTypeId: null,
      printMaterialTypeId: null,
    };
    const expected = [
      ['freeShortLoadId', 'Free short load is required.'],
      ['shortLoadTypeId', 'Short load type is required.'],
      ['printMaterialTypeId', 'Print material type is required.'],
    ];
    expect(issuesOf({ ...withoutThem, systemTypeId: 1 })).toEqual(expected);
    expect(issuesOf({ ...withoutThem, systemTypeId: 2 })).toEqual(expected);
    expect(issuesOf({ ...withoutThem, systemTypeId: 3 })).toEqual([]);
  });

  it('reports the conditional fields together with the other missing ones', () => {
    const paths = issuesOf({ ...validOrder, customerId: null, shortLoadTypeId: null }).map(
      ([path]) => path,
    );
    expect(paths).toEqual(['customerId', 'shortLoadTypeId']);
  });

  it('does not add conditional issues when the system type itself is wrong', () => {
    expect(
      issuesOf({ ...validOrder, systemTypeId: 9, shortLoadTypeId: null }).map(([p]) => p),
    ).toEqual(['systemTypeId']);
    expect(orderSaveSchema.safeParse(null).success).toBe(false);
  });

  it('checks and cleans the email list', () => {
    expect(
      orderSaveSchema.parse({ ...validOrder, emailAddressCsv: ' a@b.co , c@d.org' })
        .emailAddressCsv,
    ).toBe('a@b.co,c@d.org');
    expect(issuesOf({ ...validOrder, emailAddressCsv: 'a@b.co, oops' })).toEqual([
      ['emailAddressCsv', 'Invalid email address: oops'],
    ]);
  });

  it('requires a field whatever else the order holds', () => {
    const requiredFields = ['customerId', 'plantId', 'orderDate', 'imperialFlag'] as const;
    fc.assert(
      fc.property(
        fc.constantFrom(...requiredFields),
        fc.constantFrom(null, undefined),
        (field, gap) => {
          const paths = issuesOf({ ...validOrder, [field]: gap }).map(([path]) => path);
          // Defaults fill a flag left out, so only an explicit null is missing there.
          if (field === 'imperialFlag' && gap === undefined) expect(paths).toEqual([]);
          else expect(paths).toEqual([field]);
        },
      ),
    );
  });
});
