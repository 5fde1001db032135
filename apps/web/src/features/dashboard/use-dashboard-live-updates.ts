import { useOrderLiveUpdates } from '../orders/use-order-live-updates';
import { usePlantLiveUpdates } from '../plants/use-plant-live-updates';
import { useTicketLiveUpdates } from '../tickets/use-ticket-live-updates';
import { useTruckLiveUpdates } from '../trucks/use-truck-live-updates';

/** Everything the dashboard shows follows the hub: orders, trucks, tickets and plants. */
export function useDashboardLiveUpdates(): void {
  useOrderLiveUpdates();
  useTruckLiveUpdates();
  useTicketLiveUpdates();
  usePlantLiveUpdates();
}
