/**
 * R-TENT-1..9: ticket entry at the scale house (`POST /api/v1/tickets`): an aggregate ticket
 * weighed on the pit's scale (gross, tare, net, tons) or a block ticket counted in cubes (pallets)
 * and pieces, a return with its restocking charge. One schema and one arithmetic for the screen
 * and the server.
 */
import { z } from 'zod';
import { idSchema } from '../api/fields';
import { menuEntryByEnumId } from '../menu/menu-catalogue';
import { shownPriceSchema } from '../pricing';
import { orderTotals, type OrderTotals } from '../pricing/order-pricing';
import { unitIdSchema, units, type UnitId } from '../units';
import { required } from '../forms/required';
import type { FieldProblem } from '../api/field-problem';
import { whenObject } from '../api/when-object';
import { weighInSchema } from '../tickets/scale-weighings';
import {
  keyedWeightProblem,
  poundsPerKilogram,
  scaleWeightUnits,
  type ScaleWeightUnit,
} from '../plants/scale';

/** Ticket entry screens exist for aggregate (weighed) and block (counted) tickets. */
export const ticketEntrySystemTypeIds = [2, 3] as const;
export type TicketEntrySystemTypeId = (typeof ticketEntrySystemTypeIds)[number];

export const ticketEntryFormEnumIds = {
  2: 'AggregateTicketEntry',
  3: 'BlockTicketEntry',
} as const satisfies Record<TicketEntrySystemTypeId, string>;

/** R-TENT-2: the ticketing form of a system type (22000 aggregate, 32000 block). */
export function ticketEntryFormId(systemTypeId: TicketEntrySystemTypeId): number {
  return menuEntryByEnumId(ticketEntryFormEnumIds[systemTypeId])!.id;
}

/** A short ton is 2,000 lb; a tonne 1,000 kg (R-TENT-4). */
export const weightPerTon = { lb: 2000, kg: 1000 } as const satisfies Record<
  ScaleWeightUnit,
  number
>;

const round = (value: number, places: number) => {
  const scale = 10 ** places;
  return Math.round((value + Number.EPSILON * Math.sign(value)) * scale) / scale;
};

/** R-TENT-4: net weight is gross less tare, to the scale's resolution (3 decimals). */
export function netWeight(grossWeight: number, tareWeight: number): number {
  return round(grossWeight - tareWeight, 3);
}

/**
 * R-TENT-4: the ticket's quantity from the net weight in the product's unit: tons (net / 2,000 lb
 * or / 1,000 kg) or pounds, to 3 decimals; null when the unit is not a weight (cubic yards).
 */
export function weighedQuantity(
  net: number,
  weightUnit: ScaleWeightUnit,
  unitOfMeasure: UnitId | null,
): number | null {
  if (unitOfMeasure === units.tons || unitOfMeasure === null) {
    return round(net / weightPerTon[weightUnit], 3);
  }
  if (unitOfMeasure === units.pounds) {
    return round(weightUnit === 'lb' ? net : net * poundsPerKilogram, 3);
  }
  return null;
}

/**
 * R-TENT-4, R-SCALE-4: the weights a ticket may carry: net more than 0, and each weight at or
 * above zero, within the scale's capacity plus nine divisions and in whole divisions (Handbook
 * 44), when the pit's scale is known. Problems name the field as the form does.
 */
export function weightProblems(
  weights: { grossWeight: number; tareWeight: number },
  scale: { capacity: number | null; division: number | null; unit: ScaleWeightUnit } | null,
): FieldProblem[] {
  const problems: FieldProblem[] = [];
  if (netWeight(weights.grossWeight, weights.tareWeight) <= 0) {
    problems.push({ field: 'grossWeight', reason: 'must be more than the tare weight' });
  }
  if (scale === null) return problems;
  for (const field of ['grossWeight', 'tareWeight'] as const) {
    const problem = keyedWeightProblem(weights[field], scale);
    if (problem) problems.push({ field, reason: problem });
  }
  return problems;
}

/** R-TENT-5: pieces on a block ticket: whole cubes (pallets) of the product plus loose pieces. */
export function blockPieces(count: {
  cubes: number;
  pieces: number;
  unitsPerCube: number | null;
}): number {
  return count.cubes * (count.unitsPerCube ?? 0) + count.pieces;
}

/** R-TENT-6: a block ticket's quantity: its pieces, negative for a return. */
export function blockQuantity(count: {
  cubes: number;
  pieces: number;
  unitsPerCube: number | null;
  returnFlag: boolean;
}): number {
  const pieces = blockPieces(count);
  return count.returnFlag ? -pieces : pieces;
}

/** R-TENT-5: cubes need the product's units per cube; something must be counted. */
export function blockCountProblems(count: {
  cubes: number;
  pieces: number;
  unitsPerCube: number | null;
}): FieldProblem[] {
  if (count.cubes > 0 && !(count.unitsPerCube && count.unitsPerCube > 0)) {
    return [{ field: 'cubes', reason: 'the product has no units per cube: count pieces' }];
  }
  if (blockPieces(count) <= 0) {
    return [{ field: 'pieces', reason: 'count at least one cube or piece' }];
  }
  return [];
}

/**
 * R-TENT-6: the restocking charge on returned block, from the customer's block pricing defaults:
 * a fixed amount, or a percentage of the returned goods' value, to the cent; 0 without defaults.
 */
export function restockingCharge(input: {
  returnedValue: number;
  charge: number | null;
  percentFlag: boolean;
}): number {
  if (input.charge === null || input.charge <= 0) return 0;
  if (!input.percentFlag) return round(input.charge, 2);
  return round((Math.abs(input.returnedValue) * input.charge) / 100, 2);
}

export type TicketTotals = OrderTotals & { restockingCharge: number };

type TicketTotalsLine = { quantity: number; price: number | null; taxable: boolean };
const isLineList = (
  lines: TicketTotalsLine | readonly TicketTotalsLine[],
): lines is readonly TicketTotalsLine[] => Array.isArray(lines);

/**
 * R-TENT-7: a ticket's money: its product line or lines (a return's is negative) at order
 * pricing's rounding and tax, plus the restocking charge, which is a service and not taxed. The
 * entry screens and the printed ticket (R-DISP-9) both total a ticket here.
 */
export function ticketTotals(
  lines: TicketTotalsLine | readonly TicketTotalsLine[],
  taxRate: number | null,
  restocking = 0,
): TicketTotals {
  const goods = orderTotals(isLineList(lines) ? lines : [lines], taxRate);
  const total = round(goods.total + restocking, 2);
  return {
    ...goods,
    subtotal: round(goods.subtotal + restocking, 2),
    total,
    restockingCharge: restocking,
  };
}

/** R-TENT-8: the cash the driver collects on delivery: the ticket's total; nothing on a refund. */
export function codAmountOf(total: number): number | null {
  return total > 0 ? total : null;
}

const weightSchema = z.number({ error: 'must be a weight' }).nonnegative('must not be negative');

const commonFields = {
  orderId: required(idSchema, 'Order'),
  plantId: required(idSchema, 'Plant'),
  truckId: idSchema.nullable().default(null),
  /** Left out or null: the order's price for the product (R-TENT-7). */
  price: z.number().nonnegative().max(1e8).nullable().optional(),
  /** Cash on delivery; a COD-only customer's tickets are COD whatever is sent (R-TENT-8). */
  cod: z.boolean().default(false),
};

export const aggregateTicketSchema = z
  .object({
    systemTypeId: z.literal(2),
    ...commonFields,
    grossWeight: required(weightSchema.max(1e7), 'Gross weight'),
    tareWeight: required(weightSchema.max(1e7), 'Tare weight'),
    /**
     * Where the tare came from: the truck's stored tare (R-SCALE-5: its own, within the re-weigh
     * interval) or weighed, taken from the scale or keyed, just now (the default).
     */
    tareSource: z.enum(['truck', 'weighed']).default('weighed'),
    /**
     * R-SCALE-4: the weights as taken from the scale (TakeScaleWeight), which carry their
     * indicator frames into the ticket's history; null for a weight keyed by hand.
     */
    grossWeighingId: idSchema.nullable().default(null),
    tareWeighingId: idSchema.nullable().default(null),
  })
  .superRefine((ticket, ctx) => {
    if (typeof ticket.grossWeight !== 'number' || typeof ticket.tareWeight !== 'number') return;
    for (const problem of weightProblems(ticket, null)) {
      ctx.addIssue({ code: 'custom', path: [problem.field], message: problem.reason });
    }
  }, whenObject);

export const blockTicketSchema = z
  .object({
    systemTypeId: z.literal(3),
    ...commonFields,
    cubes: z.int({ error: 'must be a whole number' }).nonnegative().max(10_000).default(0),
    pieces: z.int({ error: 'must be a whole number' }).nonnegative().max(1_000_000).default(0),
    /** Block coming back: a negative quantity and the customer's restocking charge (R-TENT-6). */
    returnFlag: z.boolean().default(false),
  })
  .superRefine((ticket, ctx) => {
    if (typeof ticket.cubes !== 'number' || typeof ticket.pieces !== 'number') return;
    if (ticket.cubes + ticket.pieces <= 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['pieces'],
        message: 'count at least one cube or piece',
      });
    }
  }, whenObject);

/** R-TENT-2: the body of `POST /api/v1/tickets`, told apart by systemTypeId. */
export const ticketEntrySchema = z.discriminatedUnion(
  'systemTypeId',
  [aggregateTicketSchema, blockTicketSchema],
  { error: 'must be 2 (aggregate) or 3 (block)' },
);
export type TicketEntryInput = z.input<typeof ticketEntrySchema>;
export type TicketEntry = z.output<typeof ticketEntrySchema>;
export type AggregateTicketEntry = z.output<typeof aggregateTicketSchema>;
export type BlockTicketEntry = z.output<typeof blockTicketSchema>;

/** R-TENT-2..8: ticket entry's answers, the written ticket and what the screen picks from. */

export const ticketEntryViewSchema = z.object({
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
  price: shownPriceSchema,
  extendedPrice: shownPriceSchema,
  blockRestockingCharge: shownPriceSchema,
  taxAmount: shownPriceSchema,
  totalAmount: shownPriceSchema,
  codAmount: shownPriceSchema,
  /** The scheduled load the ticket fulfilled, if the order had one waiting. */
  loadId: z.int().nullable(),
  ticketDateTime: z.iso.datetime(),
});
export type TicketEntryView = z.infer<typeof ticketEntryViewSchema>;

/**
 * POST /api/v1/tickets answers the written ticket and whether its plant prints it by itself
 * (R-PRINT-10): then it is on its way to the plant's print queue and ticketPrintReply_v1 follows,
 * so the screen opens no print window of its own.
 */
export const ticketEntryAnswerSchema = ticketEntryViewSchema.extend({ printing: z.boolean() });
export type TicketEntryAnswer = z.infer<typeof ticketEntryAnswerSchema>;

export const ticketEntryOrderChoiceSchema = z.object({
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
  price: shownPriceSchema,
  taxableFlag: z.boolean(),
  /** Percent; null without a tax schedule. */
  taxRate: z.number().nullable(),
  codOnly: z.boolean(),
  /** Block: the customer's restocking charge, an amount or a percent (restockPercentFlag). */
  blockRestockingCharge: shownPriceSchema,
  restockPercentFlag: z.boolean(),
});
export type TicketEntryOrderChoice = z.infer<typeof ticketEntryOrderChoiceSchema>;

export const ticketEntryChoicesSchema = z.object({
  plant: z.object({
    id: z.int(),
    description: z.string(),
    scaleCapacity: z.number().nullable(),
    /** R-SCALE-4: the step weights are counted in (Handbook 44); null when not set. */
    scaleDivision: z.number().nullable(),
    weightUnit: z.enum(scaleWeightUnits),
    nextBillOfLadingNumber: z.int().nullable(),
    /** R-SCALE-5: how many days a truck's stored tare may be used. */
    tareReweighDays: z.int(),
  }),
  /** R-SCALE-6: trucks weighed in empty at this pit, waiting to weigh out loaded. */
  weighIns: z.array(weighInSchema),
  orders: z.array(ticketEntryOrderChoiceSchema),
  trucks: z.array(
    z.object({
      id: z.int(),
      identificationNumber: z.string(),
      description: z.string().nullable(),
      tareWeight: z.number().nullable(),
      /** When the stored tare was weighed (R-SCALE-5). */
      tareWeighedAt: z.iso.datetime().nullable(),
    }),
  ),
});
export type TicketEntryChoices = z.infer<typeof ticketEntryChoicesSchema>;
