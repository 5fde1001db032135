/**
 * Ticket entry (`/ticketing/aggregate-ticket-entry`, `/ticketing/block-ticket-entry`,
 * R-TENT-10, R-TENT-11): the scale house's screen, keyboard first. The plant, then the day's
 * order (it brings customer, job, product and price); for aggregate the truck and its tare, the
 * live scale weight (Space takes the gross and T the tare once stable, R-SCALE-4), gross, tare and
 * net, and the trucks weighed in empty waiting to weigh out (R-SCALE-6); for block the cubes
 * and pieces and a return with its restocking charge. F9 or Ctrl+Enter saves and prints at once.
 */
import { useMemo, useState } from 'react';
import { Alert, Button, Grid, Group, Kbd, Stack, Text, Title } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  blockQuantity,
  codAmountOf,
  netWeight,
  restockingCharge,
  ticketEntryFormId,
  ticketTotals,
  weighedQuantity,
  type TicketEntrySystemTypeId,
} from '@dispatch/domain/dispatch/ticket-entry';
import { permissionFlags, permissionLevels } from '@dispatch/domain/permissions';
import { plantResource } from '@dispatch/domain/resources/plants';
import { unitAbbreviation } from '@dispatch/domain/units';
import { useRefusedNumbers } from '../../components/number-field/refused-numbers';
import { formatMoney } from '../../lib/money-format';
import { useHubEvent } from '../../realtime/hub-events';
import { ReferenceSelect } from '../../resources/reference-select';
import { useUserAccess } from '../../session/session-queries';
import {
  plantTicketsQuery,
  ticketEntryChoicesQuery,
  ticketEntryKeys,
  type WrittenTicket,
} from './ticket-entry-api';
import { MoneyPanel, OrderFacts, OrderPicker, PlantTickets, Section } from './ticket-parts';
import { useScale } from '../../realtime/use-scale';
import { useWeighing } from './use-weighing';
import { WeighingPanels } from './weigh-ins-panel';
import { BlockCountSection } from './block-count-section';
import { SavedTicketNotice } from './saved-ticket-notice';
import { blank, numberOf, type EntryValues } from './ticket-entry-values';
import { TruckWeightsSection } from './truck-weights-section';
import { useTicketSave } from './use-ticket-save';

const typeKeys = { 2: 'aggregate', 3: 'block' } as const;

export const AggregateTicketEntryScreen = () => <TicketEntryScreen systemTypeId={2} />;
export const BlockTicketEntryScreen = () => <TicketEntryScreen systemTypeId={3} />;

export function TicketEntryScreen({ systemTypeId }: { systemTypeId: TicketEntrySystemTypeId }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const access = useUserAccess();
  const flags = useMemo(
    () =>
      permissionFlags(
        access.allowedSystemTypes.includes(systemTypeId)
          ? access.permissions.levelOf(ticketEntryFormId(systemTypeId))
          : permissionLevels.None,
      ),
    [access, systemTypeId],
  );
  const aggregate = systemTypeId === 2;
  const form = useForm<EntryValues>({ defaultValues: blank });
  const refusedNumbers = useRefusedNumbers();
  const values = useWatch({ control: form.control }) as EntryValues;
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState<WrittenTicket | null>(null);

  const choicesQuery = useQuery({
    ...ticketEntryChoicesQuery(systemTypeId, values.plantId ?? 0),
    enabled: values.plantId !== null,
  });
  const choices = values.plantId === null ? undefined : choicesQuery.data;
  const ticketsQuery = useQuery({
    ...plantTicketsQuery(values.plantId ?? 0),
    enabled: values.plantId !== null,
  });
  const weightUnit = choices?.plant.weightUnit ?? 'lb';
  const order = choices?.orders.find((row) => row.id === values.orderId);
  const scale = useScale(aggregate ? values.plantId : null);

  // Orders and tickets change under the screen: the choices follow (R-TENT-9).
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ticketEntryKeys.all });
  useHubEvent('orderUpdate_v1', refresh);
  useHubEvent('ticketUpdate_v1', refresh);

  const gross = numberOf(values.grossWeight);
  const tare = numberOf(values.tareWeight);
  const net = gross !== null && tare !== null ? netWeight(gross, tare) : null;
  const unit = order?.unitOfMeasure ?? null;
  const count = {
    cubes: numberOf(values.cubes) ?? 0,
    pieces: numberOf(values.pieces) ?? 0,
    unitsPerCube: order?.unitsPerCube ?? null,
  };
  const quantity = aggregate
    ? net !== null && net > 0
      ? (weighedQuantity(net, weightUnit, unit) ?? 0)
      : 0
    : blockQuantity({ ...count, returnFlag: values.returnFlag });
  const goods = { quantity, price: order?.price ?? null, taxable: order?.taxableFlag ?? false };
  const taxRate = order?.taxRate ?? null;
  const restocking =
    !aggregate && values.returnFlag
      ? restockingCharge({
          returnedValue: ticketTotals(goods, taxRate).subtotal,
          charge: order?.blockRestockingCharge ?? null,
          percentFlag: order?.restockPercentFlag ?? false,
        })
      : 0;
  const totals = ticketTotals(goods, taxRate, restocking);
  const cod = values.cod || order?.codOnly === true;
  const codAmount = cod ? codAmountOf(totals.total) : null;
  const unitLabel = unit === null ? '' : unitAbbreviation(unit);
  const { handleSave, print } = useTicketSave({
    form,
    aggregate,
    flags,
    refusedNumbers,
    saving,
    setSaving,
    setSaved,
    setFormError,
    gross,
    tare,
    choices,
    weightUnit,
    count,
  });

  const weighing = useWeighing({ form, choices, plantId: values.plantId, scale, refresh });
  const { taking, takeGross, weighTare } = weighing;
  useHotkeys(
    [
      ['F9', () => void handleSave()],
      ['mod+Enter', () => void handleSave()],
    ],
    [],
  );
  useHotkeys(
    aggregate
      ? [
          ['Space', takeGross],
          ['T', weighTare],
        ]
      : [],
  );

  const typeKey = typeKeys[systemTypeId];
  if (flags.none) {
    return (
      <Alert color="red" title={t('ticketEntry.noAccessTitle')}>
        {t('ticketEntry.noAccess')}
      </Alert>
    );
  }
  const control = form.control;
  const quantityText =
    order === undefined
      ? '—'
      : aggregate
        ? `${quantity.toLocaleString(undefined, { maximumFractionDigits: 3 })} ${unitLabel}`
        : `${quantity.toLocaleString()} ${unitLabel}`;

  const truckAndWeights = aggregate && (
    <TruckWeightsSection
      form={form}
      choices={choices}
      values={values}
      weightUnit={weightUnit}
      refusedNumbers={refusedNumbers}
      net={net}
      canWeighIn={scale.reading?.stable === true && !taking.taking}
      onWeighIn={(truckId) => void weighing.weighIn(truckId)}
    />
  );

  const blockCount = !aggregate && (
    <BlockCountSection
      control={control}
      values={values}
      order={order}
      flags={flags}
      refusedNumbers={refusedNumbers}
      restocking={restocking}
    />
  );

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void handleSave();
      }}
      noValidate
    >
      <Stack gap="sm" maw={1320}>
        <Group justify="space-between" align="center">
          <Title order={2}>{t(`ticketEntry.title.${typeKey}`)}</Title>
          <Text size="sm" c="dimmed">
            <Kbd>F9</Kbd> · <Kbd>Ctrl</Kbd> + <Kbd>Enter</Kbd> {t('ticketEntry.saveHint')}
          </Text>
        </Group>
        {!flags.full && (
          <Alert color="gray" variant="light">
            {t('ticketEntry.readOnly')}
          </Alert>
        )}
        {formError !== null && (
          <Alert color="red" role="alert" withCloseButton onClose={() => setFormError(null)}>
            {formError}
          </Alert>
        )}
        {saved && (
          <SavedTicketNotice saved={saved} onClose={() => setSaved(null)} onPrintAgain={print} />
        )}

        {/* The scale and the totals beside the form from a 1280-wide screen (R-CONST-15's large):
            the scale house's monitor shows the live weight without scrolling. */}
        <Grid gap="sm">
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Stack gap="sm">
              <Section title={t('ticketEntry.ticketSection')} showTitle={false}>
                <Grid gap="sm">
                  <Grid.Col span={{ base: 12, md: 5 }}>
                    <Controller
                      control={control}
                      name="plantId"
                      render={({ field, fieldState }) => (
                        <ReferenceSelect
                          target={plantResource}
                          name="plantId"
                          label={t('ticketEntry.plant')}
                          value={field.value}
                          onChange={(next) => {
                            field.onChange(next);
                            form.setValue('orderId', null);
                            form.setValue('truckId', null);
                          }}
                          onBlur={field.onBlur}
                          error={fieldState.error?.message}
                          filters={{ systemTypeId: String(systemTypeId) }}
                          required
                        />
                      )}
                    />
                  </Grid.Col>
                  <Grid.Col span={{ base: 12, md: 7 }}>
                    <Controller
                      control={control}
                      name="orderId"
                      render={({ field, fieldState }) => (
                        <OrderPicker
                          orders={choices?.orders}
                          value={field.value}
                          onChange={field.onChange}
                          error={fieldState.error?.message}
                          disabled={values.plantId === null}
                        />
                      )}
                    />
                  </Grid.Col>
                  <Grid.Col span={12}>
                    <OrderFacts order={order} />
                  </Grid.Col>
                  {aggregate && choices?.plant.nextBillOfLadingNumber != null && (
                    <Grid.Col span={12}>
                      <Text size="xs" c="dimmed">
                        {t('ticketEntry.nextBol', { number: choices.plant.nextBillOfLadingNumber })}
                      </Text>
                    </Grid.Col>
                  )}
                </Grid>
              </Section>
              {truckAndWeights}
              {blockCount}
              {values.plantId !== null && <PlantTickets tickets={ticketsQuery.data?.data} />}
            </Stack>
          </Grid.Col>

          <Grid.Col span={{ base: 12, md: 5 }}>
            <Stack gap="sm">
              {aggregate && (
                <WeighingPanels
                  weighing={weighing}
                  scale={scale}
                  choices={choices}
                  weightUnit={weightUnit}
                  chosenWeighIn={values.tareWeighingId}
                  disabled={values.plantId === null}
                />
              )}
              <Section title={t('ticketEntry.totalsSection')}>
                <Stack gap="xs">
                  <Group justify="space-between">
                    <Text size="sm">{t('ticketEntry.quantity')}</Text>
                    <Text
                      size="lg"
                      fw={700}
                      ff="monospace"
                      aria-label={t('ticketEntry.quantity')}
                      c={quantity < 0 ? 'orange' : undefined}
                    >
                      {quantityText}
                    </Text>
                  </Group>
                  {restocking > 0 && !flags.hidePrice && (
                    <Group justify="space-between">
                      <Text size="sm">{t('ticketEntry.restocking')}</Text>
                      <Text size="sm" ff="monospace" aria-label={t('ticketEntry.restocking')}>
                        ${formatMoney(restocking)}
                      </Text>
                    </Group>
                  )}
                  <MoneyPanel
                    order={order}
                    totals={totals}
                    cod={values.cod}
                    onCod={(next) => form.setValue('cod', next)}
                    codAmount={codAmount}
                    hidePrice={flags.hidePrice}
                  />
                </Stack>
              </Section>
              <Button type="submit" size="md" loading={saving} disabled={!flags.full} fullWidth>
                {t('ticketEntry.save')}
              </Button>
            </Stack>
          </Grid.Col>
        </Grid>
      </Stack>
    </form>
  );
}
