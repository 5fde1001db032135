/**
 * Order types (order_types): per system type, delivered, pickup (FOB) and a third kind (pump
 * pour, rail, return). Their ids are codes shared with the classic system and reports.
 */
export const orderTypeIds = {
  concreteDelivery: 1,
  concreteCashSale: 2,
  concretePump: 3,
  aggregateDelivery: 4,
  aggregatePickup: 5,
  aggregateRail: 6,
  blockDelivery: 7,
  blockPickup: 8,
  blockReturn: 9,
  concretePickup: 10,
} as const;

/** The customer takes the material at the plant: no truck of ours carries it (R-DELIV-5). */
export const pickupOrderTypeIds: readonly number[] = [
  orderTypeIds.concreteCashSale,
  orderTypeIds.aggregatePickup,
  orderTypeIds.blockPickup,
  orderTypeIds.concretePickup,
];
