/**
 * R-QSALE-1..3: a quick sale (`POST /api/v1/quick-sales`): an account or walk-in customer, a
 * plant, products with quantities and prices, and how it is paid, making the order, its ticket
 * and its cash transaction at once. One schema for the till and the server.
 */
import { z } from 'zod';
import { idSchema } from '../api/fields';
import { menuEntryByEnumId } from '../menu/menu-catalogue';
import { paymentSchema } from '../payments/payment-split';
import { required, requiredMessage } from '../forms/required';
import { whenObject } from '../api/when-object';

/** Quick sale exists for concrete and aggregates only (spec section 2). */
export const quickSaleSystemTypeIds = [1, 2] as const;
export type QuickSaleSystemTypeId = (typeof quickSaleSystemTypeIds)[number];

export const quickSaleFormEnumIds = {
  1: 'ConcreteQuickSale',
  2: 'AggregateQuickSale',
} as const satisfies Record<QuickSaleSystemTypeId, string>;

/** R-QSALE-2: the quick sale form of a system type (11000 concrete, 21000 aggregate). */
export function quickSaleFormId(systemTypeId: QuickSaleSystemTypeId): number {
  return menuEntryByEnumId(quickSaleFormEnumIds[systemTypeId])!.id;
}

export function isQuickSaleSystemType(value: unknown): value is QuickSaleSystemTypeId {
  return value === 1 || value === 2;
}

export const quickSaleLineSchema = z.object({
  productId: required(idSchema, 'Product'),
  quantity: z.number({ error: 'must be a quantity' }).positive('must be more than 0').max(1e8),
  /** Left out or null: the price order pricing finds (quote, customer, product). */
  price: z.number().nonnegative().max(1e8).nullable().optional(),
  /** Left out: the product's flag (or the customer's exemption). */
  taxableFlag: z.boolean().optional(),
});
export type QuickSaleLine = z.infer<typeof quickSaleLineSchema>;

export const walkInNameMessage = requiredMessage('Walk-in name');
export const customerRequiredMessage = requiredMessage('Customer');

export const quickSaleSchema = z
  .object({
    systemTypeId: z.literal(quickSaleSystemTypeIds, {
      error: 'must be 1 (concrete) or 2 (aggregate)',
    }),
    /** A customer without an account: the sale goes on the walk-in cash account, under this name. */
    walkIn: z.boolean().default(false),
    customerId: idSchema.nullable().default(null),
    walkInName: z.string().trim().max(100).default(''),
    plantId: required(idSchema, 'Plant'),
    customerPoNumber: z.string().trim().max(50).default(''),
    notes: z.string().trim().max(500).default(''),
    lines: z.array(quickSaleLineSchema).min(1, 'a sale needs at least one product').max(50),
    payments: z.array(paymentSchema).min(1, 'a sale needs a payment (cash, check or card)').max(4),
  })
  .superRefine((sale, ctx) => {
    // Runs even when other fields failed, so a 400 names the customer along with them.
    const walkIn = sale.walkIn === true;
    if (walkIn && (typeof sale.walkInName !== 'string' || sale.walkInName === '')) {
      ctx.addIssue({ code: 'custom', path: ['walkInName'], message: walkInNameMessage });
    }
    if (!walkIn && (sale.customerId === null || sale.customerId === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['customerId'], message: customerRequiredMessage });
    }
  }, whenObject);
export type QuickSale = z.infer<typeof quickSaleSchema>;
export type QuickSaleInput = z.input<typeof quickSaleSchema>;
