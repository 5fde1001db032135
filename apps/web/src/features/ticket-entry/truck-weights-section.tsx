/**
 * Aggregate: the truck, where its tare comes from, gross and tare weights, and the net. A truck
 * whose stored tare is missing or past the re-weigh interval (R-SCALE-5) is weighed in empty
 * instead, and waits for its second pass (R-SCALE-6).
 */
import { Alert, Button, Grid, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { TicketEntryChoices } from '@dispatch/domain/dispatch/ticket-entry';
import { storedTareState } from '@dispatch/domain/tickets/scale-weighings';
import { formatDate } from '@dispatch/domain/dates/date-format';
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
  canWeighIn,
  onWeighIn,
}: {
  form: UseFormReturn<EntryValues>;
  choices: TicketEntryChoices | undefined;
  values: EntryValues;
  weightUnit: string;
  refusedNumbers: RefusedNumbers;
  net: number | null;
  /** The scale reads a stable weight the truck can be weighed in at. */
  canWeighIn: boolean;
  onWeighIn: (truckId: number) => void;
}) {
  const { t } = useTranslation();
  const control = form.control;
  const chosen = choices?.trucks.find((row) => row.id === values.truckId);
  const tareState =
    chosen && choices
      ? storedTareState(chosen, choices.plant.tareReweighDays, new Date())
      : 'usable';
  // A truck weighed in earlier already has its tare on the form (from the waiting list).
  const needsWeighIn =
    chosen !== undefined && tareState !== 'usable' && values.tareWeighingId === null;
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
                  form.setValue('tareWeighingId', null);
                  if (
                    truck &&
                    choices &&
                    storedTareState(truck, choices.plant.tareReweighDays, new Date()) === 'usable'
                  ) {
                    form.setValue('tareWeight', truck.tareWeight);
                    form.setValue('tareSource', 'truck');
                  } else if (truck) {
                    form.setValue('tareWeight', null);
                    form.setValue('tareSource', 'weighed');
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
                  onChange={(next) => {
                    field.onChange(typeof next === 'number' ? next : null);
                    // Typed over: no longer the weight taken from the scale (R-SCALE-4), nor
                    // the truck's stored tare (R-SCALE-5): a tare typed is a tare keyed.
                    const id = name === 'grossWeight' ? 'grossWeighingId' : 'tareWeighingId';
                    if (form.getValues(id) !== null) form.setValue(id, null);
                    if (name === 'tareWeight' && form.getValues('tareSource') === 'truck') {
                      form.setValue('tareSource', 'weighed');
                    }
                  }}
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
        {needsWeighIn && (
          <Grid.Col span={12}>
            <Alert color="orange" variant="light" role="status">
              <Group justify="space-between" wrap="wrap" gap="xs">
                <Text size="sm">
                  {tareState === 'missing'
                    ? t('ticketEntry.tareMissing', { truck: chosen.identificationNumber })
                    : t('ticketEntry.tareExpired', {
                        truck: chosen.identificationNumber,
                        date:
                          chosen.tareWeighedAt === null
                            ? '—'
                            : formatDate(new Date(chosen.tareWeighedAt), 'YYYY-MM-DD'),
                        days: choices?.plant.tareReweighDays,
                      })}
                </Text>
                <Button
                  size="xs"
                  color="orange"
                  disabled={!canWeighIn}
                  onClick={() => onWeighIn(chosen.id)}
                  title={t('ticketEntry.weighInHint')}
                >
                  {t('ticketEntry.weighIn')}
                </Button>
              </Group>
            </Alert>
          </Grid.Col>
        )}
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
