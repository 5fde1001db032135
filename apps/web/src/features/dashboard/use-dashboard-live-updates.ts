import { useOrderLiveUpdates } from '../../data/orders/use-order-live-updates';
import { usePlantLiveUpdates } from '../../data/plants/use-plant-live-updates';
import { useTicketLiveUpdates } from '../../data/tickets/use-ticket-live-updates';
import { useTruckLiveUpdates } from '../../data/trucks/use-truck-live-updates';

/** Everything the dashboard shows follows the hub: orders, trucks, tickets and plants. */
export function useDashboardLiveUpdates(): void {
  useOrderLiveUpdates();
  useTruckLiveUpdates();
  useTicketLiveUpdates();
  usePlantLiveUpdates();
}
