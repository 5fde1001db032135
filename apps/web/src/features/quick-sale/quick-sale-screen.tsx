/**
 * Quick sale (`/orders/concrete-quick-sale`, `/orders/aggregate-quick-sale`, R-QSALE-1..8): the
 * till. One screen, keyboard first: the customer (an account picked by typing, or a walk-in by
 * name), the plant, the products with running totals and tax, the payment, and Ctrl+Enter
 * completes the sale. The order and ticket numbers come back at once, with the receipt to print.
 */
import { useEffect, useMemo, useState } from 'react';
import {
  Alert,
  Button,
  Grid,
  Group,
  Kbd,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { cardBrandNames } from '@dispatch/domain/payments/card-number';
import { quickSaleFormId, type QuickSaleSystemTypeId } from '@dispatch/domain/orders/quick-sale';
import { permissionFlags, permissionLevels } from '@dispatch/domain/permissions';
import { customerResource } from '@dispatch/domain/resources/customers';
import { plantResource } from '@dispatch/domain/resources/plants';
import {
  aggregateProductResource,
  concreteProductResource,
} from '@dispatch/domain/resources/products';
import {
  RefusedNumbersContext,
  useRefusedNumbers,
  type RefusedNumbers,
} from '../../components/number-field/refused-numbers';
import { ApiError } from '../../lib/api-client';
import { useAppConfig } from '../../lib/app-config';
import { ReferenceSelect } from '../../resources/reference-select';
import { useUserAccess } from '../../session/session-queries';
import { linePriceQuery, openReceipt, postQuickSale, type QuickSaleResult } from './quick-sale-api';
import {
  formFieldOf,
  newSaleValues,
  saleBody,
  saleProblems,
  saleTotals,
  type SaleValues,
} from './quick-sale-form';
import { PaymentPanel } from './payment-panel';
import { SaleLines } from './sale-lines';
import { SaleSection } from './sale-section';
import { SaleTotals } from './sale-totals';
import { formatMoney } from '../../lib/money-format';
import type { FieldProblem } from '@dispatch/domain/validation/field-problem';

const productTargets = { 1: concreteProductResource, 2: aggregateProductResource } as const;
const typeKeys = { 1: 'concrete', 2: 'aggregate' } as const;

function problemsOf(error: unknown): FieldProblem[] {
  if (!(error instanceof ApiError)) return [];
  const data = (error.body as { data?: unknown } | undefined)?.data;
  return Array.isArray(data)
    ? data.filter((item): item is FieldProblem => typeof (item as FieldProblem)?.field === 'string')
    : [];
}

export const ConcreteQuickSaleScreen = () => <QuickSaleScreen systemTypeId={1} />;
export const AggregateQuickSaleScreen = () => <QuickSaleScreen systemTypeId={2} />;

export function QuickSaleScreen({ systemTypeId }: { systemTypeId: QuickSaleSystemTypeId }) {
  // R-INPUT-1: a number field holding text it refused stops the sale (handleSell).
  const refusedNumbers = useRefusedNumbers();
  return (
    <RefusedNumbersContext value={refusedNumbers}>
      <QuickSaleForm systemTypeId={systemTypeId} refusedNumbers={refusedNumbers} />
    </RefusedNumbersContext>
  );
}

// eslint-disable-next-line max-lines-per-function -- still to split (godfiles helper ran out of time)
function QuickSaleForm({
  systemTypeId,
  refusedNumbers,
}: {
  systemTypeId: QuickSaleSystemTypeId;
  refusedNumbers: RefusedNumbers;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const access = useUserAccess();
  const { paymentsAvailable } = useAppConfig().server;
  const flags = useMemo(
    () =>
      permissionFlags(
        access.allowedSystemTypes.includes(systemTypeId)
          ? access.permissions.levelOf(quickSaleFormId(systemTypeId))
          : permissionLevels.None,
      ),
    [access, systemTypeId],
  );
  const form = useForm<SaleValues>({ defaultValues: newSaleValues() });
  const values = useWatch({ control: form.control }) as SaleValues;
  const [formError, setFormError] = useState<string | null>(null);
  const [selling, setSelling] = useState(false);
  const [sold, setSold] = useState<QuickSaleResult | null>(null);
  const [printing, setPrinting] = useState(false);

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

  const showProblems = (problems: FieldProblem[]) => {
    const unplaced: string[] = [];
    problems.forEach((problem, index) => {
      const field = formFieldOf(problem.field);
      if (field === null) {
        unplaced.push(problem.reason);
        return;
      }
      form.setError(
        field as 'customerId',
        { type: 'server', message: problem.reason },
        { shouldFocus: index === 0 },
      );
    });
    if (unplaced.length > 0) setFormError(unplaced.join(' · '));
  };

  const handleSell = async () => {
    if (selling || sold) return;
    if (refusedNumbers.focusFirst()) return;
    setFormError(null);
    form.clearErrors();
    const formValues = form.getValues();
    const body = saleBody(formValues, systemTypeId, totals.total, flags);
    const problems = saleProblems(body, totals.total, new Date());
    if (problems.length > 0) {
      showProblems(problems);
      return;
    }
    setSelling(true);
    try {
      const result = await postQuickSale(body);
      // The card's digits leave the page with the sale.
      form.setValue('cardNumber', '');
      form.setValue('securityValue', '');
      setSold(result);
    } catch (error) {
      // A decline lands beside the card number, a bad field beside itself; the rest on top.
      const problems = problemsOf(error);
      if (problems.length > 0) showProblems(problems);
      else setFormError(error instanceof Error ? error.message : String(error));
    } finally {
      setSelling(false);
    }
  };

  const handleNewSale = () => {
    setSold(null);
    setFormError(null);
    form.reset(newSaleValues());
  };

  const handlePrint = async (sale: QuickSaleResult) => {
    setPrinting(true);
    try {
      await openReceipt(sale.orderId, sale.ticketNumber);
    } catch (error) {
      setFormError(error instanceof Error ? error.message : String(error));
    } finally {
      setPrinting(false);
    }
  };

  useHotkeys([['mod+Enter', () => void handleSell()]], []);

  const typeName = t(`quickSale.systemTypes.${typeKeys[systemTypeId]}`);
  if (flags.none) {
    return (
      <Alert color="red" title={t('quickSale.noAccessTitle')}>
        {t('quickSale.noAccess', { type: typeName })}
      </Alert>
    );
  }
  const canSell = flags.full && !flags.hidePrice;
  const control = form.control;

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void handleSell();
      }}
      noValidate
    >
      <Stack gap="sm" maw={1280}>
        <Group justify="space-between" align="center">
          <Title order={2}>{t('quickSale.title', { type: typeName })}</Title>
          <Text size="sm" c="dimmed">
            <Kbd>Ctrl</Kbd> + <Kbd>Enter</Kbd> {t('quickSale.completeHint')}
          </Text>
        </Group>
        {!canSell && (
          <Alert color="gray" variant="light">
            {flags.hidePrice ? t('quickSale.pricesHidden') : t('quickSale.readOnly')}
          </Alert>
        )}
        {formError !== null && (
          <Alert color="red" role="alert" withCloseButton onClose={() => setFormError(null)}>
            {formError}
          </Alert>
        )}
        {sold && (
          <Alert
            color="teal"
            variant="light"
            role="status"
            title={t('quickSale.doneTitle', {
              order: sold.orderNumber,
              ticket: sold.ticketNumber,
            })}
          >
            <Stack gap="xs">
              <Text size="sm">
                {t('quickSale.doneText', { customer: sold.customerName, plant: sold.plantName })}
              </Text>
              {sold.payments.map((payment) => (
                <Text size="sm" key={payment.method} fw={500}>
                  {payment.method === 'card'
                    ? t('quickSale.approved', {
                        brand: cardBrandNames[payment.cardBrand ?? 'unknown'],
                        last4: payment.cardLast4,
                        code: payment.approvalCode,
                        amount: formatMoney(payment.amount),
                      })
                    : payment.method === 'check'
                      ? t('quickSale.paidByCheck', {
                          number: payment.checkNumber,
                          amount: formatMoney(payment.amount),
                        })
                      : t('quickSale.paidInCash', {
                          amount: formatMoney(payment.amount),
                          change: formatMoney(payment.changeDue ?? 0),
                        })}
                </Text>
              ))}
              <Group gap="xs">
                <Button onClick={() => void handlePrint(sold)} loading={printing} data-autofocus>
                  {t('quickSale.printReceipt')}
                </Button>
                <Button variant="default" onClick={handleNewSale}>
                  {t('quickSale.newSale')}
                </Button>
              </Group>
            </Stack>
          </Alert>
        )}

        <Grid gap="sm">
          <Grid.Col span={{ base: 12, lg: 8 }}>
            <Stack gap="sm">
              <SaleSection title={t('quickSale.customerTitle')} showTitle={false}>
                <Grid gap="sm" align="flex-end">
                  <Grid.Col span={{ base: 12, md: 4 }}>
                    <Controller
                      control={control}
                      name="walkIn"
                      render={({ field }) => (
                        <Stack gap={4}>
                          <Text size="sm" fw={500}>
                            {t('quickSale.customerKind')}
                          </Text>
                          <SegmentedControl
                            aria-label={t('quickSale.customerKind')}
                            value={field.value ? 'walkIn' : 'account'}
                            onChange={(next) => field.onChange(next === 'walkIn')}
                            data={[
                              { value: 'account', label: t('quickSale.account') },
                              { value: 'walkIn', label: t('quickSale.walkIn') },
                            ]}
                            fullWidth
                          />
                        </Stack>
                      )}
                    />
                  </Grid.Col>
                  <Grid.Col span={{ base: 12, md: 8 }}>
                    {values.walkIn ? (
                      <Controller
                        control={control}
                        name="walkInName"
                        render={({ field, fieldState }) => (
                          <TextInput
                            name="walkInName"
                            label={t('quickSale.walkInName')}
                            value={field.value}
                            onChange={(event) => field.onChange(event.currentTarget.value)}
                            onBlur={field.onBlur}
                            error={fieldState.error?.message}
                            required
                            data-autofocus
                          />
                        )}
                      />
                    ) : (
                      <Controller
                        control={control}
                        name="customerId"
                        render={({ field, fieldState }) => (
                          <ReferenceSelect
                            target={customerResource}
                            name="customerId"
                            label={t('quickSale.customer')}
                            value={field.value}
                            onChange={field.onChange}
                            onBlur={field.onBlur}
                            error={fieldState.error?.message}
                            required
                          />
                        )}
                      />
                    )}
                  </Grid.Col>
                  <Grid.Col span={{ base: 12, md: 8 }}>
                    <Controller
                      control={control}
                      name="plantId"
                      render={({ field, fieldState }) => (
                        <ReferenceSelect
                          target={plantResource}
                          name="plantId"
                          label={t('quickSale.plant')}
                          value={field.value}
                          onChange={field.onChange}
                          onBlur={field.onBlur}
                          error={fieldState.error?.message}
                          filters={{ systemTypeId: String(systemTypeId) }}
                          required
                        />
                      )}
                    />
                  </Grid.Col>
                  <Grid.Col span={{ base: 12, md: 4 }}>
                    <Controller
                      control={control}
                      name="customerPoNumber"
                      render={({ field, fieldState }) => (
                        <TextInput
                          name="customerPoNumber"
                          label={t('quickSale.poNumber')}
                          value={field.value}
                          onChange={(event) => field.onChange(event.currentTarget.value)}
                          onBlur={field.onBlur}
                          error={fieldState.error?.message}
                        />
                      )}
                    />
                  </Grid.Col>
                </Grid>
              </SaleSection>

              <SaleSection title={t('quickSale.productsTitle')}>
                <SaleLines
                  form={form}
                  productTarget={productTargets[systemTypeId]}
                  systemTypeId={systemTypeId}
                  flags={flags}
                  onProductPicked={priceLine}
                />
              </SaleSection>
            </Stack>
          </Grid.Col>

          <Grid.Col span={{ base: 12, lg: 4 }}>
            <Stack gap="sm">
              <SaleSection title={t('quickSale.totalsTitle')} showTitle={false}>
                <SaleTotals totals={totals} taxRate={taxRate} />
              </SaleSection>
              <SaleSection title={t('quickSale.paymentTitle')}>
                <PaymentPanel
                  control={control}
                  total={totals.total}
                  paymentsAvailable={paymentsAvailable}
                />
              </SaleSection>
              <Button
                type="submit"
                size="md"
                loading={selling}
                disabled={!canSell || sold !== null}
                fullWidth
              >
                {t('quickSale.complete')}
              </Button>
            </Stack>
          </Grid.Col>
        </Grid>
      </Stack>
    </form>
  );
}
