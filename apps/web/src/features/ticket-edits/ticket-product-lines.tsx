/** The ticket's product lines: each line's product, quantity and (unless hidden) price. */
import { Table, Text } from '@mantine/core';
import { Controller, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { PermissionFlags } from '@dispatch/domain/permissions';
import {
  aggregateProductResource,
  blockProductResource,
  concreteProductResource,
} from '@dispatch/domain/resources/products';
import type { TicketEditDetail } from '@dispatch/domain/tickets/ticket-edits';
import { NumberField } from '../../components/number-field/number-field';
import type { RefusedNumbers } from '../../components/number-field/refused-numbers';
import { ReferenceSelect } from '../../resources/reference-select';
import type { TicketFormValues } from './ticket-form-values';

const productTargets = {
  1: concreteProductResource,
  2: aggregateProductResource,
  3: blockProductResource,
} as const;

export function TicketProductLines({
  ticket,
  flags,
  control,
  refusedNumbers,
  readOnly,
}: {
  ticket: TicketEditDetail;
  flags: PermissionFlags;
  control: Control<TicketFormValues>;
  refusedNumbers: RefusedNumbers;
  readOnly: boolean;
}) {
  const { t } = useTranslation();
  const productTarget = productTargets[ticket.systemTypeId];
  return (
    <div>
      <Text fw={600} size="sm" mb={4}>
        {t('ticketEdits.form.products')}
      </Text>
      <Table withTableBorder verticalSpacing={4}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={70}>#</Table.Th>
            <Table.Th>{t('ticketEdits.form.product')}</Table.Th>
            <Table.Th w={150}>{t('ticketEdits.form.quantity')}</Table.Th>
            {!flags.hidePrice ? <Table.Th w={150}>{t('ticketEdits.form.price')}</Table.Th> : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {ticket.lines.map((line, index) => (
            <Table.Tr key={line.id}>
              <Table.Td>{index + 1}</Table.Td>
              <Table.Td>
                <Controller
                  control={control}
                  name={`lines.${index}.productId`}
                  render={({ field, fieldState }) => (
                    <ReferenceSelect
                      target={productTarget}
                      name={field.name}
                      label={`${t('ticketEdits.form.product')} ${index + 1}`}
                      hideLabel
                      value={field.value}
                      currentLabel={
                        field.value === line.productId ? line.productDescription : undefined
                      }
                      onChange={field.onChange}
                      onBlur={field.onBlur}
                      error={fieldState.error?.message}
                      readOnly={readOnly}
                    />
                  )}
                />
              </Table.Td>
              <Table.Td>
                <Controller
                  control={control}
                  name={`lines.${index}.quantity`}
                  render={({ field, fieldState }) => (
                    <NumberField
                      aria-label={`${t('ticketEdits.form.quantity')} ${index + 1}`}
                      refusals={refusedNumbers}
                      value={field.value}
                      onChange={(value) => field.onChange(typeof value === 'number' ? value : '')}
                      min={0}
                      decimalScale={3}
                      hideControls
                      error={fieldState.error?.message}
                      readOnly={readOnly}
                      styles={{ input: { textAlign: 'right' } }}
                    />
                  )}
                />
              </Table.Td>
              {!flags.hidePrice ? (
                <Table.Td>
                  <Controller
                    control={control}
                    name={`lines.${index}.price`}
                    render={({ field, fieldState }) => (
                      <NumberField
                        aria-label={`${t('ticketEdits.form.price')} ${index + 1}`}
                        refusals={refusedNumbers}
                        value={field.value}
                        onChange={(value) => field.onChange(typeof value === 'number' ? value : '')}
                        min={0}
                        decimalScale={2}
                        fixedDecimalScale
                        hideControls
                        error={fieldState.error?.message}
                        readOnly={readOnly || flags.disablePrice}
                        styles={{ input: { textAlign: 'right' } }}
                      />
                    )}
                  />
                </Table.Td>
              ) : null}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </div>
  );
}
