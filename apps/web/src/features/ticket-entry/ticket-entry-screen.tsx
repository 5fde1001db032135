/**
 * Ticket entry (`/ticketing/aggregate-ticket-entry`, `/ticketing/block-ticket-entry`,
 * R-TENT-10, R-TENT-11): the scale house's screen, keyboard first. The plant, then the day's
 * order (it brings customer, job, product and price); for aggregate the truck and its tare, the
 * live scale weight (Space takes the gross once stable), gross, tare and net; for block the cubes
 * and pieces and a return with its restocking charge. F9 or Ctrl+Enter saves and prints at once.
 */
import { useMemo, useState } from 'react';
import {
  Alert,
  Button,
  Checkbox,
  Grid,
  Group,
  Kbd,
  SegmentedControl,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  blockCountProblems,
  blockQuantity,
  codAmountOf,
  netWeight,
  restockingCharge,
  ticketEntryFormId,
  ticketEntrySchema,
  ticketTotals,
  weighedQuantity,
  weightProblems,
  type TicketEntryInput,
  type TicketEntrySystemTypeId,
} from '@dispatch/domain/dispatch/ticket-entry';
import { permissionFlags, permissionLevels } from '@dispatch/domain/permissions';
import { plantResource } from '@dispatch/domain/resources/plants';
import { unitAbbreviation } from '@dispatch/domain/units';
import { NumberField } from '../../components/number-field/number-field';
import { useRefusedNumbers } from '../../components/number-field/refused-numbers';
import { PrintTicketButton } from '../../components/print/print-ticket-button';
import { ApiError } from '../../lib/api-client';
import { formatMoney } from '../../lib/money-format';
import { useHubEvent } from '../../realtime/hub-events';
import { ReferenceSelect } from '../../resources/reference-select';
import { useUserAccess } from '../../session/session-queries';
import {
  openTicketPdf,
  plantTicketsQuery,
  postTicket,
  ticketEntryChoicesQuery,
  ticketEntryKeys,
  type WrittenTicket,
} from './ticket-entry-api';
import {
  formatWeight,
  MoneyPanel,
  OrderFacts,
  OrderPicker,
  PlantTickets,
  ScalePanel,
  Section,
  TruckPicker,
} from './ticket-parts';
import { useScale } from './use-scale';
import type { FieldProblem } from '@dispatch/domain/validation/field-problem';

type EntryValues = {
  plantId: number | null;
  orderId: number | null;
  truckId: number | null;
  grossWeight: number | null;
  tareWeight: number | null;
  tareSource: 'truck' | 'weighed';
  cubes: number | null;
  pieces: number | null;
  returnFlag: boolean;
  cod: boolean;
};

const blank: EntryValues = {
  plantId: null,
  orderId: null,
  truckId: null,
  grossWeight: null,
  tareWeight: null,
  tareSource: 'truck',
  cubes: null,
  pieces: null,
  returnFlag: false,
  cod: false,
};

const typeKeys = { 2: 'aggregate', 3: 'block' } as const;
const fieldNames = new Set(Object.keys(blank));

function problemsOf(error: unknown): FieldProblem[] {
  if (!(error instanceof ApiError)) return [];
  const data = (error.body as { data?: unknown } | undefined)?.data;
  return Array.isArray(data)
    ? data.filter((item): item is FieldProblem => typeof (item as FieldProblem)?.field === 'string')
    : [];
}

const numberOf = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;

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

  const showProblems = (problems: FieldProblem[]) => {
    const unplaced: string[] = [];
    problems.forEach((problem, index) => {
      if (!fieldNames.has(problem.field)) {
        unplaced.push(problem.reason);
        return;
      }
      form.setError(
        problem.field as keyof EntryValues,
        { type: 'server', message: problem.reason },
        { shouldFocus: index === 0 },
      );
    });
    if (unplaced.length > 0) setFormError(unplaced.join(' · '));
  };

  const bodyOf = (current: EntryValues): TicketEntryInput =>
    aggregate
      ? {
          systemTypeId: 2,
          orderId: current.orderId as number,
          plantId: current.plantId as number,
          truckId: current.truckId,
          grossWeight: numberOf(current.grossWeight) as number,
          tareWeight: numberOf(current.tareWeight) as number,
          tareSource: current.tareSource,
          cod: current.cod,
        }
      : {
          systemTypeId: 3,
          orderId: current.orderId as number,
          plantId: current.plantId as number,
          truckId: current.truckId,
          cubes: numberOf(current.cubes) ?? 0,
          pieces: numberOf(current.pieces) ?? 0,
          returnFlag: current.returnFlag,
          cod: current.cod,
        };

  const print = async (ticket: WrittenTicket) => {
    try {
      await openTicketPdf(ticket);
    } catch (error) {
      setFormError(
        t('ticketEntry.printFailed', {
          status: error instanceof Error ? error.message : String(error),
        }),
      );
    }
  };

  /** R-TENT-10/11: save and print in one key; the plant and order stay for the next truck. */
  const handleSave = async () => {
    if (saving || !flags.full) return;
    // R-INPUT-1: a weight or count holding text it refused is not saved; the field says why.
    if (refusedNumbers.focusFirst()) return;
    setFormError(null);
    form.clearErrors();
    const current = form.getValues();
    const body = bodyOf(current);
    const parsed = ticketEntrySchema.safeParse(body);
    const problems: FieldProblem[] = parsed.success
      ? []
      : parsed.error.issues.map((issue) => ({
          field: String(issue.path[0] ?? ''),
          reason: issue.message,
        }));
    if (parsed.success && aggregate && gross !== null && tare !== null) {
      problems.push(
        ...weightProblems(
          { grossWeight: gross, tareWeight: tare },
          choices?.plant.scaleCapacity ?? null,
          weightUnit,
        ),
      );
    }
    if (parsed.success && !aggregate) problems.push(...blockCountProblems(count));
    if (problems.length > 0) {
      showProblems(problems);
      return;
    }
    setSaving(true);
    try {
      const ticket = await postTicket(body);
      setSaved(ticket);
      form.reset({
        ...blank,
        plantId: current.plantId,
        orderId: current.orderId,
      });
      // R-TENT-12: a plant that prints its tickets by itself has this one on its way to the
      // printer (the reply shows beside it); elsewhere the print window opens.
      if (!ticket.printing) await print(ticket);
    } catch (error) {
      const answerProblems = problemsOf(error);
      if (answerProblems.length > 0) showProblems(answerProblems);
      else setFormError(error instanceof Error ? error.message : String(error));
    } finally {
      setSaving(false);
    }
  };

  const takeGross = () => {
    if (scale.reading?.stable) {
      form.setValue('grossWeight', scale.reading.weight);
      form.clearErrors('grossWeight');
    }
  };
  const weighTare = () => {
    if (scale.reading?.stable) {
      form.setValue('tareWeight', scale.reading.weight);
      form.setValue('tareSource', 'weighed');
    }
  };

  useHotkeys(
    [
      ['F9', () => void handleSave()],
      ['mod+Enter', () => void handleSave()],
    ],
    [],
  );
  useHotkeys(aggregate ? [['Space', takeGross]] : []);

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

  const blockCount = !aggregate && (
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
          <Alert
            color="teal"
            variant="light"
            role="status"
            title={[
              t('ticketEntry.savedTitle', { number: saved.number }),
              saved.billOfLadingNumber === null
                ? null
                : t('ticketEntry.savedBol', { number: saved.billOfLadingNumber }),
            ]
              .filter(Boolean)
              .join(' · ')}
            withCloseButton
            onClose={() => setSaved(null)}
          >
            <Group justify="space-between" align="flex-start">
              <Text size="sm" mt={4}>
                {t('ticketEntry.savedText', {
                  order: saved.orderNumber,
                  customer: saved.customerName,
                  quantity:
                    `${saved.quantity.toLocaleString()} ${saved.unitOfMeasure ?? ''}`.trim(),
                })}
              </Text>
              <Group gap="xs" align="flex-start">
                {/* R-PRINT-8: the saved ticket to a print destination, as well as the window. */}
                <PrintTicketButton ticketId={saved.id} />
                {/* Level with Print, under the list's label. */}
                <Button variant="default" mt={25} onClick={() => void print(saved)}>
                  {t('ticketEntry.printAgain')}
                </Button>
              </Group>
            </Group>
          </Alert>
        )}

        <Grid gap="sm">
          <Grid.Col span={{ base: 12, lg: 7 }}>
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

          <Grid.Col span={{ base: 12, lg: 5 }}>
            <Stack gap="sm">
              {aggregate && (
                <ScalePanel
                  reading={scale.reading}
                  offline={scale.offline}
                  capacity={choices?.plant.scaleCapacity ?? null}
                  weightUnit={weightUnit}
                  onTakeGross={takeGross}
                  onWeighTare={weighTare}
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
