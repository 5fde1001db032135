/**
 * Quick sale (`/orders/concrete-quick-sale`, `/orders/aggregate-quick-sale`, R-QSALE-1..8): the
 * till. One screen, keyboard first: the customer (an account picked by typing, or a walk-in by
 * name), the plant, the products with running totals and tax, the payment, and Ctrl+Enter
 * completes the sale. The order and ticket numbers come back at once, with the receipt to print.
 */
import { useMemo } from 'react';
import { Alert, Button, Grid, Group, Kbd, Stack, Text, Title } from '@mantine/core';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { quickSaleFormId, type QuickSaleSystemTypeId } from '@dispatch/domain/orders/quick-sale';
import { permissionFlags, permissionLevels } from '@dispatch/domain/permissions';
import {
  aggregateProductResource,
  concreteProductResource,
} from '@dispatch/domain/resources/products';
import {
  RefusedNumbersContext,
  useRefusedNumbers,
  type RefusedNumbers,
} from '../../components/number-field/refused-numbers';
import { useAppConfig } from '../../lib/app-config';
import { useUserAccess } from '../../session/session-queries';
import { newSaleValues, type SaleValues } from './quick-sale-form';
import { PaymentPanel } from './payment-panel';
import { SaleCustomerFields } from './sale-customer-fields';
import { SaleDone } from './sale-done';
import { SaleLines } from './sale-lines';
import { SaleSection } from './sale-section';
import { SaleTotals } from './sale-totals';
import { useSaleCheckout } from './use-sale-checkout';
import { useSalePricing } from './use-sale-pricing';

const productTargets = { 1: concreteProductResource, 2: aggregateProductResource } as const;
const typeKeys = { 1: 'concrete', 2: 'aggregate' } as const;

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

function QuickSaleForm({
  systemTypeId,
  refusedNumbers,
}: {
  systemTypeId: QuickSaleSystemTypeId;
  refusedNumbers: RefusedNumbers;
}) {
  const { t } = useTranslation();
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
  const { taxRate, totals, priceLine } = useSalePricing({ form, values, systemTypeId, flags });
  const {
    formError,
    setFormError,
    selling,
    sold,
    printing,
    handleSell,
    handleNewSale,
    handlePrint,
  } = useSaleCheckout({ form, systemTypeId, total: totals.total, flags, refusedNumbers });

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
          <SaleDone
            sold={sold}
            printing={printing}
            onPrint={(sale) => void handlePrint(sale)}
            onNewSale={handleNewSale}
          />
        )}

        <Grid gap="sm">
          <Grid.Col span={{ base: 12, lg: 8 }}>
            <Stack gap="sm">
              <SaleSection title={t('quickSale.customerTitle')} showTitle={false}>
                <SaleCustomerFields
                  control={control}
                  walkIn={values.walkIn}
                  systemTypeId={systemTypeId}
                />
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
