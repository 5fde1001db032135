/** R-INV-1: one customer's delivered tickets, by order, each with a checkbox; all at once in the header. */
import { Badge, Checkbox, Group, Paper, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CandidateCustomer } from '@dispatch/domain/invoicing/invoice-schemas';
import { productsText, useMoney } from './invoice-format';
import { PriceCells, PriceHeads, priceColumnCount } from './price-columns';

const noWrap = { whiteSpace: 'nowrap' } as const;

export function CandidateCustomerTable(props: {
  customer: CandidateCustomer;
  selected: ReadonlySet<number>;
  showPrices: boolean;
  readOnly: boolean;
  onToggle(ticketIds: number[], selected: boolean): void;
}) {
  const { t } = useTranslation();
  const money = useMoney();
  const { customer, showPrices } = props;
  const selectable = customer.orders.flatMap((order) =>
    order.tickets.filter((ticket) => ticket.problem === null).map((ticket) => ticket.id),
  );
  const chosen = selectable.filter((id) => props.selected.has(id)).length;
  const columns = 6 + (showPrices ? priceColumnCount : 0);
  return (
    <Paper withBorder radius="md" component="section" aria-label={customer.customerName}>
      <Group justify="space-between" px="md" py="xs" bg="gray.0" style={{ borderRadius: 8 }}>
        <Checkbox
          checked={chosen > 0 && chosen === selectable.length}
          indeterminate={chosen > 0 && chosen < selectable.length}
          disabled={props.readOnly || selectable.length === 0}
          onChange={(event) => props.onToggle(selectable, event.currentTarget.checked)}
          aria-label={t('flagInvoice.selectCustomer', { customer: customer.customerName })}
          label={
            <Text fw={600}>
              {customer.customerName}
              <Text span c="dimmed" size="sm" ml={8}>
                {customer.customerNumber}
              </Text>
            </Text>
          }
        />
        <Group gap="md">
          <Text size="sm" c="dimmed">
            {t('flagInvoice.ticketCount', { count: customer.ticketCount })}
          </Text>
          {showPrices ? (
            <Text fw={600}>
              {t('flagInvoice.total_of', { total: money(customer.totalAmount) })}
            </Text>
          ) : null}
        </Group>
      </Group>
      <Table.ScrollContainer minWidth={860}>
        <Table verticalSpacing={5} fz="sm" highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={36} />
              <Table.Th>{t('flagInvoice.ticket')}</Table.Th>
              <Table.Th style={noWrap}>{t('flagInvoice.date')}</Table.Th>
              <Table.Th>{t('flagInvoice.plant')}</Table.Th>
              <Table.Th>{t('flagInvoice.products')}</Table.Th>
              <PriceHeads show={showPrices} amountLabel={t('flagInvoice.amount')} />
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {customer.orders.map((order) => [
              <Table.Tr key={`order-${order.orderId}`}>
                <Table.Td colSpan={columns} py={4} bg="var(--mantine-color-blue-0)">
                  <Text size="xs" fw={600} c="blue.9">
                    {t('flagInvoice.orderLabel', { number: order.orderNumber })}
                    {order.jobNumber ? ` · ${t('flagInvoice.job')} ${order.jobNumber}` : ''}
                    {order.customerPoNumber ? ` · PO ${order.customerPoNumber}` : ''}
                    {' · '}
                    {order.taxRate > 0
                      ? t('flagInvoice.taxRate', { rate: order.taxRate })
                      : t('flagInvoice.noTax')}
                  </Text>
                </Table.Td>
              </Table.Tr>,
              ...order.tickets.map((ticket) => (
                <Table.Tr
                  key={ticket.id}
                  bg={props.selected.has(ticket.id) ? 'var(--mantine-color-blue-light)' : undefined}
                >
                  <Table.Td>
                    <Checkbox
                      checked={props.selected.has(ticket.id)}
                      disabled={props.readOnly || ticket.problem !== null}
                      onChange={(event) => props.onToggle([ticket.id], event.currentTarget.checked)}
                      aria-label={t('flagInvoice.selectTicket', { number: ticket.number })}
                    />
                  </Table.Td>
                  <Table.Td fw={600}>{ticket.number}</Table.Td>
                  <Table.Td style={noWrap}>{ticket.ticketDate}</Table.Td>
                  <Table.Td style={noWrap}>{ticket.plantName}</Table.Td>
                  <Table.Td>{productsText(ticket)}</Table.Td>
                  <PriceCells show={showPrices} row={ticket} />
                  <Table.Td>
                    {ticket.problem ? (
                      <Badge color="orange" variant="light" title={ticket.problem}>
                        {ticket.problem}
                      </Badge>
                    ) : null}
                  </Table.Td>
                </Table.Tr>
              )),
            ])}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
