/**
 * Quick sale's prices (R-QSALE-3..4): a line priced when its product is picked, every line priced
 * again when the customer or plant changes, and the tax rate that comes with a price.
 */
import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { UseFormReturn } from 'react-hook-form';
import type { QuickSaleSystemTypeId } from '@dispatch/domain/orders/quick-sale';
import type { PermissionFlags } from '@dispatch/domain/permissions';
import { linePriceQuery } from './quick-sale-api';
import { saleTotals, type SaleValues } from './quick-sale-form';

export function useSalePricing({
  form,
  values,
  systemTypeId,
  flags,
}: {
  form: UseFormReturn<SaleValues>;
  values: SaleValues;
  systemTypeId: QuickSaleSystemTypeId;
  flags: PermissionFlags;
}) {
  const queryClient = useQueryClient();
  const customerId = values.walkIn ? null : values.customerId;
  const firstProduct = values.lines.find((line) => line.productId !== null)?.productId ?? null;
  // The tax rate comes with a price: the customer's (or the walk-in account's) tax schedule.
  const taxQuery = useQuery({
    ...linePriceQuery({
      systemTypeId,
      productId: firstProduct ?? 0,
      plantId: values.plantId ?? 0,
      customerId,
    }),
    enabled:
      firstProduct !== null && values.plantId !== null && (values.walkIn || customerId !== null),
  });
  const taxRate = taxQuery.data?.taxRate ?? null;
  const totals = saleTotals(values, taxRate);

  /** A product picked: its price and taxable flag for this customer and plant. */
  const priceLine = (index: number, productId: number | null) => {
    const current = form.getValues();
    if (productId === null || current.plantId === null) return;
    if (!current.walkIn && current.customerId === null) return;
    queryClient
      .fetchQuery(
        linePriceQuery({
          systemTypeId,
          productId,
          plantId: current.plantId,
          customerId: current.walkIn ? null : current.customerId,
        }),
      )
      .then((answer) => {
        form.setValue(`lines.${index}.taxableFlag`, answer.taxable);
        if (!flags.hidePrice) form.setValue(`lines.${index}.price`, answer.price ?? null);
        if (form.getValues(`lines.${index}.quantity`) === null) {
          form.setValue(`lines.${index}.quantity`, 1);
        }
      })
      .catch(() => undefined);
  };

  // A different customer or plant prices the lines again (defaults, tax exemption).
  useEffect(() => {
    form.getValues().lines.forEach((line, index) => priceLine(index, line.productId));
    // priceLine reads the form when it runs; only these choices should trigger it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [values.customerId, values.walkIn, values.plantId]);

  return { taxRate, totals, priceLine };
}
