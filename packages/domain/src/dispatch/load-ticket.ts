/**
 * R-DISP-6: what a dispatched load's ticket carries from its schedule: each of the schedule's
 * products for this load's share, and for concrete the most water the driver may add on site.
 */

export type ScheduleLine = {
  quantity: number;
  primaryFlag: boolean;
};

/**
 * The quantity of a schedule line on one load's ticket: the primary product (the mix, the
 * aggregate, the block) is the load itself; an extra product goes in proportion to the primary
 * product's quantity (fibre by the yard, for instance), to 3 decimals.
 */
export function loadLineQuantity(
  line: ScheduleLine,
  loadQuantity: number,
  primaryQuantity: number,
): number {
  if (line.primaryFlag) return loadQuantity;
  if (primaryQuantity <= 0) return 0;
  return Math.round((line.quantity * loadQuantity * 1000) / primaryQuantity) / 1000;
}

/**
 * The most water that may be added on site (ASTM C94 asks the ticket to say it): the mix's
 * allowance per unit times the load, to the half gallon; null when the mix sets none.
 */
export function allowedWaterGallons(
  perUnit: number | null | undefined,
  loadQuantity: number,
): number | null {
  if (perUnit === null || perUnit === undefined) return null;
  return Math.round(perUnit * loadQuantity * 2) / 2;
}
