/**
 * The till's values and what they send (R-QSALE-3..5): one payment of the whole total by the
 * method chosen, checked with the domain's own schema and payment rules before it goes, so the
 * till and the server say the same things about the same fields.
 */
import {
  paymentSplitProblems,
  type Payment,
  type PaymentMethod,
} from '@dispatch/domain/payments/payment-split';
import {
  quickSaleSchema,
  type QuickSaleInput,
  type QuickSaleSystemTypeId,
} from '@dispatch/domain/orders/quick-sale';
import type { PermissionFlags } from '@dispatch/domain/permissions';
import { orderTotals, type OrderTotals } from '@dispatch/domain/pricing/order-pricing';
import type { FieldProblem } from '@dispatch/domain/api/field-problem';

export type SaleLineValues = {
  productId: number | null;
  quantity: number | null;
  price: number | null;
  taxableFlag: boolean;
};

export type SaleValues = {
  walkIn: boolean;
  customerId: number | null;
  walkInName: string;
  plantId: number | null;
  customerPoNumber: string;
  lines: SaleLineValues[];
  method: PaymentMethod;
  amountTendered: number | null;
  checkNumber: string;
  cardNumber: string;
  expiry: string;
  securityValue: string;
  billingZip: string;
};

/** A number input's value: Mantine hands over text for formatted values ('30.00'); '' is none. */
export function numberOf(value: number | string): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  const parsed = Number(value.replace(/[^0-9.-]/g, ''));
  return value.trim() === '' || !Number.isFinite(parsed) ? null : parsed;
}

export const newLine = (): SaleLineValues => ({
  productId: null,
  quantity: null,
  price: null,
  taxableFlag: true,
});

export const newSaleValues = (): SaleValues => ({
  walkIn: false,
  customerId: null,
  walkInName: '',
  plantId: null,
  customerPoNumber: '',
  lines: [newLine()],
  method: 'cash',
  amountTendered: null,
  checkNumber: '',
  cardNumber: '',
  expiry: '',
  securityValue: '',
  billingZip: '',
});

/** The lines that count: a product picked. */
const filledLines = (values: SaleValues) => values.lines.filter((line) => line.productId !== null);

/** The running totals (R-PRICE-7): lines without a price yet count nothing. */
export function saleTotals(values: SaleValues, taxRate: number | null): OrderTotals {
  return orderTotals(
    values.lines.map((line) => ({
      quantity: line.productId === null ? 0 : (line.quantity ?? 0),
      price: line.price,
      taxable: line.taxableFlag,
    })),
    taxRate,
  );
}

function paymentOf(values: SaleValues, total: number): Payment {
  switch (values.method) {
    case 'cash':
      return { method: 'cash', amount: total, amountTendered: values.amountTendered };
    case 'check':
      return { method: 'check', amount: total, checkNumber: values.checkNumber.trim() };
    case 'card':
      return {
        method: 'card',
        amount: total,
        cardNumber: values.cardNumber,
        expiry: values.expiry.trim(),
        securityValue: values.securityValue,
        billingZip: values.billingZip.trim(),
      };
  }
}

/** What the till sends: prices only where the level may set them (R-QSALE-3). */
export function saleBody(
  values: SaleValues,
  systemTypeId: QuickSaleSystemTypeId,
  total: number,
  flags: PermissionFlags,
): QuickSaleInput {
  return {
    systemTypeId,
    walkIn: values.walkIn,
    customerId: values.walkIn ? null : values.customerId,
    walkInName: values.walkIn ? values.walkInName.trim() : '',
    plantId: values.plantId,
    customerPoNumber: values.customerPoNumber.trim(),
    lines: filledLines(values).map((line) => ({
      productId: line.productId,
      quantity: line.quantity ?? 0,
      ...(flags.disablePrice || flags.hidePrice ? {} : { price: line.price }),
      taxableFlag: line.taxableFlag,
    })),
    payments: [paymentOf(values, total)],
  };
}

/** Form field of a problem the schema or the server names ('payments.0.expiry' is 'expiry'). */
export function formFieldOf(field: string): string | null {
  const payment = /^payments\.\d+\.(.+)$/.exec(field);
  if (payment) {
    const name = payment[1]!;
    return name === 'amount' || name === 'method' ? null : name;
  }
  if (field === 'payments' || field === 'systemTypeId' || field === 'lines') return null;
  return field;
}

/** Everything the till can tell before sending, each problem on its field. */
export function saleProblems(body: QuickSaleInput, total: number, today: Date): FieldProblem[] {
  const parsed = quickSaleSchema.safeParse(body);
  if (!parsed.success) {
    return parsed.error.issues.map((issue) => ({
      field: issue.path.join('.') || 'lines',
      reason: issue.message,
    }));
  }
  return paymentSplitProblems(parsed.data.payments, total, today);
}
