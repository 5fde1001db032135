/**
 * Pieces both ticket entry screens share (R-TENT-10, R-TENT-11): the order pick list with what the
 * order brings (customer, job, product, PO), the live scale panel, and the money panel.
 */
import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  Kbd,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TicketTotals } from '@dispatch/domain/dispatch/ticket-entry';
import type { ScaleReading } from '@dispatch/domain/dispatch/dispatch-events';
import { formatMoney } from '../../lib/money-format';
import { scaleStatusColors } from '../../realtime/use-scale';
import { unitAbbreviation } from '@dispatch/domain/units';
import type { OrderChoice, PlantTicket, TruckChoice } from './ticket-entry-api';

export const formatWeight = (weight: number, unit: string) =>
  `${weight.toLocaleString(undefined, { maximumFractionDigits: 3 })} ${unit}`;

export function OrderPicker(props: {
  orders: OrderChoice[] | undefined;
  value: number | null;
  onChange: (value: number | null) => void;
  error?: string | undefined;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const data = (props.orders ?? []).map((order) => ({
    value: String(order.id),
    label: `${order.number} · ${order.customerName} · ${order.productDescription}`,
  }));
  return (
    <Select
      name="orderId"
      label={t('ticketEntry.order')}
      placeholder={
        props.disabled ? t('ticketEntry.pickPlantFirst') : t('ticketEntry.orderPlaceholder')
      }
      data={data}
      value={props.value === null ? null : String(props.value)}
      onChange={(value) => props.onChange(value === null ? null : Number(value))}
      error={props.error}
      nothingFoundMessage={t('ticketEntry.noOrders')}
      disabled={props.disabled}
      searchable
      clearable
      required
      limit={50}
    />
  );
}

export function TruckPicker(props: {
  trucks: TruckChoice[] | undefined;
  value: number | null;
  onChange: (value: number | null) => void;
  error?: string | undefined;
  disabled: boolean;
  weightUnit: string;
}) {
  const { t } = useTranslation();
  const data = (props.trucks ?? []).map((truck) => ({
    value: String(truck.id),
    label: `${truck.identificationNumber} · ${
      truck.tareWeight === null
        ? t('ticketEntry.noTare')
        : t('ticketEntry.truckTare', { weight: formatWeight(truck.tareWeight, props.weightUnit) })
    }`,
  }));
  return (
    <Select
      name="truckId"
      label={t('ticketEntry.truck')}
      placeholder={t('ticketEntry.truckPlaceholder')}
      data={data}
      value={props.value === null ? null : String(props.value)}
      onChange={(value) => props.onChange(value === null ? null : Number(value))}
      error={props.error}
      disabled={props.disabled}
      searchable
      clearable
      limit={50}
    />
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" fw={500}>
        {value}
      </Text>
    </Stack>
  );
}

/** What the chosen order brings to the ticket. */
export function OrderFacts({ order }: { order: OrderChoice | undefined }) {
  const { t } = useTranslation();
  const none = t('ticketEntry.none');
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm" aria-label={t('ticketEntry.order')}>
      <Fact label={t('ticketEntry.customer')} value={order?.customerName ?? none} />
      <Fact
        label={t('ticketEntry.job')}
        value={
          order?.jobNumber ? [order.jobNumber, order.jobAddress].filter(Boolean).join(' · ') : none
        }
      />
      <Fact
        label={t('ticketEntry.product')}
        value={order ? `${order.productNumber} · ${order.productDescription}` : none}
      />
      <Fact label={t('ticketEntry.poNumber')} value={order?.customerPoNumber || none} />
    </SimpleGrid>
  );
}

/**
 * R-TENT-10, R-SCALE-3: the live weight, large, with the indicator's status (stable, motion, over
 * capacity, under zero, not connected), the keys that take it, and why a take was refused.
 */
export function ScalePanel(props: {
  reading: ScaleReading | null;
  offline: boolean;
  capacity: number | null;
  division: number | null;
  weightUnit: string;
  refusal: string | null;
  onTakeGross: () => void;
  onWeighTare: () => void;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const { reading } = props;
  const stable = reading?.stable === true;
  const facts = [
    props.capacity !== null
      ? t('ticketEntry.scaleCapacity', { weight: formatWeight(props.capacity, props.weightUnit) })
      : null,
    props.division !== null
      ? t('ticketEntry.scaleDivision', { weight: formatWeight(props.division, props.weightUnit) })
      : null,
  ].filter(Boolean);
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="section"
      aria-label={t('ticketEntry.scale')}
      bg={stable ? 'var(--mantine-color-teal-light)' : undefined}
    >
      <Group justify="space-between" mb={4}>
        <Text fw={600}>{t('ticketEntry.scale')}</Text>
        {reading ? (
          <Badge color={scaleStatusColors[reading.status]} variant="filled" size="lg" role="status">
            {t(`ticketEntry.status.${reading.status}`)}
          </Badge>
        ) : null}
      </Group>
      <Text
        aria-label={t('ticketEntry.scaleWeight')}
        ff="monospace"
        fw={700}
        ta="right"
        c={reading?.status === 'disconnected' ? 'dimmed' : undefined}
        style={{ fontSize: 'clamp(2.5rem, 5vw, 3.75rem)', lineHeight: 1.1 }}
      >
        {reading && reading.status !== 'disconnected'
          ? formatWeight(reading.weight, reading.unit)
          : '—'}
      </Text>
      {props.refusal !== null && (
        <Alert color="orange" variant="light" mt="xs" role="alert" p="xs">
          {props.refusal}
        </Alert>
      )}
      <Group justify="space-between" mt="xs">
        <Text size="sm" c="dimmed">
          {props.offline
            ? t('ticketEntry.scaleOffline')
            : reading === null
              ? t('ticketEntry.scaleWaiting')
              : facts.join(' · ')}
        </Text>
        <Group gap="xs">
          <Button
            variant="default"
            onClick={props.onWeighTare}
            disabled={!stable || props.disabled}
            rightSection={<Kbd size="xs">{t('ticketEntry.takeTareKey')}</Kbd>}
          >
            {t('ticketEntry.weighTare')}
          </Button>
          <Button
            onClick={props.onTakeGross}
            disabled={!stable || props.disabled}
            rightSection={<Kbd size="xs">{t('ticketEntry.takeGrossKey')}</Kbd>}
          >
            {t('ticketEntry.takeGross')}
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}

/** One bordered panel of the screen, named for screen readers by its title. */
export function Section(props: { title: string; showTitle?: boolean; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={props.title}>
      {props.showTitle === false ? null : (
        <Title order={3} size="h5" mb="xs">
          {props.title}
        </Title>
      )}
      {props.children}
    </Paper>
  );
}

/** Money with its sign before the dollar: a return's credit reads -$335.50. */
export const signedMoney = (value: number) =>
  value < 0 ? `-$${formatMoney(-value)}` : `$${formatMoney(value)}`;

function MoneyLine(props: { label: string; amount: number; grand?: boolean }) {
  const size = props.grand ? 'xl' : 'sm';
  const weight = props.grand ? 700 : undefined;
  return (
    <Group justify="space-between">
      <Text size={props.grand ? 'lg' : 'sm'} fw={weight}>
        {props.label}
      </Text>
      <Text
        size={size}
        fw={weight}
        ff="monospace"
        aria-label={props.label}
        c={props.amount < 0 ? 'orange.8' : undefined}
      >
        {signedMoney(props.amount)}
      </Text>
    </Group>
  );
}

/** Price, amount, tax and total, with the COD choice and what the driver collects. */
export function MoneyPanel(props: {
  order: OrderChoice | undefined;
  totals: TicketTotals;
  cod: boolean;
  onCod: (value: boolean) => void;
  codAmount: number | null;
  hidePrice: boolean;
}) {
  const { t } = useTranslation();
  const { order } = props;
  return (
    <Stack gap="xs">
      {!props.hidePrice && (
        <Group justify="space-between">
          <Text size="sm">{t('ticketEntry.price')}</Text>
          <Text size="sm" ff="monospace">
            {order?.price === null || order?.price === undefined
              ? '—'
              : `$${formatMoney(order.price)}`}
          </Text>
        </Group>
      )}
      {!props.hidePrice && (
        <>
          <MoneyLine label={t('ticketEntry.subtotal')} amount={props.totals.subtotal} />
          <MoneyLine
            label={
              order?.taxRate == null
                ? t('ticketEntry.noTax')
                : t('ticketEntry.tax', { rate: order.taxRate })
            }
            amount={props.totals.tax}
          />
          <MoneyLine label={t('ticketEntry.total')} amount={props.totals.total} grand />
        </>
      )}
      <Checkbox
        label={
          order?.codOnly
            ? `${t('ticketEntry.cod')} (${t('ticketEntry.codOnly')})`
            : t('ticketEntry.cod')
        }
        checked={props.cod || order?.codOnly === true}
        disabled={order?.codOnly === true}
        onChange={(event) => props.onCod(event.currentTarget.checked)}
      />
      {!props.hidePrice && props.codAmount !== null && (
        <Group justify="space-between">
          <Text size="sm" fw={600}>
            {t('ticketEntry.codAmount')}
          </Text>
          <Text size="sm" fw={600} ff="monospace" aria-label={t('ticketEntry.codAmount')}>
            {signedMoney(props.codAmount)}
          </Text>
        </Group>
      )}
    </Stack>
  );
}

/** R-TENT-10: the plant's latest tickets today, so the scale house sees what it has written. */
export function PlantTickets(props: { tickets: PlantTicket[] | undefined }) {
  const { t, i18n } = useTranslation();
  const tickets = props.tickets ?? [];
  // R-PRINT-8, R-TENT-3: aggregate tickets are found by their bill of lading as well as their number.
  const withBol = tickets.some((ticket) => ticket.billOfLadingNumber !== null);
  return (
    <Section title={t('ticketEntry.todaysTickets')}>
      {tickets.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('ticketEntry.noTickets')}
        </Text>
      ) : (
        <Table striped highlightOnHover verticalSpacing={4} fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('ticketEntry.ticketNumber')}</Table.Th>
              {withBol && <Table.Th>{t('ticketEntry.billOfLading')}</Table.Th>}
              <Table.Th>{t('ticketEntry.time')}</Table.Th>
              <Table.Th>{t('ticketEntry.truck')}</Table.Th>
              <Table.Th>{t('ticketEntry.customer')}</Table.Th>
              <Table.Th ta="right">{t('ticketEntry.quantity')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {tickets.map((ticket) => {
              const line = ticket.products[0];
              return (
                <Table.Tr key={ticket.id} c={ticket.voidedFlag ? 'dimmed' : undefined}>
                  <Table.Td ff="monospace">{ticket.number}</Table.Td>
                  {withBol && <Table.Td ff="monospace">{ticket.billOfLadingNumber ?? ''}</Table.Td>}
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    {new Date(ticket.ticketDateTime).toLocaleTimeString(i18n.language, {
                      hour: '2-digit',
                      minute: '2-digit',
                    })}
                  </Table.Td>
                  <Table.Td>{ticket.truckNumber || t('ticketEntry.none')}</Table.Td>
                  <Table.Td>
                    {ticket.orderNumber} · {ticket.customerName}
                  </Table.Td>
                  <Table.Td ta="right" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
                    {line
                      ? `${line.quantity.toLocaleString(undefined, { maximumFractionDigits: 3 })} ${
                          line.unitOfMeasure === null ? '' : unitAbbreviation(line.unitOfMeasure)
                        }`
                      : ''}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      )}
    </Section>
  );
}
