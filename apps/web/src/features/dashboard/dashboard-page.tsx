import { useMemo } from 'react';
import { Grid, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { deliveredTicketStatusIds } from '@dispatch/domain/delivery/ticket-status';
import { orderQueries } from '../../data/orders/order-queries';
import { plantQueries, type PlantRow } from '../../data/plants/plant-queries';
import { ticketQueries } from '../../data/tickets/ticket-queries';
import { truckQueries } from '../../data/trucks/truck-queries';
import { dashboardCounters } from './dashboard-counters';
import { DeliveryPerformanceCard } from './delivery-performance-card';
import { DashboardHeader } from './dashboard-header';
import { systemTypesIn, trucksByPlant } from './dashboard-summaries';
import { LatestTicketsCard } from './latest-tickets-card';
import { OrderedVsDeliveredCard } from './ordered-vs-delivered-card';
import { OrdersByStatusCard } from './orders-by-status-card';
import { TruckMapCard } from './truck-map-card';
import { TrucksByStatusCard } from './trucks-by-status-card';
import { useAllowedSystemTypes } from './use-allowed-system-types';
import { useBusinessDay } from './use-business-day';
import { useDashboardLiveUpdates } from './use-dashboard-live-updates';

/** How many of the day's newest tickets the dashboard lists. */
const latestTicketCount = 12;

const noPlants: ReadonlyMap<number, PlantRow> = new Map();

/**
 * /home: the first screen a dispatcher sees and keeps open all shift. Today's orders, quantities,
 * trucks and tickets for the user's system types, kept current by the dispatch hub.
 */
export function DashboardPage() {
  // Its texts are read at render: a change of language renders the page again.
  const { i18n } = useTranslation();
  useDashboardLiveUpdates();
  const day = useBusinessDay();
  const systemTypes = useAllowedSystemTypes();
  const orders = useQuery(orderQueries.board({ shipDate: day }));
  const trucks = useQuery(truckQueries.list());
  const tickets = useQuery(ticketQueries.list({ date: day, latest: latestTicketCount }));
  // R-DELIV-2: the loads delivered today are the day's tickets that count as delivered.
  const delivered = useQuery(
    ticketQueries.list({ date: day, latest: 1, statusIds: deliveredTicketStatusIds }),
  );
  // Plants only name things: without them (a user who may pick no plant) the cards say 'Plant 3'.
  const plants = useQuery(plantQueries.list());

  // The server sends only the user's system types, so if the groups fail to load the day's
  // orders still tell which to show.
  const systemTypeIds =
    systemTypes.data ??
    (systemTypes.isError && orders.data ? systemTypesIn(orders.data.data) : undefined);
  const plantsById = useMemo(
    () => (plants.data ? new Map(plants.data.data.map((plant) => [plant.id, plant])) : noPlants),
    [plants.data],
  );
  const byPlant = useMemo(
    () => (trucks.data ? trucksByPlant(trucks.data.data, plantsById, systemTypeIds) : undefined),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- names are in the current language
    [trucks.data, plantsById, systemTypeIds, i18n.language],
  );

  const counters = useMemo(
    () =>
      dashboardCounters({
        orders: orders.data,
        tickets: tickets.data,
        delivered: delivered.data,
        byPlant,
        systemTypeIds,
      }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- labels are in the current language
    [orders.data, tickets.data, delivered.data, byPlant, systemTypeIds, i18n.language],
  );

  return (
    <Stack gap="md">
      <DashboardHeader day={day} counters={counters} />
      <Grid gap="md">
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <Stack gap="md">
            <OrdersByStatusCard
              orders={orders}
              systemTypeIds={systemTypeIds}
              noSystemTypes={systemTypes.data?.length === 0}
            />
            <OrderedVsDeliveredCard orders={orders} plants={plantsById} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <Stack gap="md">
            <TrucksByStatusCard trucks={trucks} byPlant={byPlant} />
            <LatestTicketsCard tickets={tickets} plants={plantsById} />
          </Stack>
        </Grid.Col>
      </Grid>
      <TruckMapCard />
      <DeliveryPerformanceCard today={day} plants={plantsById} />
    </Stack>
  );
}
