/**
 * Order entry's prices (R-ORD-23, R-ORD-28, R-PRICE-10): a line priced when its product is
 * picked, priced again when the customer, job, ship date or plant changes, the tax rate, and why
 * a lookup failed beside the field it names.
 */
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { PermissionFlags } from '@dispatch/domain/permissions';
import type { SystemTypeId } from '@dispatch/domain/system-types';
import { orderKeys } from '../../data/orders/order-queries';
import { fetchPrice, type OrderPrice } from './order-entry-api';
import {
  linesToReprice,
  priceProblemFields,
  type FormFieldPath,
  type OrderValues,
  type PricedLine,
} from './order-entry-form';
import { problemsOf } from './order-entry-records';

export function useOrderPrices({
  form,
  values,
  systemTypeId,
  flags,
}: {
  form: UseFormReturn<OrderValues>;
  values: OrderValues;
  systemTypeId: SystemTypeId;
  flags: PermissionFlags;
}) {
  const { t } = useTranslation();
  const [taxRate, setTaxRate] = useState<number | null>(null);
  // The tax rate comes with a price (R-PRICE-10): ask for it once there is a product to price.
  const firstProduct = values.schedules.find((each) => each.primaryProduct.productId !== null)
    ?.primaryProduct.productId;
  const taxQuery = useQuery({
    queryKey: orderKeys.taxRate(
      values.customerId,
      values.jobId,
      values.plantId,
      values.shipDate,
      firstProduct,
    ),
    queryFn: () =>
      fetchPrice({
        customerId: values.customerId!,
        jobId: values.jobId,
        productId: firstProduct!,
        plantId: values.plantId,
        systemTypeId,
        shipDate: values.shipDate,
      }),
    enabled: values.customerId !== null && firstProduct !== undefined && !flags.none,
    staleTime: 60_000,
    retry: false,
  });
  const rate = taxQuery.data?.taxRate ?? taxRate;

  const pricing = (answer: OrderPrice) => {
    if (answer.taxRate !== null) setTaxRate(answer.taxRate);
  };

  /**
   * R-ORD-28: a refused price lookup says why beside the field it names; each lookup (a line's,
   * or the tax rate's) clears what it said last time when it is asked again.
   */
  const priceErrors = useRef(new Map<string, FormFieldPath[]>());
  const clearPriceErrors = (source: string) => {
    for (const field of priceErrors.current.get(source) ?? []) {
      if (form.getFieldState(field).error?.type === 'price') form.clearErrors(field);
    }
    priceErrors.current.delete(source);
  };
  const showPriceErrors = (
    source: string,
    error: unknown,
    line: { path: PricedLine['path'] | null; schedulePlant: boolean },
  ) => {
    clearPriceErrors(source);
    const problems = problemsOf(error);
    const placed =
      problems.length > 0
        ? priceProblemFields(problems, line)
        : line.path === null
          ? []
          : [
              {
                field: `${line.path}.productId` as const,
                reason: t('orderEntry.noPrice', {
                  reason: error instanceof Error ? error.message : String(error),
                }),
              },
            ];
    for (const { field, reason } of placed) {
      form.setError(field, { type: 'price', message: reason });
    }
    priceErrors.current.set(
      source,
      placed.map((each) => each.field),
    );
  };

  /** One line priced: its price and taxable flag, or why not beside the field at fault. */
  const priceLine = (line: PricedLine, current: OrderValues) =>
    fetchPrice({
      customerId: current.customerId!,
      jobId: current.jobId,
      productId: line.productId,
      plantId: line.plantId,
      systemTypeId,
      shipDate: current.shipDate,
    }).then(
      (answer) => {
        clearPriceErrors(line.path);
        return answer;
      },
      (error: unknown) => {
        const path = line.path as `schedules.${number}.primaryProduct`;
        if (form.getValues(`${path}.productId`) !== line.productId) return null;
        const scheduleIndex = Number(line.path.split('.')[1]);
        showPriceErrors(line.path, error, {
          path: line.path,
          schedulePlant: form.getValues(`schedules.${scheduleIndex}.schedule.plantId`) !== null,
        });
        if (form.getValues(`${path}.priceFrom`) !== 'typed') {
          form.setValue(`${path}.priceFrom`, 'failed');
        }
        return null;
      },
    );

  /** A product picked: its price (quote, customer, product) and taxable flag from the server. */
  const onProductPicked = (path: `schedules.${number}.${string}`, productId: number | null) => {
    const line = path as `schedules.${number}.primaryProduct`;
    if (productId === null) {
      clearPriceErrors(line);
      form.setValue(`${line}.price`, null);
      form.setValue(`${line}.taxableFlag`, null);
      form.setValue(`${line}.priceFrom`, null);
      return;
    }
    const current = form.getValues();
    if (current.customerId === null) return;
    const scheduleIndex = Number(path.split('.')[1]);
    const plantId = current.schedules[scheduleIndex]?.schedule.plantId ?? current.plantId;
    void priceLine({ path: line, productId, plantId }, current).then((answer) => {
      if (!answer) return;
      pricing(answer);
      form.setValue(`${line}.taxableFlag`, answer.taxable, { shouldDirty: true });
      if (!flags.hidePrice) {
        form.setValue(`${line}.price`, answer.price ?? null, { shouldDirty: true });
        form.setValue(`${line}.priceFrom`, 'pricing');
      }
    });
  };

  /** A price typed by hand: the user's, kept when the customer, job or date changes (R-ORD-23). */
  const onPriceTyped = (path: `schedules.${number}.${string}`) => {
    form.setValue(`${path as `schedules.${number}.primaryProduct`}.priceFrom`, 'typed');
  };

  /**
   * R-ORD-23: the customer, job or ship date changed (or, R-ORD-28, the plant of the schedules
   * `only` names): the lines order pricing priced, or refused, are priced again
   * (GET /api/v1/orders/price), and a short notice says so. Only the latest change applies.
   */
  const repriceRun = useRef(0);
  const repriceNoticeId = 'order-entry-prices-updated';
  const reprice = (what: string, only?: readonly number[]) => {
    const current = form.getValues();
    if (current.customerId === null || flags.hidePrice) return;
    const lines = linesToReprice(current, only);
    if (lines.length === 0) return;
    const run = (repriceRun.current += 1);
    void Promise.all(
      lines.map((line) => priceLine(line, current).then((answer) => ({ line, answer }))),
    ).then((results) => {
      if (run !== repriceRun.current) return;
      let count = 0;
      for (const { line, answer } of results) {
        if (!answer) continue;
        const path = line.path as `schedules.${number}.primaryProduct`;
        const now = form.getValues(path);
        if (now.productId !== line.productId) continue;
        if (now.priceFrom !== 'pricing' && now.priceFrom !== 'failed') continue;
        pricing(answer);
        form.setValue(`${path}.price`, answer.price ?? null, { shouldDirty: true });
        form.setValue(`${path}.taxableFlag`, answer.taxable, { shouldDirty: true });
        form.setValue(`${path}.priceFrom`, 'pricing');
        count += 1;
      }
      if (count === 0) return;
      // One notice for the latest re-pricing: typing a date must not stack a notice per change.
      notifications.hide(repriceNoticeId);
      notifications.show({
        id: repriceNoticeId,
        color: 'blue',
        title: t('orderEntry.pricesUpdated', { what }),
        message: t('orderEntry.pricesUpdatedText', { count }),
      });
    });
  };

  // R-ORD-28: the tax rate's own lookup (the order's plant, the first product) says why it fails.
  const taxFailure = taxQuery.error;
  const firstPriced = values.schedules.findIndex((each) => each.primaryProduct.productId !== null);
  const onTaxAnswer = useEffectEvent((failure: Error | null) => {
    if (failure === null) {
      clearPriceErrors('tax');
      return;
    }
    showPriceErrors('tax', failure, {
      path: firstPriced === -1 ? null : `schedules.${firstPriced}.primaryProduct`,
      schedulePlant: false,
    });
  });
  useEffect(() => onTaxAnswer(taxFailure), [taxFailure]);

  return { rate, onProductPicked, onPriceTyped, reprice };
}
