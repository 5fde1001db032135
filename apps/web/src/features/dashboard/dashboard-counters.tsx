import { orderStatusIds } from '@dispatch/domain/orders/order-status';
import type { SystemTypeId } from '@dispatch/domain/system-types';
import type { OrderBoard } from '../../data/orders/order-queries';
import type { TicketList } from '../../data/tickets/ticket-queries';
import type { CounterValue } from './dashboard-header';
import { isCountedOrder, quantitiesBySystemType, type PlantTrucks } from './dashboard-summaries';
import { dashboardText } from './dashboard-text';
import { formatQuantity, formatQuantityWithUnit, unitAbbreviation } from './quantity-units';

const text = dashboardText.counters;

type CounterSources = {
  orders: OrderBoard | undefined;
  tickets: TicketList | undefined;
  /** The day's tickets that count as delivered (only their count is read). */
  delivered: TicketList | undefined;
  byPlant: readonly PlantTrucks[] | undefined;
  /** Undefined while the user's groups load (or when they failed to). */
  systemTypeIds: readonly SystemTypeId[] | undefined;
};

/**
 * The header's live counters: orders, trucks out, loads delivered, and the quantity delivered in
 * each of the user's system types. A value is undefined (a skeleton) until its list has loaded.
 */
export function dashboardCounters({
  orders,
  tickets,
  delivered,
  byPlant,
  systemTypeIds,
}: CounterSources): CounterValue[] {
  const rows = orders?.data.filter((row) => isCountedOrder(row.orderStatusId));
  const shipping = rows?.filter((row) => row.orderStatusId === orderStatusIds.shipping).length;
  const truckTotal = byPlant?.reduce((sum, plant) => sum + plant.total, 0);
  const out = byPlant?.reduce((sum, plant) => sum + plant.out, 0);
  const quantities = systemTypeIds
    ? quantitiesBySystemType(orders?.data ?? [], systemTypeIds)
    : // One placeholder holds the place of the system types until they are known.
      [undefined];
  return [
    {
      label: text.ordersToday,
      value: rows?.length.toLocaleString(),
      hint: shipping === undefined ? undefined : text.ordersActive(shipping),
    },
    {
      label: text.trucksOut,
      value: out?.toLocaleString(),
      hint: truckTotal === undefined ? undefined : text.ofActiveTrucks(truckTotal),
    },
    {
      label: text.loadsDelivered,
      value: delivered?.count.toLocaleString(),
      hint: tickets && text.ticketsWritten(tickets.count),
    },
    ...quantities.map((quantity): CounterValue => {
      const [main, ...others] = quantity?.totals ?? [];
      if (!quantity || !main || !orders) {
        return {
          label: quantity ? text.delivered(quantity.name) : text.deliveredToday,
          value: undefined,
        };
      }
      return {
        label: text.delivered(quantity.name),
        value: (
          <span style={{ whiteSpace: 'nowrap' }}>
            {formatQuantity(main.delivered)}{' '}
            <span style={{ fontSize: '0.5em', fontWeight: 600 }}>
              {unitAbbreviation(main.unit)}
            </span>
          </span>
        ),
        hint: [
          text.ofOrdered(formatQuantityWithUnit(main.ordered, main.unit)),
          ...others.map((other) => formatQuantityWithUnit(other.delivered, other.unit)),
        ].join(' · '),
      };
    }),
  ];
}
