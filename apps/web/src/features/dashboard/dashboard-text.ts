/**
 * Every English string the dashboard shows, in one place, so it can become an i18n namespace
 * ('dashboard') without hunting through the components.
 */
const plural = (count: number, one: string, many: string): string =>
  `${count.toLocaleString()} ${count === 1 ? one : many}`;

export const dashboardText = {
  pageTitle: 'Dashboard',
  counters: {
    label: 'Today at a glance',
    ordersToday: 'Orders today',
    trucksOut: 'Trucks out',
    loadsDelivered: 'Loads delivered',
    delivered: (systemType: string) => `${systemType} delivered`,
    deliveredToday: 'Delivered today',
    ofActiveTrucks: (total: number) => `of ${plural(total, 'active truck', 'active trucks')}`,
    ticketsWritten: (count: number) => `of ${plural(count, 'ticket', 'tickets')} written today`,
    ordersActive: (shipping: number) => `${shipping.toLocaleString()} shipping now`,
    ofOrdered: (ordered: string) => `of ${ordered} ordered`,
  },
  cards: {
    ordersByStatus: 'Orders by status',
    orderedVsDelivered: 'Ordered vs delivered',
    trucksByStatus: 'Trucks by status',
    latestTickets: 'Latest tickets',
  },
  orders: (count: number) => plural(count, 'order', 'orders'),
  trucks: (count: number) => plural(count, 'truck', 'trucks'),
  trucksOut: (count: number) => `${count.toLocaleString()} out`,
  ordersByStatusOf: (systemType: string) => `${systemType} orders by status`,
  trucksByStatusAt: (plant: string) => `${plant} trucks by status`,
  deliveredAt: (plant: string) => `${plant} delivered`,
  deliveredOf: (delivered: string, ordered: string) => `${delivered} of ${ordered}`,
  percent: (value: number) => `${Math.round(value)}%`,
  plantFallback: (id: number) => `Plant ${id}`,
  noPlant: 'No plant',
  noStatus: 'No status',
  truckTitle: (truck: string, status: string, minutes: string | null) =>
    minutes ? `Truck ${truck} · ${status} for ${minutes}` : `Truck ${truck} · ${status}`,
  tickets: {
    time: 'Time',
    ticket: 'Ticket',
    customer: 'Customer',
    order: (number: number) => `Order ${number}`,
    plant: 'Plant',
    truck: 'Truck',
    quantity: 'Qty',
    newest: (shown: number, total: number) =>
      total > shown
        ? `newest ${shown} of ${total.toLocaleString()}`
        : plural(total, 'ticket', 'tickets'),
  },
  empty: {
    noOrders: 'No orders shipping today',
    noOrdersHint: 'Orders with today’s ship date appear here as they are entered.',
    noTrucks: 'No active trucks',
    noTrucksHint: 'Trucks assigned to your plants appear here with their live status.',
    noTickets: 'No tickets written today',
    noTicketsHint: 'Each ticket appears here the moment it is written.',
    noSystemTypes: 'Your user has no system type',
    noSystemTypesHint:
      'Orders and tickets need membership in the Concrete, Aggregate or Block group. Ask an administrator.',
  },
  errors: {
    title: 'Could not load this card',
    forbidden: 'You do not have permission to see this.',
    retry: 'Retry',
  },
} as const;
