import { Skeleton, Stack, Table, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { formatTimeOfDay } from '@dispatch/domain/dates/date-format';
import type { PlantRow } from '../../data/plants/plant-queries';
import type { TicketList, TicketRow } from '../../data/tickets/ticket-queries';
import { CardEmpty, QueryState } from './card-states';
import { DashboardCard } from './dashboard-card';
import { plantName, ticketQuantity } from './dashboard-summaries';
import { dashboardText } from './dashboard-text';
import { formatQuantity, unitAbbreviation } from './quantity-units';

type LatestTicketsCardProps = {
  tickets: UseQueryResult<TicketList>;
  plants: ReadonlyMap<number, PlantRow>;
};

const text = dashboardText.tickets;
const numeric = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

export function LatestTicketsCard({ tickets, plants }: LatestTicketsCardProps) {
  const list = tickets.data;
  return (
    <DashboardCard
      title={dashboardText.cards.latestTickets}
      aside={list && list.count > 0 ? text.newest(list.data.length, list.count) : undefined}
    >
      <QueryState query={tickets} skeleton={<TicketsSkeleton />}>
        {({ data }) =>
          data.length === 0 ? (
            <CardEmpty
              title={dashboardText.empty.noTickets}
              hint={dashboardText.empty.noTicketsHint}
            />
          ) : (
            <Table
              aria-label={dashboardText.cards.latestTickets}
              layout="fixed"
              fz="sm"
              verticalSpacing={6}
              horizontalSpacing={6}
              highlightOnHover
            >
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={46}>{text.time}</Table.Th>
                  <Table.Th w={64}>{text.ticket}</Table.Th>
                  <Table.Th>{text.customer}</Table.Th>
                  <Table.Th visibleFrom="sm" w="22%">
                    {text.plant}
                  </Table.Th>
                  <Table.Th w={44}>{text.truck}</Table.Th>
                  <Table.Th w={78} ta="right">
                    {text.quantity}
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.map((ticket) => (
                  <TicketLine key={ticket.id} ticket={ticket} plants={plants} />
                ))}
              </Table.Tbody>
            </Table>
          )
        }
      </QueryState>
    </DashboardCard>
  );
}

function TicketLine({
  ticket,
  plants,
}: {
  ticket: TicketRow;
  plants: ReadonlyMap<number, PlantRow>;
}) {
  const amount = ticketQuantity(ticket);
  return (
    <Table.Tr>
      <Table.Td style={numeric} c="dimmed">
        {formatTimeOfDay(new Date(ticket.ticketDateTime))}
      </Table.Td>
      <Table.Td style={numeric} fw={600}>
        {ticket.number}
      </Table.Td>
      <Table.Td>
        <Text fz="sm" truncate>
          {ticket.customerName}
        </Text>
        <Text fz="xs" c="dimmed" truncate>
          {text.order(ticket.orderNumber)}
        </Text>
      </Table.Td>
      <Table.Td visibleFrom="sm">
        <Text fz="sm" truncate>
          {plantName(plants, ticket.plantId)}
        </Text>
      </Table.Td>
      <Table.Td style={numeric}>{ticket.truckNumber}</Table.Td>
      <Table.Td style={numeric} ta="right" fw={600}>
        {amount && (
          <>
            {formatQuantity(amount.quantity)}{' '}
            <Text component="span" fz="xs" c="dimmed" fw={400}>
              {unitAbbreviation(amount.unit)}
            </Text>
          </>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

function TicketsSkeleton() {
  return (
    <Stack gap={8} aria-hidden>
      {[0, 1, 2, 3, 4].map((index) => (
        <Skeleton key={index} height={18} />
      ))}
    </Stack>
  );
}
