/** Block: cubes and pieces, and a return with its restocking charge. */
import { Alert, Checkbox, Grid, Text } from '@mantine/core';
import { Controller, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { NumberField } from '../../components/number-field/number-field';
import type { RefusedNumbers } from '../../components/number-field/refused-numbers';
import { formatMoney } from '../../lib/money-format';
import type { OrderChoice } from './ticket-entry-api';
import type { EntryValues } from './ticket-entry-values';
import { Section } from './ticket-parts';

export function BlockCountSection({
  control,
  values,
  order,
  flags,
  refusedNumbers,
  restocking,
}: {
  control: Control<EntryValues>;
  values: EntryValues;
  order: OrderChoice | undefined;
  flags: { hidePrice: boolean };
  refusedNumbers: RefusedNumbers;
  restocking: number;
}) {
  const { t } = useTranslation();
  return (
    <Section title={t('ticketEntry.countSection')}>
      <Grid gap="sm" align="flex-end">
        {(['cubes', 'pieces'] as const).map((name) => (
          <Grid.Col span={{ base: 6, md: 4 }} key={name}>
            <Controller
              control={control}
              name={name}
              render={({ field, fieldState }) => (
                <NumberField
                  name={name}
                  label={name === 'cubes' ? t('ticketEntry.cubes') : t('ticketEntry.pieces')}
                  refusals={refusedNumbers}
                  value={field.value ?? ''}
                  onChange={(next) => field.onChange(typeof next === 'number' ? next : null)}
                  onBlur={field.onBlur}
                  error={fieldState.error?.message}
                  min={0}
                  allowNegative={false}
                  allowDecimal={false}
                  size="md"
                  styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
                />
              )}
            />
          </Grid.Col>
        ))}
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Text size="sm" c="dimmed">
            {order === undefined
              ? ''
              : order.unitsPerCube
                ? t('ticketEntry.perCube', { count: order.unitsPerCube })
                : t('ticketEntry.noPerCube')}
          </Text>
        </Grid.Col>
        <Grid.Col span={12}>
          <Controller
            control={control}
            name="returnFlag"
            render={({ field }) => (
              <Checkbox
                label={t('ticketEntry.returnFlag')}
                checked={field.value}
                onChange={(event) => field.onChange(event.currentTarget.checked)}
                color="orange"
              />
            )}
          />
        </Grid.Col>
        {values.returnFlag && order !== undefined && !flags.hidePrice && (
          <Grid.Col span={12}>
            <Alert color="orange" variant="light" title={t('ticketEntry.restocking')}>
              {order.blockRestockingCharge
                ? `$${formatMoney(restocking)} · ${
                    order.restockPercentFlag
                      ? t('ticketEntry.restockingPercent', { rate: order.blockRestockingCharge })
                      : t('ticketEntry.restockingAmount')
                  }`
                : t('ticketEntry.noRestocking')}
            </Alert>
          </Grid.Col>
        )}
      </Grid>
    </Section>
  );
}
