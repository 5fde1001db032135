/** Aggregate: the truck, where its tare comes from, gross and tare weights, and the net. */
import { Grid, SegmentedControl, Stack, Text } from '@mantine/core';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { TicketEntryChoices } from '@dispatch/domain/dispatch/ticket-entry';
import { NumberField } from '../../components/number-field/number-field';
import type { RefusedNumbers } from '../../components/number-field/refused-numbers';
import type { EntryValues } from './ticket-entry-values';
import { formatWeight, Section, TruckPicker } from './ticket-parts';

export function TruckWeightsSection({
  form,
  choices,
  values,
  weightUnit,
  refusedNumbers,
  net,
}: {
  form: UseFormReturn<EntryValues>;
  choices: TicketEntryChoices | undefined;
  values: EntryValues;
  weightUnit: string;
  refusedNumbers: RefusedNumbers;
  net: number | null;
}) {
  const { t } = useTranslation();
  const control = form.control;
  return (
    <Section title={t('ticketEntry.truckSection')}>
      <Grid gap="sm" align="flex-end">
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Controller
            control={control}
            name="truckId"
            render={({ field, fieldState }) => (
              <TruckPicker
                trucks={choices?.trucks}
                value={field.value}
                onChange={(next) => {
                  field.onChange(next);
                  const truck = choices?.trucks.find((row) => row.id === next);
                  if (truck?.tareWeight != null) {
                    form.setValue('tareWeight', truck.tareWeight);
                    form.setValue('tareSource', 'truck');
                  }
                }}
                error={fieldState.error?.message}
                disabled={values.plantId === null}
                weightUnit={weightUnit}
              />
            )}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Controller
            control={control}
            name="tareSource"
            render={({ field }) => (
              <Stack gap={4}>
                <Text size="sm" fw={500}>
                  {t('ticketEntry.tareSource')}
                </Text>
                <SegmentedControl
                  aria-label={t('ticketEntry.tareSource')}
                  value={field.value}
                  onChange={(next) => field.onChange(next)}
                  data={[
                    { value: 'truck', label: t('ticketEntry.tareFromTruck') },
                    { value: 'weighed', label: t('ticketEntry.tareWeighed') },
                  ]}
                  fullWidth
                />
              </Stack>
            )}
          />
        </Grid.Col>
        {(['grossWeight', 'tareWeight'] as const).map((name) => (
          <Grid.Col span={{ base: 6, md: 4 }} key={name}>
            <Controller
              control={control}
              name={name}
              render={({ field, fieldState }) => (
                <NumberField
                  name={name}
                  label={name === 'grossWeight' ? t('ticketEntry.gross') : t('ticketEntry.tare')}
                  refusals={refusedNumbers}
                  value={field.value ?? ''}
                  onChange={(next) => field.onChange(typeof next === 'number' ? next : null)}
                  onBlur={field.onBlur}
                  error={fieldState.error?.message}
                  thousandSeparator=","
                  min={0}
                  allowNegative={false}
                  rightSection={<Text size="xs">{weightUnit}</Text>}
                  size="md"
                  styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
                  required
                />
              )}
            />
          </Grid.Col>
        ))}
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap={2}>
            <Text size="sm" fw={500}>
              {t('ticketEntry.net')}
            </Text>
            <Text
              size="xl"
              fw={700}
              ff="monospace"
              aria-label={t('ticketEntry.net')}
              c={net !== null && net <= 0 ? 'red' : undefined}
            >
              {net === null ? '—' : formatWeight(net, weightUnit)}
            </Text>
          </Stack>
        </Grid.Col>
      </Grid>
    </Section>
  );
}
