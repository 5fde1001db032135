/**
 * The truck flags (`truck_flags`) whose meaning the rules rely on. Their ids are codes shared with
 * the classic system and its reports, so they are fixed here rather than looked up by description;
 * the seeded rows carry their descriptions and colours.
 */
export const truckFlagIds = {
  /** R-DISP-13: the drum needs washing out before the truck takes a load. */
  needsWash: 1,
  lowFuel: 2,
  maintenanceDue: 3,
  trainee: 4,
} as const;
