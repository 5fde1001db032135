/**
 * The ids of the seeded lookup rows the demo data refers to. Lookup ids are codes shared with the
 * classic system and reports, so they are fixed here rather than looked up by description.
 */

/** Ticket statuses are the domain's (R-DELIV-1): the delivery state machine moves them. */
export { ticketStatusIds } from '@dispatch/domain/delivery/ticket-status';

export const voidStatusIds = {
  entryError: 1,
  loadRejected: 2,
  duplicate: 3,
  orderCancelled: 4,
} as const;

/** The load statuses are the domain's (R-DISP-2): the web needs them too. */
export { loadStatusIds } from '@dispatch/domain/dispatch/load-status';

export const truckTypeIds = {
  mixer10: 1,
  mixer8: 2,
  tandemDump: 3,
  endDump: 4,
  flatbed: 5,
} as const;

export type TruckTypeId = (typeof truckTypeIds)[keyof typeof truckTypeIds];

export const employeeTypeIds = {
  driver: 1,
  batchman: 2,
  dispatcher: 3,
  salesman: 4,
  office: 5,
  plantManager: 6,
  scaleOperator: 7,
  mechanic: 8,
} as const;

/** Order types are the domain's: pickups deliver when their ticket is saved (R-DELIV-5). */
export { orderTypeIds } from '@dispatch/domain/orders/order-types';

export const reasonIds = {
  regular: 1,
  addOn: 2,
  replacement: 3,
  warranty: 4,
  weather: 6,
  customerCancelled: 7,
  creditHold: 8,
} as const;

export const creditStatusIds = {
  good: 1,
  codOnly: 2,
  hold: 3,
  collections: 4,
} as const;

export const termsDiscountIds = {
  net30: 1,
  twoTenNet30: 2,
  net15: 3,
  dueOnReceipt: 4,
  oneTenNet30: 5,
} as const;

export const shortLoadTypeIds = {
  concreteUnder4: 1,
  concreteUnder6: 2,
  aggregateUnder10: 3,
  none: 4,
} as const;

export const freeShortLoadIds = { none: 1, one: 2, two: 3 } as const;

export const standbyChargeTypeIds = { standard: 1, perMinute: 2, perHour: 3, none: 4 } as const;

export const deliveryChargeTypeIds = {
  standard: 1,
  perTon: 2,
  perLoad: 3,
  perHour: 4,
  byZone: 5,
} as const;

export const printMaterialTypeIds = {
  standard: 1,
  mixDesign: 2,
  descriptionOnly: 3,
  batchWeights: 4,
} as const;

export const usageTypeIds = { perUnit: 1, perLoad: 2, perOrder: 3, perHour: 4 } as const;

export const productTypeIds = {
  concreteMix: 1,
  concreteAdmixture: 2,
  concreteService: 3,
  stone: 10,
  sand: 11,
  fill: 12,
  cmu: 20,
  specialtyBlock: 21,
  blockAccessory: 22,
  surcharge: 90,
} as const;

export const glCategoryIds = {
  concrete: 1,
  aggregate: 2,
  block: 3,
  delivery: 4,
  fees: 5,
} as const;

export const divisionIds = { readyMix: 1, aggregates: 2, masonry: 3 } as const;

export const orderFlagIds = { rush: 1, pumpOnSite: 2, inspector: 3, callAhead: 4 } as const;

/** The truck flags are the domain's (R-DISP-13 refuses a truck that needs washing). */
export { truckFlagIds } from '@dispatch/domain/trucks/truck-flags';

/** Which address decides the sales tax of an order (orders.source_taxing_type). */
export const sourceTaxingTypes = { jobAddress: 1, plantAddress: 2 } as const;

export const demoGroupIds = { concrete: 1001, aggregate: 1002, block: 1003 } as const;
