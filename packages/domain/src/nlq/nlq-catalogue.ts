/**
 * The natural-language query's vocabulary of data (R-NLQ-3): the only views a question can reach,
 * what can be measured over each, and what each can be broken down and filtered by. The typed
 * query (nlq-query.ts) names these keys and nothing else; the server maps each key to a column of
 * its whitelisted read-only views, so a question can never reach another table or column.
 */

export const nlqViews = ['deliveries', 'orders', 'trucks'] as const;
export type NlqView = (typeof nlqViews)[number];

export type NlqMeasureSpec = {
  readonly view: NlqView;
  /** The measure shows prices: refused to levels that hide them (R-NLQ-6). */
  readonly priced: boolean;
  /** Counted things are whole numbers; quantities and amounts keep two decimals. */
  readonly kind: 'count' | 'quantity' | 'amount';
};

/** What a question can ask for (R-NLQ-3). */
export const nlqMeasures = {
  cubicYards: { view: 'deliveries', priced: false, kind: 'quantity' },
  cubicMeters: { view: 'deliveries', priced: false, kind: 'quantity' },
  tons: { view: 'deliveries', priced: false, kind: 'quantity' },
  loads: { view: 'deliveries', priced: false, kind: 'count' },
  salesAmount: { view: 'deliveries', priced: true, kind: 'amount' },
  orders: { view: 'orders', priced: false, kind: 'count' },
  orderedYards: { view: 'orders', priced: false, kind: 'quantity' },
  trucks: { view: 'trucks', priced: false, kind: 'count' },
} as const satisfies Record<string, NlqMeasureSpec>;

export type NlqMeasure = keyof typeof nlqMeasures;
export const nlqMeasureKeys = Object.keys(nlqMeasures) as [NlqMeasure, ...NlqMeasure[]];

/**
 * How a dimension's values are named: entities by their names from the database, codes (statuses,
 * system types) by a fixed key the screen translates, periods by their first day.
 */
export type NlqDimensionKind = 'entity' | 'code' | 'period';

export type NlqDimensionSpec = {
  readonly kind: NlqDimensionKind;
  readonly views: readonly NlqView[];
};

/** What answers can be broken down and filtered by (R-NLQ-3). */
export const nlqDimensions = {
  customer: { kind: 'entity', views: ['deliveries', 'orders'] },
  plant: { kind: 'entity', views: ['deliveries', 'orders', 'trucks'] },
  product: { kind: 'entity', views: ['deliveries'] },
  job: { kind: 'entity', views: ['deliveries', 'orders'] },
  truck: { kind: 'entity', views: ['deliveries', 'trucks'] },
  driver: { kind: 'entity', views: ['deliveries', 'trucks'] },
  order: { kind: 'entity', views: ['orders'] },
  orderStatus: { kind: 'code', views: ['orders'] },
  truckStatus: { kind: 'code', views: ['trucks'] },
  systemType: { kind: 'code', views: ['deliveries', 'orders', 'trucks'] },
  day: { kind: 'period', views: ['deliveries', 'orders'] },
  week: { kind: 'period', views: ['deliveries', 'orders'] },
  month: { kind: 'period', views: ['deliveries', 'orders'] },
} as const satisfies Record<string, NlqDimensionSpec>;

export type NlqDimension = keyof typeof nlqDimensions;
export const nlqDimensionKeys = Object.keys(nlqDimensions) as [NlqDimension, ...NlqDimension[]];

/** Periods break answers down by time; they are not filters (the date range is). */
export const nlqPeriodDimensions = ['day', 'week', 'month'] as const;
export type NlqPeriod = (typeof nlqPeriodDimensions)[number];

export type NlqFilterField = Exclude<NlqDimension, NlqPeriod>;
export const nlqFilterFields = nlqDimensionKeys.filter(
  (key): key is NlqFilterField => nlqDimensions[key].kind !== 'period',
) as [NlqFilterField, ...NlqFilterField[]];

/** The entity dimensions whose names the parser matches against the database (fuzzy). */
export const nlqEntityKinds = ['customer', 'plant', 'product', 'job', 'truck', 'driver'] as const;
export type NlqEntityKind = (typeof nlqEntityKinds)[number];

/** Views that have a date to restrict by (deliveries by ticket time, orders by ship date). */
export const nlqDatedViews: readonly NlqView[] = ['deliveries', 'orders'];

export function measureView(measure: NlqMeasure): NlqView {
  return nlqMeasures[measure].view;
}

export function dimensionInView(dimension: NlqDimension, view: NlqView): boolean {
  return (nlqDimensions[dimension].views as readonly NlqView[]).includes(view);
}

export function isPeriod(dimension: NlqDimension): dimension is NlqPeriod {
  return nlqDimensions[dimension].kind === 'period';
}

/** The measures of one view, in catalogue order (the screen's measure select). */
export function measuresOfView(view: NlqView): NlqMeasure[] {
  return nlqMeasureKeys.filter((measure) => nlqMeasures[measure].view === view);
}

/** The dimensions of one view, in catalogue order (the screen's dimension select). */
export function dimensionsOfView(view: NlqView): NlqDimension[] {
  return nlqDimensionKeys.filter((dimension) => dimensionInView(dimension, view));
}

/**
 * A list rather than a sum: trucks or orders one by one (the measure counts 1 on each row, so the
 * screen leaves it out).
 */
export function isNlqListing(view: NlqView, dimensions: readonly NlqDimension[]): boolean {
  return view !== 'deliveries' && (dimensions[0] === 'truck' || dimensions[0] === 'order');
}

/** Conversion of delivered cubic yards to cubic metres (the metric measure). */
export const cubicMetersPerCubicYard = 0.764555;

/** The most rows one answer holds, whatever the question asks (R-NLQ-5). */
export const nlqMaxRows = 500;
/** Rows an answer holds when the question names no number. */
export const nlqDefaultRows = 50;
/** The most dimensions one answer is broken down by. */
export const nlqMaxDimensions = 2;
/** The most values one filter lists. */
export const nlqMaxFilterValues = 20;
