/**
 * Quick sale's calls (R-QSALE-1..8): a line's price for the till, the sale itself, and its receipt
 * fetched with the session's token and opened in the print window (R-PRINT-1).
 */
import { queryOptions } from '@tanstack/react-query';
import type { CardBrand } from '@dispatch/domain/payments/card-number';
import type { PaymentMethod } from '@dispatch/domain/payments/payment-split';
import type { QuickSaleInput, QuickSaleSystemTypeId } from '@dispatch/domain/orders/quick-sale';
import { apiGet, apiRequest } from '../../lib/api-client';
import { openPdf } from '../../lib/open-pdf';

const path = '/api/v1/quick-sales';

export type LinePrice = {
  /** Absent for a level that hides prices. */
  price?: number | null;
  taxable: boolean;
  unitOfMeasureId: number | null;
  /** Percent (7.25 for 7.25%); null when the customer has no tax schedule. */
  taxRate: number | null;
};

export type QuickSaleResult = {
  orderId: number;
  orderNumber: number;
  ticketId: number;
  ticketNumber: number;
  customerName: string;
  plantName: string;
  totalAmount?: number;
  payments: {
    method: PaymentMethod;
    amount: number;
    changeDue: number | null;
    cardBrand: CardBrand | null;
    cardLast4: string | null;
    approvalCode: string | null;
    checkNumber: string | null;
  }[];
};

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
      return apiGet<LinePrice>(`${path}/price?${params.toString()}`, { signal });
    },
    staleTime: 60_000,
    retry: false,
  });

export function postQuickSale(body: QuickSaleInput): Promise<QuickSaleResult> {
  return apiRequest<QuickSaleResult>('POST', path, body);
}

export const receiptPath = (orderId: number) => `${path}/${orderId}/receipt.pdf`;

/**
 * R-QSALE-8: the receipt, fetched with the token (a window cannot send it), opened in the print
 * window as a blob URL that names the .pdf it holds.
 */
export function openReceipt(orderId: number, ticketNumber: number): Promise<Window | null> {
  return openPdf(receiptPath(orderId), `receipt-${ticketNumber}.pdf`);
}
