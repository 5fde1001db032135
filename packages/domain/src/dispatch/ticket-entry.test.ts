/** R-TENT-1..8: ticket entry's arithmetic and schema, from worked scale-house examples. */
import { describe, expect, it } from 'vitest';
import { units } from '../units';
import {
  blockCountProblems,
  blockQuantity,
  codAmountOf,
  netWeight,
  restockingCharge,
  ticketEntrySchema,
  ticketTotals,
  weighedQuantity,
  weightProblems,
} from './ticket-entry';

describe('aggregate ticket arithmetic (R-TENT-4, R-TENT-7)', () => {
  it('weighs a loaded tandem: 62,140 lb gross less 27,300 lb tare is 17.42 tons', () => {
    const net = netWeight(62_140, 27_300);
    expect(net).toBe(34_840);
    expect(weighedQuantity(net, 'lb', units.tons)).toBe(17.42);
    // 17.42 t at $14.50 is $252.59; 7.25% tax is $18.31; $270.90 to collect on delivery.
    const totals = ticketTotals({ quantity: 17.42, price: 14.5, taxable: true }, 7.25);
    expect(totals).toMatchObject({ subtotal: 252.59, tax: 18.31, total: 270.9 });
    expect(codAmountOf(totals.total)).toBe(270.9);
  });

  it('reads tons to three decimals, pounds as weighed, and tonnes from kilograms', () => {
    expect(weighedQuantity(33_333, 'lb', units.tons)).toBe(16.667);
    expect(weighedQuantity(33_333, 'lb', units.pounds)).toBe(33_333);
    expect(weighedQuantity(18_450, 'kg', units.tons)).toBe(18.45);
    expect(weighedQuantity(1000, 'lb', units.cubicYards)).toBeNull();
  });

  it('refuses a net of 0 or less and a gross over the scale capacity', () => {
    expect(weightProblems({ grossWeight: 27_300, tareWeight: 27_300 }, null)).toEqual([
      { field: 'grossWeight', reason: 'must be more than the tare weight' },
    ]);
    const scale = { capacity: 120_000, division: 20, unit: 'lb' } as const;
    // Handbook 44: capacity plus nine divisions is the most a scale indicates.
    expect(weightProblems({ grossWeight: 120_180, tareWeight: 30_000 }, scale)).toEqual([]);
    expect(weightProblems({ grossWeight: 120_200, tareWeight: 30_000 }, scale)).toEqual([
      { field: 'grossWeight', reason: "is over the scale's capacity: at most 120,180 lb" },
    ]);
    expect(weightProblems({ grossWeight: 62_150, tareWeight: 27_310 }, scale)).toEqual([
      { field: 'grossWeight', reason: 'must be in whole divisions of 20 lb' },
      { field: 'tareWeight', reason: 'must be in whole divisions of 20 lb' },
    ]);
    expect(weightProblems({ grossWeight: 62_140, tareWeight: 27_300 }, scale)).toEqual([]);
  });
});

describe('block ticket arithmetic (R-TENT-5, R-TENT-6)', () => {
  it('counts 2 cubes of 90 and 15 pieces as 195 pieces', () => {
    expect(blockQuantity({ cubes: 2, pieces: 15, unitsPerCube: 90, returnFlag: false })).toBe(195);
  });

  it('returns them as -195 with a 15% restocking charge on the $360.75 returned', () => {
    const quantity = blockQuantity({ cubes: 2, pieces: 15, unitsPerCube: 90, returnFlag: true });
    expect(quantity).toBe(-195);
    const goods = ticketTotals({ quantity, price: 1.85, taxable: true }, 8);
    expect(goods.subtotal).toBe(-360.75);
    const charge = restockingCharge({
      returnedValue: goods.subtotal,
      charge: 15,
      percentFlag: true,
    });
    expect(charge).toBe(54.11);
    // Credit of 360.75 and its 28.86 tax, less the untaxed 54.11 charge.
    const totals = ticketTotals({ quantity, price: 1.85, taxable: true }, 8, charge);
    expect(totals).toMatchObject({ subtotal: -306.64, tax: -28.86, total: -335.5 });
    expect(codAmountOf(totals.total)).toBeNull();
  });

  it('charges a fixed amount as it stands, and nothing without defaults', () => {
    expect(restockingCharge({ returnedValue: -360.75, charge: 25, percentFlag: false })).toBe(25);
    expect(restockingCharge({ returnedValue: -360.75, charge: null, percentFlag: false })).toBe(0);
  });

  it('needs units per cube to count cubes, and something counted', () => {
    expect(blockCountProblems({ cubes: 1, pieces: 0, unitsPerCube: null })).toEqual([
      { field: 'cubes', reason: 'the product has no units per cube: count pieces' },
    ]);
    expect(blockCountProblems({ cubes: 0, pieces: 0, unitsPerCube: 90 })).toEqual([
      { field: 'pieces', reason: 'count at least one cube or piece' },
    ]);
    expect(blockCountProblems({ cubes: 1, pieces: 0, unitsPerCube: 90 })).toEqual([]);
  });
});

describe('the ticket entry body (R-TENT-2)', () => {
  const issues = (body: unknown) => {
    const result = ticketEntrySchema.safeParse(body);
    return result.success
      ? []
      : result.error.issues.map((issue) => [issue.path.join('.'), issue.message]);
  };

  it('takes an aggregate ticket with its defaults', () => {
    expect(
      ticketEntrySchema.parse({
        systemTypeId: 2,
        orderId: 4,
        plantId: 1,
        grossWeight: 62_140,
        tareWeight: 27_300,
      }),
    ).toEqual({
      systemTypeId: 2,
      orderId: 4,
      plantId: 1,
      truckId: null,
      cod: false,
      grossWeight: 62_140,
      tareWeight: 27_300,
      // Keyed or taken from the scale unless the truck's stored tare is named (R-SCALE-5).
      tareSource: 'weighed',
      grossWeighingId: null,
      tareWeighingId: null,
    });
  });

  it('names the missing and impossible fields', () => {
    expect(issues({ systemTypeId: 2, plantId: 1, grossWeight: 100, tareWeight: 200 })).toEqual([
      ['orderId', 'Order is required.'],
      ['grossWeight', 'must be more than the tare weight'],
    ]);
    expect(issues({ systemTypeId: 3, orderId: 1, plantId: 1 })).toEqual([
      ['pieces', 'count at least one cube or piece'],
    ]);
    expect(issues({ systemTypeId: 1, orderId: 1, plantId: 1 })).toEqual([
      ['systemTypeId', 'must be 2 (aggregate) or 3 (block)'],
    ]);
  });
});
