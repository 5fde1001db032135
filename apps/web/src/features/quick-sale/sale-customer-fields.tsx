/**
 * Who buys and from where (R-QSALE-2): an account picked by typing or a walk-in by name, the
 * plant, and the customer's PO number.
 */
import { Grid, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { Controller, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { QuickSaleSystemTypeId } from '@dispatch/domain/orders/quick-sale';
import { customerResource } from '@dispatch/domain/resources/customers';
import { plantResource } from '@dispatch/domain/resources/plants';
import { ReferenceSelect } from '../../resources/reference-select';
import type { SaleValues } from './quick-sale-form';

export function SaleCustomerFields({
  control,
  walkIn,
  systemTypeId,
}: {
  control: Control<SaleValues>;
  walkIn: boolean;
  systemTypeId: QuickSaleSystemTypeId;
}) {
  const { t } = useTranslation();
  return (
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
        {walkIn ? (
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
  );
}
