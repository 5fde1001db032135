/**
 * One schedule of an order: where and when the loads go, the primary product with its extras,
 * and the projected loads beside them, recomputed as the user types (projectLoads, R-ORD-3).
 */
import {
  ActionIcon,
  Badge,
  Button,
  Grid,
  Group,
  Paper,
  ScrollArea,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { useContext } from 'react';
import { useFieldArray, useWatch, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { lineAmount } from '@dispatch/domain/pricing/order-pricing';
import type { PermissionFlags } from '@dispatch/domain/permissions';
import type { ResourceDefinition } from '@dispatch/domain/resources/define';
import { resourceByName } from '@dispatch/domain/resources/registry';
import { systemTypeIds, type SystemTypeId } from '@dispatch/domain/system-types';
import { formatDate } from '@dispatch/domain/validation/dates';
import {
  newLine,
  projectSchedule,
  scheduleShortfall,
  type LineValues,
  type OrderValues,
  type PlantTimes,
} from './order-entry-form';
import { FlagField, OrderNumberField, PickField, RequiredFields, TimeField } from './order-fields';
import { plantTarget } from './order-targets';
import { formatMoney } from '../../lib/money-format';

const truckTypeTarget = resourceByName('truckTypes')!;

const quantity = (value: number) => value.toLocaleString(undefined, { maximumFractionDigits: 3 });
const clock = (iso: string) => formatDate(new Date(iso), 'HH:mm');
const right = { textAlign: 'right' } as const;
const mono = { fontVariantNumeric: 'tabular-nums' } as const;

export type ProductPicked = (
  path: `schedules.${number}.${string}`,
  productId: number | null,
) => void;

type Props = {
  control: Control<OrderValues>;
  index: number;
  systemTypeId: SystemTypeId;
  flags: PermissionFlags;
  readOnly: boolean;
  plants: ReadonlyMap<number, PlantTimes>;
  productTarget: ResourceDefinition;
  extraTarget: ResourceDefinition;
  canRemove: boolean;
  onRemove: () => void;
  onProductPicked: ProductPicked;
  /** A price typed by hand is the user's: re-pricing leaves it be (R-ORD-23). */
  onPriceTyped: (path: `schedules.${number}.${string}`) => void;
  /** R-ORD-28: a plant chosen for this schedule (or cleared, to follow the order's again). */
  onPlantPicked: (index: number, plantId: number | null) => void;
};

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

// eslint-disable-next-line max-lines-per-function -- still to split (godfiles helper ran out of time)
export function ScheduleCard(props: Props) {
  const { t } = useTranslation();
  const { control, index, readOnly, flags } = props;
  const base = `schedules.${index}` as const;
  const values = useWatch({ control, name: base });
  const shipDate = useWatch({ control, name: 'shipDate' });
  const extras = useFieldArray({ control, name: `${base}.extraProducts` });
  const plantId = values?.schedule.plantId ?? null;
  const projection = values
    ? projectSchedule(shipDate, values, plantId === null ? undefined : props.plants.get(plantId))
    : null;
  const concrete = props.systemTypeId === systemTypeIds.concrete;
  const showPrice = !flags.hidePrice;
  const priceReadOnly = readOnly || flags.disablePrice;
  const label = (key: string) => t(`orderEntry.fields.${key}`);
  const minutes = t('orderEntry.minutesSuffix');
  const required = useContext(RequiredFields);
  const shortfall = values
    ? scheduleShortfall(values, plantId === null ? undefined : props.plants.get(plantId))
    : null;
  const trucksWarning = shortfall
    ? t('orderEntry.trucksShort', {
        count: shortfall.needed,
        interval: Math.round(shortfall.intervalMinutes * 10) / 10,
        set: t('orderEntry.trucksSet', { count: shortfall.set }),
      })
    : null;

  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="section"
      aria-label={t('orderEntry.scheduleTitle', { number: index + 1 })}
    >
      <Group justify="space-between" mb="sm">
        <Group gap="xs">
          <Title order={4}>{t('orderEntry.scheduleTitle', { number: index + 1 })}</Title>
          {projection && (
            <Badge variant="light" color="blue">
              {t('orderEntry.loadsBadge', { count: projection.numberOfLoads })}
            </Badge>
          )}
        </Group>
        {props.canRemove && !readOnly && (
          <Button variant="subtle" color="red" size="xs" onClick={props.onRemove}>
            {t('orderEntry.removeSchedule')}
          </Button>
        )}
      </Group>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <Stack gap="sm">
            <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" verticalSpacing="xs">
              <PickField
                control={control}
                name={`${base}.schedule.plantId`}
                label={label('schedulePlant')}
                target={plantTarget}
                filters={{ systemTypeId: String(props.systemTypeId) }}
                readOnly={readOnly}
                onPick={(picked) => props.onPlantPicked(index, picked)}
              />
              <TimeField
                control={control}
                name={`${base}.schedule.firstLoadOnJobTime`}
                label={label('firstLoadOnJobTime')}
                invalidText={t('orderEntry.invalidTime')}
                readOnly={readOnly}
              />
              <OrderNumberField
                control={control}
                name={`${base}.schedule.quantityPerHour`}
                label={label('quantityPerHour')}
                readOnly={readOnly}
              />
              <OrderNumberField
                control={control}
                name={`${base}.primaryProduct.loadSize`}
                label={label('loadSize')}
                readOnly={readOnly}
              />
              <OrderNumberField
                control={control}
                name={`${base}.schedule.numberOfTrucks`}
                label={label('numberOfTrucks')}
                decimals={0}
                placeholder={projection ? String(projection.trucksNeeded) : undefined}
                warning={trucksWarning}
                readOnly={readOnly}
              />
              <OrderNumberField
                control={control}
                name={`${base}.schedule.loadIntervalTime`}
                label={label('loadIntervalTime')}
                decimals={0}
                suffix={minutes}
                placeholder={
                  projection ? `${Math.round(projection.spacingMinutes)}${minutes}` : undefined
                }
                readOnly={readOnly}
              />
              <OrderNumberField
                control={control}
                name={`${base}.schedule.travelTimeToJob`}
                label={label('travelTimeToJob')}
                decimals={0}
                suffix={minutes}
                readOnly={readOnly}
              />
              <OrderNumberField
                control={control}
                name={`${base}.schedule.travelTimeToPlant`}
                label={label('travelTimeToPlant')}
                decimals={0}
                suffix={minutes}
                readOnly={readOnly}
              />
              <OrderNumberField
                control={control}
                name={`${base}.schedule.onJobWaitMinutes`}
                label={label('onJobWaitMinutes')}
                decimals={0}
                suffix={minutes}
                readOnly={readOnly}
              />
              <OrderNumberField
                control={control}
                name={`${base}.schedule.onJobWashMinutes`}
                label={label('onJobWashMinutes')}
                decimals={0}
                suffix={minutes}
                readOnly={readOnly}
              />
              <PickField
                control={control}
                name={`${base}.schedule.truckTypeId`}
                label={label('truckTypeId')}
                target={truckTypeTarget}
                readOnly={readOnly}
              />
              <Stack justify="flex-end" pb={8}>
                <FlagField
                  control={control}
                  name={`${base}.schedule.addPlusLoad`}
                  label={label('addPlusLoad')}
                  readOnly={readOnly}
                />
              </Stack>
            </SimpleGrid>

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
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <Paper bg="var(--mantine-color-gray-0)" radius="sm" p="sm" h="100%">
            <Group justify="space-between" mb={6}>
              <Text fw={600} size="sm">
                {t('orderEntry.projectedLoads')}
              </Text>
              {projection && (
                <Text size="xs" c="dimmed" style={mono}>
                  {t('orderEntry.projectionSummary', {
                    spacing: Math.round(projection.spacingMinutes * 10) / 10,
                    roundTrip: Math.round(projection.roundTripMinutes),
                  })}
                </Text>
              )}
            </Group>
            {projection ? (
              <>
                <Group gap="lg" mb="xs">
                  <Text size="sm">
                    {t('orderEntry.loadsCount', { count: projection.numberOfLoads })}
                  </Text>
                  <Text size="sm" fw={600} aria-label={t('orderEntry.trucksNeededLabel')}>
                    {t('orderEntry.trucksNeeded', { count: projection.trucksNeeded })}
                  </Text>
                </Group>
                <ScrollArea.Autosize mah={260} type="auto">
                  <Table
                    striped
                    verticalSpacing={2}
                    horizontalSpacing="xs"
                    fz="sm"
                    aria-label={t('orderEntry.loadsTableLabel', { number: index + 1 })}
                    style={mono}
                  >
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th style={right}>{t('orderEntry.loadNumber')}</Table.Th>
                        <Table.Th style={right}>{label('quantity')}</Table.Th>
                        <Table.Th style={right}>{t('orderEntry.ticketTime')}</Table.Th>
                        <Table.Th style={right}>{t('orderEntry.onJobTime')}</Table.Th>
                        <Table.Th style={right}>{t('orderEntry.returnTime')}</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {projection.loads.map((load) => (
                        <Table.Tr key={load.loadNumber}>
                          <Table.Td style={right}>{load.loadNumber}</Table.Td>
                          <Table.Td style={right}>{quantity(load.quantity)}</Table.Td>
                          <Table.Td style={right}>{clock(load.ticketTime)}</Table.Td>
                          <Table.Td style={right}>{clock(load.onJobTime)}</Table.Td>
                          <Table.Td style={right}>{clock(load.returnTime)}</Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </ScrollArea.Autosize>
              </>
            ) : (
              <Text size="sm" c="dimmed">
                {t('orderEntry.projectionNeeds')}
              </Text>
            )}
          </Paper>
        </Grid.Col>
      </Grid>
    </Paper>
  );
}
