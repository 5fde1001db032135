/**
 * R-INQ-9, R-INQ-10: one invoice or credit note at `/inquiry/invoice/<id>`, read-only: its header
 * (with its due date, terms and PO, R-INV-12), bill-to, the credit note linked to it (or the
 * invoice it credits), the tickets on it (each opens in ticket inquiry), its lines with tax, its
 * totals, and its PDF in the print window. Amounts show only for levels that see prices (R-PERM-6).
 */
import { Anchor, Badge, Button, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { InvoiceInquiryDetail } from '@dispatch/domain/inquiry/invoice-inquiry';
import { menuEntryByEnumId } from '@dispatch/domain/menu/menu-catalogue';
import { permissionFlags } from '@dispatch/domain/permissions';
import { useUserAccess } from '../../session/session-queries';
import { invoiceRecordQuery, openInvoicePdf } from './inquiry-api';
import { useInquiryFormat } from './inquiry-format';
import { invoiceStatusText } from './invoice-columns';
import { RecordFrame, RecordSection } from './record-frame';
import { RecordFacts } from './record-facts';

const invoiceEntry = menuEntryByEnumId('InvoiceInquiry')!;
const ticketEntry = menuEntryByEnumId('TicketInquiry')!;

export function InvoiceRecord({ id }: { id: number }) {
  const { t } = useTranslation();
  return (
    <RecordFrame
      listPath={invoiceEntry.path!}
      record={useQuery(invoiceRecordQuery(id))}
      notFound={t('inquiry.invoices.notFound', { id })}
    >
      {(invoice) => <InvoiceView invoice={invoice} />}
    </RecordFrame>
  );
}

function InvoiceView({ invoice }: { invoice: InvoiceInquiryDetail }) {
  const { t } = useTranslation();
  const format = useInquiryFormat();
  const access = useUserAccess();
  const showPrices = !permissionFlags(access.permissions.levelOf(invoiceEntry.id)).hidePrice;
  const canOpenTickets = access.permissions.canView(ticketEntry.id);
  const credit = invoice.kind === 'credit';
  const title = t(credit ? 'inquiry.invoices.creditTitle' : 'inquiry.invoices.title', {
    number: invoice.number,
  });

  const handlePdf = () => {
    openInvoicePdf(invoice).catch((error: unknown) =>
      notifications.show({ color: 'red', message: (error as Error).message }),
    );
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <div>
          <Group gap="sm">
            <Title order={2}>{title}</Title>
            <Badge
              variant="light"
              size="lg"
              tt="none"
              color={invoice.creditedByNumber !== null || credit ? 'red' : 'green'}
            >
              {invoiceStatusText(t, invoice)}
            </Badge>
          </Group>
          <Text c="dimmed" size="sm">
            {t('inquiry.invoices.subtitle', {
              customer: invoice.customerName,
              date: format.calendarDay(invoice.invoiceDate),
              count: invoice.ticketCount,
            })}
          </Text>
        </div>
        <Button
          onClick={handlePdf}
          aria-label={t('inquiry.invoices.openPdfOf', { number: invoice.number })}
        >
          {t('inquiry.openPdf')}
        </Button>
      </Group>

      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        <RecordSection title={t('inquiry.invoices.billTo')}>
          <Text size="sm" fw={500}>
            {invoice.customerName} · {invoice.customerNumber}
          </Text>
          {invoice.billTo.map((line) => (
            <Text key={line} size="sm">
              {line}
            </Text>
          ))}
        </RecordSection>
        <RecordSection
          title={t(credit ? 'inquiry.invoices.creditSection' : 'inquiry.invoices.invoiceSection')}
        >
          <RecordFacts
            facts={[
              {
                label: t('inquiry.invoices.columns.date'),
                value: format.calendarDay(invoice.invoiceDate),
              },
              {
                label: t('inquiry.invoices.dueDate'),
                value: invoice.dueDate ? format.calendarDay(invoice.dueDate) : '',
              },
              {
                label: t('inquiry.invoices.terms'),
                value: credit
                  ? ''
                  : invoice.terms?.description || t('inquiry.invoices.dueOnReceipt'),
              },
              { label: t('inquiry.po'), value: invoice.customerPoNumber },
              { label: t('inquiry.invoices.columns.madeBy'), value: invoice.createdBy },
              { label: t('inquiry.invoices.madeAt'), value: format.dateTime(invoice.createdAt) },
              { label: t('inquiry.invoices.reason'), value: invoice.creditReason },
            ]}
          />
        </RecordSection>
        <RecordSection title={t('inquiry.invoices.links')}>
          {invoice.creditLinks.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('inquiry.invoices.noLinks')}
            </Text>
          ) : (
            <Stack gap={6}>
              {invoice.creditLinks.map((link) => (
                <div key={link.id}>
                  <Anchor
                    component={Link}
                    to={`${invoiceEntry.path}/${link.id}`}
                    size="sm"
                    fw={500}
                  >
                    {t(
                      link.kind === 'credit'
                        ? 'inquiry.invoices.creditTitle'
                        : 'inquiry.invoices.title',
                      {
                        number: link.number,
                      },
                    )}
                  </Anchor>
                  <Text size="sm" c="dimmed">
                    {[
                      format.calendarDay(link.invoiceDate),
                      showPrices ? format.money(link.totalAmount) : '',
                      link.reason,
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </Text>
                </div>
              ))}
            </Stack>
          )}
        </RecordSection>
      </SimpleGrid>

      <RecordSection title={t('inquiry.invoices.tickets')}>
        <Table.ScrollContainer minWidth={760}>
          <Table verticalSpacing={6} fz="sm" striped highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('inquiry.tickets.columns.number')}</Table.Th>
                <Table.Th>{t('inquiry.tickets.columns.date')}</Table.Th>
                <Table.Th>{t('inquiry.tickets.columns.order')}</Table.Th>
                <Table.Th>{t('inquiry.job')}</Table.Th>
                <Table.Th>{t('inquiry.po')}</Table.Th>
                <Table.Th>{t('inquiry.plant')}</Table.Th>
                <Table.Th>{t('inquiry.tickets.truck')}</Table.Th>
                {showPrices ? (
                  <>
                    <Table.Th ta="right">{t('inquiry.subtotal')}</Table.Th>
                    <Table.Th ta="right">{t('inquiry.tax')}</Table.Th>
                    <Table.Th ta="right">{t('inquiry.total')}</Table.Th>
                  </>
                ) : null}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {invoice.tickets.map((ticket) => (
                <Table.Tr key={ticket.ticketId}>
                  <Table.Td fw={600}>
                    {canOpenTickets ? (
                      <Anchor
                        component={Link}
                        to={`${ticketEntry.path}/${ticket.ticketId}`}
                        aria-label={t('inquiry.invoices.openTicket', {
                          number: ticket.ticketNumber,
                        })}
                      >
                        {ticket.ticketNumber}
                      </Anchor>
                    ) : (
                      ticket.ticketNumber
                    )}
                  </Table.Td>
                  <Table.Td>
                    {ticket.ticketDate ? format.calendarDay(ticket.ticketDate) : ''}
                  </Table.Td>
                  <Table.Td>{ticket.orderNumber}</Table.Td>
                  <Table.Td>{ticket.jobNumber}</Table.Td>
                  <Table.Td>{ticket.customerPoNumber}</Table.Td>
                  <Table.Td>{ticket.plantName}</Table.Td>
                  <Table.Td>{ticket.truckNumber}</Table.Td>
                  {showPrices ? (
                    <>
                      <Table.Td ta="right">{format.money(ticket.extendedPrice)}</Table.Td>
                      <Table.Td ta="right">{format.money(ticket.taxAmount)}</Table.Td>
                      <Table.Td ta="right">{format.money(ticket.totalAmount)}</Table.Td>
                    </>
                  ) : null}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </RecordSection>

      <RecordSection title={t('inquiry.invoices.lines')}>
        <Table.ScrollContainer minWidth={760}>
          <Table verticalSpacing={6} fz="sm" striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('inquiry.tickets.columns.number')}</Table.Th>
                <Table.Th>{t('inquiry.tickets.productNumber')}</Table.Th>
                <Table.Th>{t('inquiry.tickets.product')}</Table.Th>
                <Table.Th ta="right">{t('inquiry.tickets.columns.quantity')}</Table.Th>
                {showPrices ? (
                  <>
                    <Table.Th ta="right">{t('inquiry.price')}</Table.Th>
                    <Table.Th ta="right">{t('inquiry.amount')}</Table.Th>
                    <Table.Th ta="right">{t('inquiry.tax')}</Table.Th>
                    <Table.Th ta="right">{t('inquiry.total')}</Table.Th>
                  </>
                ) : null}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {invoice.lines.map((line) => (
                <Table.Tr key={line.id}>
                  <Table.Td>{line.ticketNumber}</Table.Td>
                  <Table.Td>{line.productNumber}</Table.Td>
                  <Table.Td>{line.description}</Table.Td>
                  <Table.Td ta="right">
                    {format.quantity(line.quantity, line.unitOfMeasure)}
                  </Table.Td>
                  {showPrices ? (
                    <>
                      <Table.Td ta="right">{format.money(line.unitPrice)}</Table.Td>
                      <Table.Td ta="right">{format.money(line.extendedPrice)}</Table.Td>
                      <Table.Td ta="right">{format.money(line.taxAmount)}</Table.Td>
                      <Table.Td ta="right">{format.money(line.totalAmount)}</Table.Td>
                    </>
                  ) : null}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {showPrices ? (
          <Group justify="flex-end" mt="sm">
            <RecordFacts
              align="right"
              facts={[
                { label: t('inquiry.subtotal'), value: format.money(invoice.extendedPrice) },
                { label: t('inquiry.tax'), value: format.money(invoice.taxAmount) },
                {
                  label: t('inquiry.total'),
                  value: <Text fw={700}>{format.money(invoice.totalAmount)}</Text>,
                },
              ]}
            />
          </Group>
        ) : null}
      </RecordSection>
    </Stack>
  );
}
