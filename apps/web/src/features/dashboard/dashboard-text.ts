/**
 * What the dashboard's components read: the 'dashboard' texts of the catalogue
 * (lib/i18n/dashboard-text.ts) in the current language, numbers formatted in its locale. Read at
 * render, so a change of language shows at the next render (the page listens for it).
 */
import { dateLocale, i18n } from '../../lib/i18n/i18n';

const t = (key: string, options?: Record<string, unknown>): string =>
  i18n.t(`dashboard.${key}`, options ?? {});

const formatted = (count: number) => count.toLocaleString(dateLocale());
const counted = (key: string, count: number) => t(key, { count, formatted: formatted(count) });

export const dashboardText = {
  get pageTitle() {
    return t('pageTitle');
  },
  counters: {
    get label() {
      return t('counters.label');
    },
    get ordersToday() {
      return t('counters.ordersToday');
    },
    get trucksOut() {
      return t('counters.trucksOut');
    },
    get loadsDelivered() {
      return t('counters.loadsDelivered');
    },
    delivered: (systemType: string) => t('counters.delivered', { systemType }),
    get deliveredToday() {
      return t('counters.deliveredToday');
    },
    ofActiveTrucks: (total: number) => counted('counters.ofActiveTrucks', total),
    ticketsWritten: (count: number) => counted('counters.ticketsWritten', count),
    ordersActive: (shipping: number) => counted('counters.ordersActive', shipping),
    ofOrdered: (ordered: string) => t('counters.ofOrdered', { ordered }),
  },
  cards: {
    get ordersByStatus() {
      return t('cards.ordersByStatus');
    },
    get orderedVsDelivered() {
      return t('cards.orderedVsDelivered');
    },
    get trucksByStatus() {
      return t('cards.trucksByStatus');
    },
    get latestTickets() {
      return t('cards.latestTickets');
    },
  },
  orders: (count: number) => counted('orders', count),
  trucks: (count: number) => counted('trucks', count),
  trucksOut: (count: number) => counted('trucksOut', count),
  ordersByStatusOf: (systemType: string) => t('ordersByStatusOf', { systemType }),
  trucksByStatusAt: (plant: string) => t('trucksByStatusAt', { plant }),
  deliveredAt: (plant: string) => t('deliveredAt', { plant }),
  deliveredOf: (delivered: string, ordered: string) => t('deliveredOf', { delivered, ordered }),
  /** A catalogue status or system type by its key: the domain's English name is the default. */
  orderStatus: (status: { key: string; name: string }) =>
    i18n.t(`orderEntry.statuses.${status.key}`, { defaultValue: status.name }),
  truckStatus: (status: { key: string; name: string }) =>
    i18n.t(`loadScheduling.truckStatuses.${status.key}`, { defaultValue: status.name }),
  systemType: (type: { key: string; name: string }) =>
    i18n.t(`orderEntry.systemTypes.${type.key}`, { defaultValue: type.name }),
  percent: (value: number) => `${Math.round(value)}%`,
  plantFallback: (id: number) => t('plantFallback', { id }),
  get noPlant() {
    return t('noPlant');
  },
  get noStatus() {
    return t('noStatus');
  },
  truckTitle: (truck: string, status: string, minutes: string | null) =>
    minutes ? t('truckTitleFor', { truck, status, minutes }) : t('truckTitle', { truck, status }),
  tickets: {
    get time() {
      return t('tickets.time');
    },
    get ticket() {
      return t('tickets.ticket');
    },
    get customer() {
      return t('tickets.customer');
    },
    order: (number: number) => t('tickets.order', { number }),
    get plant() {
      return t('tickets.plant');
    },
    get truck() {
      return t('tickets.truck');
    },
    get quantity() {
      return t('tickets.quantity');
    },
    newest: (shown: number, total: number) =>
      total > shown
        ? t('tickets.newest', { shown, total: formatted(total) })
        : counted('tickets.count', total),
  },
  empty: {
    get noOrders() {
      return t('empty.noOrders');
    },
    get noOrdersHint() {
      return t('empty.noOrdersHint');
    },
    get noTrucks() {
      return t('empty.noTrucks');
    },
    get noTrucksHint() {
      return t('empty.noTrucksHint');
    },
    get noTickets() {
      return t('empty.noTickets');
    },
    get noTicketsHint() {
      return t('empty.noTicketsHint');
    },
    get noSystemTypes() {
      return t('empty.noSystemTypes');
    },
    get noSystemTypesHint() {
      return t('empty.noSystemTypesHint');
    },
  },
  /** R-KPI-1..6: the Delivery performance card. */
  delivery: {
    get title() {
      return t('delivery.title');
    },
    get today() {
      return t('delivery.today');
    },
    get period() {
      return t('delivery.period');
    },
    get from() {
      return t('delivery.from');
    },
    get to() {
      return t('delivery.to');
    },
    periodOf: (from: string, to: string) => t('delivery.periodOf', { from, to }),
    get badDay() {
      return t('delivery.badDay');
    },
    get toBeforeFrom() {
      return t('delivery.toBeforeFrom');
    },
    tooLong: (days: number) => t('delivery.tooLong', { days }),
    get onTime() {
      return t('delivery.onTime');
    },
    get onTimeHint() {
      return t('delivery.onTimeHint');
    },
    get utilisation() {
      return t('delivery.utilisation');
    },
    get utilisationHint() {
      return t('delivery.utilisationHint');
    },
    get perTruckHour() {
      return t('delivery.perTruckHour');
    },
    get perTruckHourHint() {
      return t('delivery.perTruckHourHint');
    },
    get stageMinutes() {
      return t('delivery.stageMinutes');
    },
    stage: (key: string) => t(`delivery.stages.${key}`),
    minutes: (value: string) => t('delivery.minutes', { value }),
    stageHeading: (key: string) =>
      t('delivery.stageHeading', { stage: t(`delivery.stages.${key}`) }),
    get byPlant() {
      return t('delivery.byPlant');
    },
    get plant() {
      return t('delivery.plant');
    },
    get noData() {
      return t('delivery.noData');
    },
    get dashMeans() {
      return t('delivery.dashMeans');
    },
    get empty() {
      return t('delivery.empty');
    },
    get emptyHint() {
      return t('delivery.emptyHint');
    },
  },
  errors: {
    get title() {
      return t('errors.title');
    },
    get forbidden() {
      return t('errors.forbidden');
    },
    get retry() {
      return t('errors.retry');
    },
  },
};
