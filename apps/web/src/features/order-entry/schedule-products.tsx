/**
 * A schedule's products: the primary product and its extras, each with quantity, slump (concrete),
 * price and amount (unless prices are hidden), and the extras added or removed here.
 */
import { ActionIcon, Button, Group, Table, Text, Tooltip } from '@mantine/core';
import { useContext } from 'react';
import type { Control, UseFieldArrayReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { PermissionFlags } from '@dispatch/domain/permissions';
import { lineAmount } from '@dispatch/domain/pricing/order-pricing';
import type { ResourceDefinition } from '@dispatch/domain/resources/define';
import { systemTypeIds, type SystemTypeId } from '@dispatch/domain/system-types';
import { formatMoney } from '../../lib/money-format';
import {
  newLine,
  type LineValues,
  type OrderValues,
  type ScheduleValues,
} from './order-entry-form';
import { OrderNumberField, PickField, RequiredFields } from './order-fields';
import { mono, right } from './schedule-styles';

/** A column's required mark, as a field's label shows it (the header labels the row's inputs). */
function RequiredMark() {
  return (
    <Text component="span" c="var(--mantine-color-error)" aria-hidden>
      {' *'}
    </Text>
  );
}

function LineAmount({ line, hidden }: { line: LineValues | undefined; hidden: boolean }) {
  if (hidden || !line || line.price === null || line.quantity === null) {
    return (
      <Text size="sm" c="dimmed" style={right}>
        —
      </Text>
    );
  }
  return (
    <Text size="sm" fw={500} style={{ ...right, ...mono }}>
      {formatMoney(lineAmount({ quantity: line.quantity, price: line.price }))}
    </Text>
  );
}

type Props = {
  control: Control<OrderValues>;
  index: number;
  systemTypeId: SystemTypeId;
  flags: PermissionFlags;
  readOnly: boolean;
  /** The schedule as typed so far; undefined while the form has not got it yet. */
  values: ScheduleValues | undefined;
  extras: UseFieldArrayReturn<OrderValues, `schedules.${number}.extraProducts`>;
  productTarget: ResourceDefinition;
  extraTarget: ResourceDefinition;
  onProductPicked: (path: `schedules.${number}.${string}`, productId: number | null) => void;
  onPriceTyped: (path: `schedules.${number}.${string}`) => void;
};

export function ScheduleProducts(props: Props) {
  const { t } = useTranslation();
  const { control, index, readOnly, flags, values, extras } = props;
  const base = `schedules.${index}` as const;
  const concrete = props.systemTypeId === systemTypeIds.concrete;
  const showPrice = !flags.hidePrice;
  const priceReadOnly = readOnly || flags.disablePrice;
  const label = (key: string) => t(`orderEntry.fields.${key}`);
  const required = useContext(RequiredFields);
  return (
    <>
      <Table
        layout="fixed"
        withTableBorder
        verticalSpacing={4}
        horizontalSpacing="xs"
        aria-label={t('orderEntry.productsTitle', { number: index + 1 })}
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th>
              {label('productId')}
              {required.has('schedules.N.primaryProduct.productId') && <RequiredMark />}
            </Table.Th>
            <Table.Th w={96} style={right}>
              {label('quantity')}
            </Table.Th>
            {concrete && (
              <Table.Th w={76} style={right}>
                {label('slump')}
              </Table.Th>
            )}
            {showPrice && (
              <Table.Th w={104} style={right}>
                {label('price')}
              </Table.Th>
            )}
            {showPrice && (
              <Table.Th w={100} style={right}>
                {t('orderEntry.amount')}
              </Table.Th>
            )}
            <Table.Th w={64} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          <Table.Tr>
            <Table.Td>
              <PickField
                control={control}
                name={`${base}.primaryProduct.productId`}
                label={label('primaryProduct')}
                target={props.productTarget}
                readOnly={readOnly}
                hideLabel
                onPick={(id) => props.onProductPicked(`${base}.primaryProduct`, id)}
              />
            </Table.Td>
            <Table.Td>
              <OrderNumberField
                control={control}
                name={`${base}.primaryProduct.quantity`}
                label={label('quantity')}
                readOnly={readOnly}
                hideLabel
              />
            </Table.Td>
            {concrete && (
              <Table.Td>
                <OrderNumberField
                  control={control}
                  name={`${base}.primaryProduct.slump`}
                  label={label('slump')}
                  decimals={2}
                  readOnly={readOnly}
                  hideLabel
                />
              </Table.Td>
            )}
            {showPrice && (
              <Table.Td>
                <OrderNumberField
                  control={control}
                  name={`${base}.primaryProduct.price`}
                  label={label('price')}
                  decimals={2}
                  readOnly={priceReadOnly}
                  hideLabel
                  onValue={() => props.onPriceTyped(`${base}.primaryProduct`)}
                />
              </Table.Td>
            )}
            {showPrice && (
              <Table.Td>
                <LineAmount line={values?.primaryProduct} hidden={!showPrice} />
              </Table.Td>
            )}
            <Table.Td>
              <Text size="xs" c="dimmed" ta="center">
                {t('orderEntry.primary')}
              </Text>
            </Table.Td>
          </Table.Tr>
          {extras.fields.map((row, extra) => (
            <Table.Tr key={row.id}>
              <Table.Td>
                <PickField
                  control={control}
                  name={`${base}.extraProducts.${extra}.productId`}
                  label={t('orderEntry.extraProduct', { number: extra + 1 })}
                  target={props.extraTarget}
                  filters={
                    props.extraTarget.filters.includes('systemTypeId')
                      ? { systemTypeId: String(props.systemTypeId) }
                      : undefined
                  }
                  readOnly={readOnly}
                  hideLabel
                  onPick={(id) => props.onProductPicked(`${base}.extraProducts.${extra}`, id)}
                />
              </Table.Td>
              <Table.Td>
                <OrderNumberField
                  control={control}
                  name={`${base}.extraProducts.${extra}.quantity`}
                  label={t('orderEntry.extraQuantity', { number: extra + 1 })}
                  readOnly={readOnly}
                  hideLabel
                />
              </Table.Td>
              {concrete && <Table.Td />}
              {showPrice && (
                <Table.Td>
                  <OrderNumberField
                    control={control}
                    name={`${base}.extraProducts.${extra}.price`}
                    label={t('orderEntry.extraPrice', { number: extra + 1 })}
                    decimals={2}
                    readOnly={priceReadOnly}
                    hideLabel
                    onValue={() => props.onPriceTyped(`${base}.extraProducts.${extra}`)}
                  />
                </Table.Td>
              )}
              {showPrice && (
                <Table.Td>
                  <LineAmount line={values?.extraProducts[extra]} hidden={!showPrice} />
                </Table.Td>
              )}
              <Table.Td>
                {!readOnly && (
                  <Tooltip label={t('orderEntry.removeExtra')}>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={t('orderEntry.removeExtraNumber', { number: extra + 1 })}
                      onClick={() => extras.remove(extra)}
                    >
                      ×
                    </ActionIcon>
                  </Tooltip>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {!readOnly && (
        <Group>
          <Button
            variant="light"
            size="xs"
            onClick={() => extras.append(newLine(), { shouldFocus: false })}
          >
            {t('orderEntry.addExtra')}
          </Button>
        </Group>
      )}
    </>
  );
}
