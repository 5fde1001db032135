/**
 * The sale's product lines (R-QSALE-3): a product picked by typing, its quantity, its price (shown
 * and editable by permission level) and whether it is taxed, with the line's amount. Enter on the
 * last quantity adds a line.
 */
import { ActionIcon, Button, Checkbox, Group, Table, Text } from '@mantine/core';
import {
  Controller,
  useFieldArray,
  useWatch,
  type Control,
  type UseFormReturn,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { ResourceDefinition } from '@dispatch/domain/resources/define';
import type { PermissionFlags } from '@dispatch/domain/permissions';
import { lineAmount } from '@dispatch/domain/pricing/order-pricing';
import { NumberField } from '../../components/number-field/number-field';
import { ReferenceSelect } from '../../resources/reference-select';
import { newLine, numberOf, type SaleValues } from './quick-sale-form';
import { formatMoney } from '../../lib/money-format';

const right = { input: { textAlign: 'right' as const } };

export function SaleLines(props: {
  form: UseFormReturn<SaleValues>;
  productTarget: ResourceDefinition;
  systemTypeId: number;
  flags: PermissionFlags;
  onProductPicked: (index: number, productId: number | null) => void;
}) {
  const { t } = useTranslation();
  const control: Control<SaleValues> = props.form.control;
  const lines = useFieldArray({ control, name: 'lines' });
  const values = useWatch({ control, name: 'lines' });
  const priceShown = !props.flags.hidePrice;
  const label = (key: string, index: number) => t(`quickSale.line.${key}`, { number: index + 1 });

  return (
    <>
      <Table
        aria-label={t('quickSale.productsTitle')}
        verticalSpacing={6}
        horizontalSpacing="xs"
        layout="fixed"
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('quickSale.columns.product')}</Table.Th>
            <Table.Th w={110} ta="right">
              {t('quickSale.columns.quantity')}
            </Table.Th>
            {priceShown && (
              <Table.Th w={120} ta="right">
                {t('quickSale.columns.price')}
              </Table.Th>
            )}
            <Table.Th w={80} ta="center">
              {t('quickSale.columns.taxable')}
            </Table.Th>
            {priceShown && (
              <Table.Th w={120} ta="right">
                {t('quickSale.columns.amount')}
              </Table.Th>
            )}
            <Table.Th w={44} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lines.fields.map((field, index) => {
            const line = values[index];
            return (
              <Table.Tr key={field.id}>
                <Table.Td>
                  <Controller
                    control={control}
                    name={`lines.${index}.productId`}
                    render={({ field: input, fieldState }) => (
                      <ReferenceSelect
                        target={props.productTarget}
                        name={input.name}
                        label={label('product', index)}
                        hideLabel
                        value={input.value}
                        onChange={(next) => {
                          input.onChange(next);
                          props.onProductPicked(index, next);
                        }}
                        onBlur={input.onBlur}
                        error={fieldState.error?.message}
                        filters={{ systemTypeId: String(props.systemTypeId) }}
                      />
                    )}
                  />
                </Table.Td>
                <Table.Td>
                  <Controller
                    control={control}
                    name={`lines.${index}.quantity`}
                    render={({ field: input, fieldState }) => (
                      <NumberField
                        name={input.name}
                        aria-label={label('quantity', index)}
                        value={input.value ?? ''}
                        onChange={(next) => input.onChange(numberOf(next))}
                        onBlur={input.onBlur}
                        onKeyDown={(event) => {
                          if (event.key === 'Enter' && !event.ctrlKey && !event.metaKey) {
                            event.preventDefault();
                            if (index === lines.fields.length - 1) lines.append(newLine());
                          }
                        }}
                        error={fieldState.error?.message}
                        decimalScale={3}
                        min={0}
                        allowNegative={false}
                        hideControls
                        styles={right}
                      />
                    )}
                  />
                </Table.Td>
                {priceShown && (
                  <Table.Td>
                    <Controller
                      control={control}
                      name={`lines.${index}.price`}
                      render={({ field: input, fieldState }) => (
                        <NumberField
                          name={input.name}
                          aria-label={label('price', index)}
                          value={input.value ?? ''}
                          onChange={(next) => input.onChange(numberOf(next))}
                          onBlur={input.onBlur}
                          error={fieldState.error?.message}
                          readOnly={props.flags.disablePrice}
                          tabIndex={props.flags.disablePrice ? -1 : undefined}
                          decimalScale={2}
                          fixedDecimalScale
                          min={0}
                          allowNegative={false}
                          hideControls
                          prefix="$"
                          styles={right}
                        />
                      )}
                    />
                  </Table.Td>
                )}
                <Table.Td ta="center">
                  <Controller
                    control={control}
                    name={`lines.${index}.taxableFlag`}
                    render={({ field: input }) => (
                      <Group justify="center">
                        <Checkbox
                          aria-label={label('taxable', index)}
                          checked={input.value}
                          onChange={(event) => input.onChange(event.currentTarget.checked)}
                          tabIndex={-1}
                        />
                      </Group>
                    )}
                  />
                </Table.Td>
                {priceShown && (
                  <Table.Td ta="right">
                    <Text size="sm" ff="monospace">
                      {line?.productId != null && line.price !== null
                        ? formatMoney(
                            lineAmount({ quantity: line.quantity ?? 0, price: line.price }),
                          )
                        : '—'}
                    </Text>
                  </Table.Td>
                )}
                <Table.Td>
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    aria-label={label('remove', index)}
                    tabIndex={-1}
                    disabled={lines.fields.length === 1}
                    onClick={() => lines.remove(index)}
                  >
                    ×
                  </ActionIcon>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
      <Group>
        <Button variant="subtle" size="compact-sm" onClick={() => lines.append(newLine())}>
          {t('quickSale.addLine')}
        </Button>
      </Group>
    </>
  );
}
