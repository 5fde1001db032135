/**
 * Quick sale's calls (R-QSALE-1..8): a line's price for the till, the sale itself, and its receipt
 * fetched with the session's token and opened in the print window (R-PRINT-1).
 */
import { queryOptions } from '@tanstack/react-query';
import type { QuickSaleInput, QuickSaleSystemTypeId } from '@dispatch/domain/orders/quick-sale';
import {
  quickSalePaymentView,
  quickSalePriceAnswer,
  quickSaleView,
  type QuickSalePriceAnswer,
} from '@dispatch/domain/orders/quick-sale-view';
import { z } from 'zod';
import { apiGet, apiRequest } from '../../lib/api-client';
import { openPdf } from '../../lib/open-pdf';

const path = '/api/v1/quick-sales';

/** A line's price for the till; `price` is absent for a level that hides prices. */
export type LinePrice = QuickSalePriceAnswer;

/** What the till reads of the sale's answer (the domain's quickSaleView). */
const quickSaleResultSchema = quickSaleView
  .pick({
    orderId: true,
    orderNumber: true,
    ticketId: true,
    ticketNumber: true,
    customerName: true,
    plantName: true,
    totalAmount: true,
  })
  .extend({
    payments: z.array(
      quickSalePaymentView.pick({
        method: true,
        amount: true,
        changeDue: true,
        cardBrand: true,
        cardLast4: true,
        approvalCode: true,
        checkNumber: true,
      }),
    ),
  });
export type QuickSaleResult = z.infer<typeof quickSaleResultSchema>;

export type PriceRequest = {
  systemTypeId: QuickSaleSystemTypeId;
  productId: number;
  plantId: number;
  /** Null: a walk-in. */
  customerId: number | null;
};

export const quickSaleKeys = {
  all: ['quick-sales'] as const,
  price: (request: PriceRequest) => [...quickSaleKeys.all, 'price', request] as const,
};

export const linePriceQuery = (request: PriceRequest) =>
  queryOptions({
    queryKey: quickSaleKeys.price(request),
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({
        systemTypeId: String(request.systemTypeId),
        productId: String(request.productId),
        plantId: String(request.plantId),
      });
      if (request.customerId !== null) params.set('customerId', String(request.customerId));
      return apiGet(`${path}/price?${params.toString()}`, quickSalePriceAnswer, { signal });
    },
    staleTime: 60_000,
    retry: false,
  });

export function postQuickSale(body: QuickSaleInput): Promise<QuickSaleResult> {
  return apiRequest('POST', path, body, quickSaleResultSchema);
}

export const receiptPath = (orderId: number) => `${path}/${orderId}/receipt.pdf`;

/**
 * R-QSALE-8: the receipt, fetched with the token (a window cannot send it), opened in the print
 * window as a blob URL that names the .pdf it holds.
 */
export function openReceipt(orderId: number, ticketNumber: number): Promise<Window | null> {
  return openPdf(receiptPath(orderId), `receipt-${ticketNumber}.pdf`);
}
