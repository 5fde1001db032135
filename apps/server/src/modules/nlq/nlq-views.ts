/**
 * R-NLQ-3, R-NLQ-4: the whitelist. The only views (migration 0010) and columns a typed query can
 * reach, by the catalogue's keys. The compiler looks every name up here and refuses what is not
 * listed, whatever the schema let through.
 */
import type { NlqDimension, NlqMeasure, NlqView } from '@dispatch/domain/nlq/nlq-catalogue';

export type ViewDimension =
  | {
      readonly kind: 'entity';
      readonly id: string;
      readonly label: string;
      /** What "by name" sorts by, when not the name (orders by number). */
      readonly sortBy?: string;
    }
  | { readonly kind: 'code'; readonly id: string }
  | { readonly kind: 'period' };

export type ViewSpec = {
  readonly relation: string;
  /** The column the date range and the periods read, and whether it is an instant or a day. */
  readonly date: { readonly column: string; readonly instant: boolean } | null;
  readonly systemType: string;
  readonly dimensions: Readonly<Partial<Record<NlqDimension, ViewDimension>>>;
  /** Each measure as an aggregate over whitelisted columns. */
  readonly measures: Readonly<Partial<Record<NlqMeasure, string>>>;
};

const entity = (id: string, label: string, sortBy?: string): ViewDimension =>
  sortBy ? { kind: 'entity', id, label, sortBy } : { kind: 'entity', id, label };
const period: ViewDimension = { kind: 'period' };

export const nlqViewSpecs: Readonly<Record<NlqView, ViewSpec>> = {
  deliveries: {
    relation: 'nlq_deliveries',
    date: { column: 'delivered_at', instant: true },
    systemType: 'system_type_id',
    dimensions: {
      customer: entity('customer_id', 'customer_name'),
      plant: entity('plant_id', 'plant_name'),
      product: entity('product_id', 'product_name'),
      job: entity('job_id', 'job_name'),
      truck: entity('truck_id', 'truck_name'),
      driver: entity('driver_id', 'driver_name'),
      systemType: { kind: 'code', id: 'system_type_id' },
      day: period,
      week: period,
      month: period,
    },
    measures: {
      cubicYards: 'round(coalesce(sum(cubic_yards), 0), 2)',
      cubicMeters: 'round(coalesce(sum(cubic_yards), 0) * 0.764555, 2)',
      tons: 'round(coalesce(sum(tons), 0), 2)',
      loads: 'count(distinct ticket_id)',
      salesAmount: 'round(coalesce(sum(amount), 0), 2)',
    },
  },
  orders: {
    relation: 'nlq_orders',
    date: { column: 'ship_date', instant: false },
    systemType: 'system_type_id',
    dimensions: {
      customer: entity('customer_id', 'customer_name'),
      plant: entity('plant_id', 'plant_name'),
      job: entity('job_id', 'job_name'),
      order: entity('order_id', 'order_name', 'order_number'),
      orderStatus: { kind: 'code', id: 'order_status_id' },
      systemType: { kind: 'code', id: 'system_type_id' },
      day: period,
      week: period,
      month: period,
    },
    measures: {
      orders: 'count(*)',
      orderedYards: 'round(coalesce(sum(ordered_yards), 0), 2)',
    },
  },
  trucks: {
    relation: 'nlq_trucks',
    date: null,
    systemType: 'system_type_id',
    dimensions: {
      plant: entity('plant_id', 'plant_name'),
      truck: entity('truck_id', 'truck_name'),
      driver: entity('driver_id', 'driver_name'),
      truckStatus: { kind: 'code', id: 'truck_status_id' },
      systemType: { kind: 'code', id: 'system_type_id' },
    },
    measures: { trucks: 'count(*)' },
  },
};
