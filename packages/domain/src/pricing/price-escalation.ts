/**
 * Price escalation (R-ESC-1..R-ESC-9): raise or lower prices by a percent or an amount, for a
 * selection of products or quote lines, from an effective date. The request, the arithmetic and
 * the answers live here so the server computes and the web shows the same thing; the price in
 * effect on a date is `priceInEffect` (./price-in-effect).
 */
import { z } from 'zod';
import { int4Max } from '../api/fields';
import { systemTypes } from '../system-types';
import { calendarDaySchema } from '../dates/calendar-day';

export const escalationKinds = ['product', 'quote'] as const;
export type EscalationKind = (typeof escalationKinds)[number];

export const escalationMethods = ['percent', 'amount'] as const;
export type EscalationMethod = (typeof escalationMethods)[number];

/** A percent may lower a price to nothing (-100) and raise it tenfold at most. */
export const percentLimits = { min: -100, max: 1000 } as const;
/** An amount per unit, up or down. */
export const amountLimit = 1_000_000;
/** Prices are stored as numeric(12, 2): what the arithmetic must stay under. */
export const highestPrice = 9_999_999_999.99;

export const id = z.int('must be a whole number').min(1, 'must be an id').max(int4Max);
export const ids = (max = 5000) =>
  z
    .array(id, { error: 'must be a list of ids' })
    .max(max, `must list at most ${max}`)
    .default([])
    .transform((list) => [...new Set(list)]);

/**
 * What an escalation applies to (R-ESC-2). Every list narrows it; an empty list does not narrow.
 * Customers and quotes narrow quote escalations only.
 */
export const escalationSelectionSchema = z.object({
  systemTypeIds: z
    .array(z.literal(systemTypes.map((type) => type.id)), {
      error: 'must be a list of system types (1, 2, 3)',
    })
    .default([])
    .transform((list) => [...new Set(list)]),
  productTypeIds: ids(),
  productIds: ids(),
  plantIds: ids(),
  customerIds: ids(),
  quoteIds: ids(),
});
export type EscalationSelection = z.infer<typeof escalationSelectionSchema>;

export function decimals(value: number): number {
  const text = String(value);
  if (text.includes('e')) return 20;
  return text.split('.')[1]?.length ?? 0;
}

/** R-ESC-1, R-ESC-3: what the preview and the apply both take. */
export const escalationRequestSchema = z
  .object({
    kind: z.enum(escalationKinds, { error: 'must be product or quote' }),
    method: z.enum(escalationMethods, { error: 'must be percent or amount' }),
    amount: z
      .number({ error: 'must be a number' })
      .refine((value) => value !== 0, 'must not be zero'),
    effectiveDate: calendarDaySchema,
    selection: escalationSelectionSchema.default(() => escalationSelectionSchema.parse({})),
    description: z.string({ error: 'must be text' }).trim().max(200).default(''),
  })
  .superRefine((request, context) => {
    const problem = (path: (string | number)[], message: string) =>
      context.addIssue({ code: 'custom', path, message });
    if (request.method === 'percent') {
      if (request.amount < percentLimits.min || request.amount > percentLimits.max) {
        problem(['amount'], `must be a percent from ${percentLimits.min} to ${percentLimits.max}`);
      }
      if (decimals(request.amount) > 4) problem(['amount'], 'must have at most 4 decimals');
    } else {
      if (Math.abs(request.amount) > amountLimit) {
        problem(['amount'], `must be an amount from -${amountLimit} to ${amountLimit}`);
      }
      if (decimals(request.amount) > 2) problem(['amount'], 'must have at most 2 decimals');
    }
    if (request.kind === 'product') {
      for (const key of ['customerIds', 'quoteIds'] as const) {
        if (request.selection[key].length > 0) {
          problem(['selection', key], 'selects quote lines: only a quote escalation takes it');
        }
      }
    }
  });
export type EscalationRequest = z.infer<typeof escalationRequestSchema>;
export type EscalationRequestInput = z.input<typeof escalationRequestSchema>;

/** Whole cents, from a price stored with two decimals. */
export function toCents(price: number): number {
  return Math.round(price * 100);
}

export function fromCents(cents: number): number {
  return cents / 100;
}

/** `numerator / denominator` (denominator above zero) rounded half away from zero, exactly. */
export function divideRoundingHalfAwayFromZero(numerator: bigint, denominator: bigint): bigint {
  const half = denominator / 2n;
  return numerator >= 0n ? (numerator + half) / denominator : -((-numerator + half) / denominator);
}

/**
 * R-ESC-4: the price after an escalation. A percent multiplies, an amount adds; the result is
 * rounded to the cent, half away from zero, in exact integer arithmetic (10.05 raised 10% is
 * 11.06, not the 11.05 a binary double gives), and is never below zero.
 */
export function escalatedPrice(before: number, method: EscalationMethod, amount: number): number {
  const cents = BigInt(toCents(before));
  let after: bigint;
  if (method === 'percent') {
    // amount has at most four decimals: percent in millionths of the price.
    const scale = 1_000_000n;
    const factor = scale + BigInt(Math.round(amount * 10_000));
    after = divideRoundingHalfAwayFromZero(cents * factor, scale);
  } else {
    after = cents + BigInt(toCents(amount));
  }
  if (after < 0n) after = 0n;
  const highest = BigInt(toCents(highestPrice));
  if (after > highest) after = highest;
  return fromCents(Number(after));
}

/** One price an escalation changes, as the preview lists it and the apply writes it (R-ESC-5). */
export const escalationRowSchema = z.object({
  productId: z.int(),
  productNumber: z.string(),
  productDescription: z.string(),
  systemTypeId: z.int(),
  /** The plant whose own price this is; null for the product's price at every plant. */
  plantId: z.int().nullable(),
  plantName: z.string(),
  /** Quote escalations: the quote line. */
  quoteProductId: z.int().nullable(),
  quoteId: z.int().nullable(),
  quoteNumber: z.string(),
  customerName: z.string(),
  priceBefore: z.number(),
  priceAfter: z.number(),
});
export type EscalationRow = z.infer<typeof escalationRowSchema>;

export const escalationTotalsSchema = z.object({
  count: z.int(),
  raised: z.int(),
  lowered: z.int(),
  unchanged: z.int(),
  totalBefore: z.number(),
  totalAfter: z.number(),
});
export type EscalationTotals = z.infer<typeof escalationTotalsSchema>;

/** Counts and sums of a preview, added in cents so they do not drift. */
export function escalationTotals(
  rows: readonly Pick<EscalationRow, 'priceBefore' | 'priceAfter'>[],
): EscalationTotals {
  let before = 0;
  let after = 0;
  let raised = 0;
  let lowered = 0;
  for (const row of rows) {
    const b = toCents(row.priceBefore);
    const a = toCents(row.priceAfter);
    before += b;
    after += a;
    if (a > b) raised += 1;
    else if (a < b) lowered += 1;
  }
  return {
    count: rows.length,
    raised,
    lowered,
    unchanged: rows.length - raised - lowered,
    totalBefore: fromCents(before),
    totalAfter: fromCents(after),
  };
}

/** The preview's answer: what apply would write, row for row. */
export const escalationPreviewSchema = z.object({
  kind: z.enum(escalationKinds),
  method: z.enum(escalationMethods),
  amount: z.number(),
  effectiveDate: z.string(),
  totals: escalationTotalsSchema,
  rows: z.array(escalationRowSchema),
});
export type EscalationPreview = z.infer<typeof escalationPreviewSchema>;

/** An applied escalation, as the history lists it (R-ESC-6, R-ESC-7). */
export const escalationSchema = z.object({
  id: z.int(),
  kind: z.enum(escalationKinds),
  method: z.enum(escalationMethods),
  amount: z.number(),
  effectiveDate: z.string(),
  /** The selection as applied (the request's, with its defaults filled in). */
  selection: z.object({
    systemTypeIds: z.array(z.int()),
    productTypeIds: z.array(z.int()),
    productIds: z.array(z.int()),
    plantIds: z.array(z.int()),
    customerIds: z.array(z.int()),
    quoteIds: z.array(z.int()),
  }),
  description: z.string(),
  appliedAt: z.string(),
  appliedBy: z.string(),
  reversedAt: z.string().nullable(),
  reversedBy: z.string(),
  rowCount: z.int(),
  totalBefore: z.number(),
  totalAfter: z.number(),
});
export type Escalation = z.infer<typeof escalationSchema>;
