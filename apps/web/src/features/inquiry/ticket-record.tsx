/**
 * R-INQ-4, R-INQ-6: one ticket at `/inquiry/ticket/<id>`, read-only: its header (status, void with
 * its reason), order, customer and job, plant, truck and driver, products with their amounts and
 * the ticket's totals (prices only for levels that show them, R-PERM-6), the loop's times, the
 * batched weights, its changes, the invoice it is on, and its delivery ticket PDF.
 */
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TicketInquiryDetail } from '@dispatch/domain/inquiry/ticket-inquiry';
import { menuEntryByEnumId, systemTypeForm } from '@dispatch/domain/menu/menu-catalogue';
import { permissionFlags } from '@dispatch/domain/permissions';
import { useUserAccess } from '../../session/session-queries';
import { openTicketPdf, ticketRecordQuery } from './inquiry-api';
import { useInquiryFormat } from './inquiry-format';
import { RecordFrame, RecordSection } from './record-frame';
import { RecordFacts, type Fact } from './record-facts';
import { TicketChanges } from './ticket-changes';
import { ticketStatusText } from './ticket-columns';
import { TicketTimes } from './ticket-times';

const ticketEntry = menuEntryByEnumId('TicketInquiry')!;
const invoiceEntry = menuEntryByEnumId('InvoiceInquiry')!;

export function TicketRecord({ id }: { id: number }) {
  const { t } = useTranslation();
  return (
    <RecordFrame
      listPath={ticketEntry.path!}
      record={useQuery(ticketRecordQuery(id))}
      notFound={t('inquiry.tickets.notFound', { id })}
    >
      {(ticket) => <TicketView ticket={ticket} />}
    </RecordFrame>
  );
}

function TicketView({ ticket }: { ticket: TicketInquiryDetail }) {
  const { t } = useTranslation();
  const format = useInquiryFormat();
  const access = useUserAccess();
  const orderForm = systemTypeForm('orderEntry', ticket.systemTypeId);
  const canOpenOrder = access.permissions.canView(orderForm.id);
  const canOpenInvoice = access.permissions.canView(invoiceEntry.id);
  const showPrices = !permissionFlags(access.permissions.levelOf(ticketEntry.id)).hidePrice;
  const systemType = t(
    `inquiry.systemTypes.${['', 'concrete', 'aggregate', 'block'][ticket.systemTypeId]}`,
  );

  const handlePdf = () => {
    openTicketPdf(ticket).catch((error: unknown) =>
      notifications.show({ color: 'red', message: (error as Error).message }),
    );
  };

  const orderFacts: Fact[] = [
    {
      label: t('inquiry.tickets.order'),
      value: canOpenOrder ? (
        <Anchor component={Link} to={`${orderForm.path}/${ticket.order.id}`}>
          {ticket.order.number}
        </Anchor>
      ) : (
        ticket.order.number
      ),
    },
    { label: t('inquiry.tickets.shipDate'), value: format.calendarDay(ticket.order.shipDate) },
    { label: t('inquiry.po'), value: ticket.customerPoNumber },
    { label: t('inquiry.tickets.loadNumber'), value: ticket.loadNumber },
    { label: t('inquiry.tickets.billOfLading'), value: ticket.billOfLadingNumber },
    { label: t('inquiry.tickets.systemType'), value: systemType },
  ];
  const customerFacts: Fact[] = [
    { label: t('inquiry.customer'), value: `${ticket.customer.name} · ${ticket.customer.number}` },
    {
      label: t('inquiry.job'),
      value: ticket.job ? (
        <Stack gap={0}>
          <Text size="sm" fw={500}>
            {[ticket.job.number, ticket.job.site].filter(Boolean).join(' · ')}
          </Text>
          {ticket.job.lines.map((line) => (
            <Text key={line} size="sm">
              {line}
            </Text>
          ))}
          {ticket.job.directions ? (
            <Text size="sm" c="dimmed">
              {ticket.job.directions}
            </Text>
          ) : null}
        </Stack>
      ) : (
        t('inquiry.tickets.pickedUp')
      ),
    },
  ];
  const deliveryFacts: Fact[] = [
    { label: t('inquiry.plant'), value: ticket.plant.name },
    {
      label: t('inquiry.tickets.truck'),
      value: [ticket.truck.number, ticket.truck.companyName].filter(Boolean).join(' · '),
    },
    { label: t('inquiry.tickets.driver'), value: ticket.driver?.name },
    { label: t('inquiry.tickets.batchman'), value: ticket.batchmanName },
    { label: t('inquiry.tickets.writtenBy'), value: ticket.userName },
  ];
  const { weights } = ticket;
  const weightFacts: Fact[] = [
    { label: t('inquiry.tickets.gross'), value: format.quantity(weights.grossWeight) },
    { label: t('inquiry.tickets.tare'), value: format.quantity(weights.tareWeight) },
    { label: t('inquiry.tickets.net'), value: format.quantity(weights.netWeight) },
    { label: t('inquiry.tickets.waterAdded'), value: format.quantity(weights.waterAdded) },
    {
      label: t('inquiry.tickets.maxWater'),
      value: format.quantity(weights.maxAllowableWaterGallons),
    },
  ].filter((fact) => fact.value !== '');

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <div>
          <Group gap="sm" align="center">
            <Title order={2}>{t('inquiry.tickets.title', { number: ticket.number })}</Title>
            <Badge variant="light" color={ticket.voidedFlag ? 'red' : 'blue'} tt="none" size="lg">
              {ticketStatusText(t, ticket)}
            </Badge>
            {ticket.invoice ? (
              <Badge variant="light" color="grape" tt="none" size="lg">
                {t('inquiry.tickets.invoicedBadge', { number: ticket.invoice.number })}
              </Badge>
            ) : null}
          </Group>
          <Text c="dimmed" size="sm">
            {t('inquiry.tickets.subtitle', {
              plant: ticket.plant.name,
              when: format.dateTime(ticket.times.ticketDateTime),
              customer: ticket.customer.name,
            })}
          </Text>
        </div>
        <Button
          onClick={handlePdf}
          aria-label={t('inquiry.tickets.openPdfOf', { number: ticket.number })}
        >
          {t('inquiry.openPdf')}
        </Button>
      </Group>

      {ticket.voidedFlag ? (
        <Alert
          color="red"
          title={t('inquiry.tickets.voidTitle', { status: ticket.voidStatusName ?? '' })}
        >
          {t('inquiry.tickets.voidText', {
            reason: ticket.voidReason ?? t('inquiry.tickets.noReason'),
            user: ticket.voidUserName ?? '—',
            when: format.dateTime(ticket.voidDateTime) || '—',
          })}
        </Alert>
      ) : null}

      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        <RecordSection title={t('inquiry.tickets.orderSection')}>
          <RecordFacts facts={orderFacts} />
        </RecordSection>
        <RecordSection title={t('inquiry.tickets.customerSection')}>
          <RecordFacts facts={customerFacts} />
        </RecordSection>
        <RecordSection title={t('inquiry.tickets.deliverySection')}>
          <RecordFacts facts={deliveryFacts} />
        </RecordSection>
      </SimpleGrid>

      <RecordSection title={t('inquiry.tickets.products')}>
        <Table.ScrollContainer minWidth={640}>
          <Table verticalSpacing={6} fz="sm" striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('inquiry.tickets.productNumber')}</Table.Th>
                <Table.Th>{t('inquiry.tickets.product')}</Table.Th>
                <Table.Th ta="right">{t('inquiry.tickets.columns.quantity')}</Table.Th>
                <Table.Th ta="right">{t('inquiry.tickets.slump')}</Table.Th>
                <Table.Th>{t('inquiry.tickets.taxable')}</Table.Th>
                {showPrices ? (
                  <>
                    <Table.Th ta="right">{t('inquiry.price')}</Table.Th>
                    <Table.Th ta="right">{t('inquiry.amount')}</Table.Th>
                  </>
                ) : null}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {ticket.lines.map((line) => (
                <Table.Tr key={line.id}>
                  <Table.Td>{line.productNumber}</Table.Td>
                  <Table.Td>{line.description}</Table.Td>
                  <Table.Td ta="right">
                    {format.quantity(line.quantity, line.unitOfMeasure)}
                  </Table.Td>
                  <Table.Td ta="right">{format.quantity(line.slump)}</Table.Td>
                  <Table.Td>{line.taxableFlag ? t('inquiry.yes') : t('inquiry.no')}</Table.Td>
                  {showPrices ? (
                    <>
                      <Table.Td ta="right">{format.money(line.price)}</Table.Td>
                      <Table.Td ta="right">{format.money(line.extendedPrice)}</Table.Td>
                    </>
                  ) : null}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {ticket.totals ? (
          <Group justify="flex-end" mt="sm">
            <RecordFacts
              align="right"
              facts={[
                { label: t('inquiry.subtotal'), value: format.money(ticket.totals.extendedPrice) },
                ...(ticket.totals.restockingCharge
                  ? [
                      {
                        label: t('inquiry.tickets.restocking'),
                        value: format.money(ticket.totals.restockingCharge),
                      },
                    ]
                  : []),
                {
                  label: t('inquiry.taxAt', { rate: ticket.totals.taxRate }),
                  value: format.money(ticket.totals.taxAmount),
                },
                {
                  label: t('inquiry.total'),
                  value: <Text fw={700}>{format.money(ticket.totals.totalAmount)}</Text>,
                },
                ...(ticket.codAmount
                  ? [{ label: t('inquiry.tickets.cod'), value: format.money(ticket.codAmount) }]
                  : []),
              ]}
            />
          </Group>
        ) : null}
        {weightFacts.length > 0 ? <RecordFacts facts={weightFacts} inline mt="sm" /> : null}
      </RecordSection>

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <RecordSection title={t('inquiry.tickets.times')}>
          <TicketTimes times={ticket.times} />
        </RecordSection>
        <Stack gap="md">
          {/* Concrete is batched by the panel; other tickets have no weights to show. */}
          {ticket.systemTypeId === 1 ? (
            <RecordSection title={t('inquiry.tickets.batched')}>
              {ticket.batchWeights.length === 0 ? (
                <Text size="sm" c="dimmed">
                  {t('inquiry.tickets.noBatchWeights')}
                </Text>
              ) : (
                <Table verticalSpacing={4} fz="sm">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('inquiry.tickets.material')}</Table.Th>
                      <Table.Th ta="right">{t('inquiry.tickets.target')}</Table.Th>
                      <Table.Th ta="right">{t('inquiry.tickets.batchedAmount')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {ticket.batchWeights.map((weight) => (
                      <Table.Tr key={weight.rawMaterialId}>
                        <Table.Td>
                          {weight.description}
                          <Text span size="xs" c="dimmed" ml={6}>
                            {weight.code}
                          </Text>
                        </Table.Td>
                        <Table.Td ta="right">
                          {[format.quantity(weight.target), weight.unit].filter(Boolean).join(' ')}
                        </Table.Td>
                        <Table.Td ta="right">
                          {weight.batched === null
                            ? '—'
                            : [format.quantity(weight.batched), weight.unit]
                                .filter(Boolean)
                                .join(' ')}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              )}
            </RecordSection>
          ) : null}
          <RecordSection title={t('inquiry.tickets.invoiceSection')}>
            {ticket.invoice ? (
              <Text size="sm">
                {canOpenInvoice ? (
                  <Anchor component={Link} to={`${invoiceEntry.path}/${ticket.invoice.id}`}>
                    {t('inquiry.tickets.onInvoice', { number: ticket.invoice.number })}
                  </Anchor>
                ) : (
                  t('inquiry.tickets.onInvoice', { number: ticket.invoice.number })
                )}{' '}
                {t('inquiry.tickets.invoiceDated', {
                  date: format.calendarDay(ticket.invoice.invoiceDate),
                })}
                {ticket.invoice.creditedByNumber !== null
                  ? ` · ${t('inquiry.creditedBy', { number: ticket.invoice.creditedByNumber })}`
                  : ''}
              </Text>
            ) : (
              <Text size="sm" c="dimmed">
                {t('inquiry.tickets.notInvoiced')}
              </Text>
            )}
          </RecordSection>
        </Stack>
      </SimpleGrid>

      <TicketChanges entries={ticket.history} />
    </Stack>
  );
}
