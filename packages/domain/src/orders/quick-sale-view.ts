/**
 * The quick sale's answers (R-QSALE-1..8): the order, its ticket, its lines and how it was paid,
 * and a line's price. The server answers with them and the till parses them.
 */
import { z } from 'zod';
import { cardBrands } from '../payments/card-number';
import { paymentMethods } from '../payments/payment-split';

export const quickSalePaymentView = z.object({
  method: z.enum(paymentMethods),
  amount: z.number(),
  amountTendered: z.number().nullable(),
  changeDue: z.number().nullable(),
  checkNumber: z.string().nullable(),
  cardBrand: z.enum(cardBrands).nullable(),
  cardLast4: z.string().nullable(),
  cardExpiry: z.string().nullable(),
  approvalCode: z.string().nullable(),
});

export const quickSaleLineView = z.object({
  productId: z.int(),
  productNumber: z.string(),
  productDescription: z.string(),
  quantity: z.number(),
  unitOfMeasure: z.string().nullable(),
  price: z.number().nullable().optional(),
  /** Quantity times price, to the cent. */
  extendedPrice: z.number().optional(),
  taxableFlag: z.boolean(),
});

export const quickSaleView = z.object({
  orderId: z.int(),
  orderNumber: z.int(),
  ticketId: z.int(),
  ticketNumber: z.int(),
  systemTypeId: z.int(),
  plantId: z.int(),
  plantName: z.string(),
  plantAddress: z.array(z.string()),
  customerId: z.int(),
  customerName: z.string(),
  customerPoNumber: z.string(),
  soldAt: z.string(),
  soldBy: z.string(),
  lines: z.array(quickSaleLineView),
  subtotal: z.number().optional(),
  taxAmount: z.number().optional(),
  totalAmount: z.number().optional(),
  payments: z.array(quickSalePaymentView),
});
export type QuickSaleView = z.infer<typeof quickSaleView>;

export const quickSalePriceAnswer = z.object({
  price: z.number().nullable().optional(),
  taxable: z.boolean(),
  unitOfMeasureId: z.int().nullable(),
  taxRate: z.number().nullable(),
});
export type QuickSalePriceAnswer = z.infer<typeof quickSalePriceAnswer>;
