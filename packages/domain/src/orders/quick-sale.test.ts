import { describe, expect, it } from 'vitest';
import {
  customerRequiredMessage,
  isQuickSaleSystemType,
  quickSaleFormId,
  quickSaleSchema,
  walkInNameMessage,
} from './quick-sale';

const sale = {
  systemTypeId: 2,
  customerId: 12,
  plantId: 3,
  lines: [{ productId: 7, quantity: 4.5 }],
  payments: [{ method: 'cash', amount: 100 }],
};

describe('quick sale (R-QSALE-1..3)', () => {
  it('takes an account customer, a plant, lines and payments, with defaults', () => {
    expect(quickSaleSchema.parse(sale)).toEqual({
      systemTypeId: 2,
      walkIn: false,
      customerId: 12,
      walkInName: '',
      plantId: 3,
      customerPoNumber: '',
      notes: '',
      lines: [{ productId: 7, quantity: 4.5 }],
      payments: [{ method: 'cash', amount: 100, amountTendered: null }],
    });
  });

  it('needs a customer, or a walk-in name', () => {
    const noCustomer = quickSaleSchema.safeParse({ ...sale, customerId: null });
    expect(noCustomer.error?.issues).toMatchObject([
      { path: ['customerId'], message: customerRequiredMessage },
    ]);
    const walkIn = quickSaleSchema.safeParse({ ...sale, customerId: null, walkIn: true });
    expect(walkIn.error?.issues).toMatchObject([
      { path: ['walkInName'], message: walkInNameMessage },
    ]);
    expect(
      quickSaleSchema.safeParse({ ...sale, customerId: null, walkIn: true, walkInName: 'Ann' })
        .success,
    ).toBe(true);
  });

  it('names the bad fields of lines and refuses block', () => {
    const bad = quickSaleSchema.safeParse({
      ...sale,
      systemTypeId: 3,
      plantId: null,
      lines: [{ productId: null, quantity: 0 }],
    });
    expect(bad.error?.issues.map((issue) => issue.path.join('.'))).toEqual([
      'systemTypeId',
      'plantId',
      'lines.0.productId',
      'lines.0.quantity',
    ]);
    expect(quickSaleSchema.safeParse({ ...sale, lines: [] }).success).toBe(false);
  });

  it('knows its forms', () => {
    expect(quickSaleFormId(1)).toBe(11000);
    expect(quickSaleFormId(2)).toBe(21000);
    expect(isQuickSaleSystemType(2)).toBe(true);
    expect(isQuickSaleSystemType(3)).toBe(false);
  });
});
