/** Request and response shapes of the plant routes, built from the domain's plant schemas. */
import { z } from 'zod';
import { text, textLength } from '@dispatch/domain/entities/fields';
import {
  aggregatePitSchema,
  concretePlantSchema,
  plantSchema,
} from '@dispatch/domain/entities/plant';
import { listQuery } from '../../http/list-query';
import {
  moneyAmount,
  nextNumber,
  optionalReferenceId,
  patchShape,
  quantityAmount,
  queryFlag,
  rateAmount,
  smallCount,
  versionField,
  wholeCount,
} from '../../http/write-fields';

const minutes = () => wholeCount.nullable().default(null);
const fleetSize = () => smallCount.default(0);

/** What a client may set on a plant: everything but the id and the times the server keeps. */
export const plantWriteSchema = plantSchema
  .omit({ id: true, modifiedOn: true, lastBatchPanelInventory: true })
  .extend({
    description: text(textLength.name).trim().min(1, 'is required'),
    radius: z.number().min(0).nullable().default(null),
    divisionId: optionalReferenceId,
    batchmanId: optionalReferenceId,
    plantColorId: optionalReferenceId,
    printTicketMethod: smallCount.nullable().default(null),
    fleetSizeSunday: fleetSize(),
    fleetSizeMonday: fleetSize(),
    fleetSizeTuesday: fleetSize(),
    fleetSizeWednesday: fleetSize(),
    fleetSizeThursday: fleetSize(),
    fleetSizeFriday: fleetSize(),
    fleetSizeSaturday: fleetSize(),
    batchTime: minutes(),
    callInSpaceTime: minutes(),
    inYardWashTime: minutes(),
    onJobWashTime: minutes(),
    warmupTime: minutes(),
    truckCostHour: moneyAmount.nullable().default(null),
    truckProductivityFactor: rateAmount.nullable().default(null),
    fixedCostQty: quantityAmount.nullable().default(null),
    nextWorkOrderNumber: nextNumber.default(1),
    priceAdjustment: moneyAmount.default(0),
  });

export const concretePlantWriteSchema = concretePlantSchema.omit({ plantId: true }).extend({
  numberOfAlleys: smallCount.min(1).default(1),
  nextTicketNumber: nextNumber.default(1),
});

export const aggregatePitWriteSchema = aggregatePitSchema.omit({ plantId: true }).extend({
  fuelSurChage: moneyAmount.nullable().default(null),
  nextTicketNumber: nextNumber.default(1),
  nextBillOfLadingNumber: nextNumber.default(1),
});

export const createPlantBody = plantWriteSchema.extend({
  concretePlant: concretePlantWriteSchema.optional(),
  aggregatePit: aggregatePitWriteSchema.optional(),
});
export type CreatePlantBody = z.infer<typeof createPlantBody>;

export const updatePlantBody = z.object({
  ...patchShape(plantWriteSchema.shape),
  concretePlant: z.object(patchShape(concretePlantWriteSchema.shape)).optional(),
  aggregatePit: z.object(patchShape(aggregatePitWriteSchema.shape)).optional(),
  /** The version the client read; a stale one is refused with 409. */
  version: versionField,
});
export type UpdatePlantBody = z.infer<typeof updatePlantBody>;

/** Price fields (domain pricing.ts) are optional: they are removed for levels that hide prices. */
const pricedPlant = plantSchema.partial({ truckCostHour: true, priceAdjustment: true });

export const plantListItemSchema = pricedPlant.extend({ version: z.int() });
export type PlantListItem = z.infer<typeof plantListItemSchema>;

export const plantDetailSchema = plantListItemSchema.extend({
  concretePlant: concretePlantSchema.nullable(),
  aggregatePit: aggregatePitSchema.partial({ fuelSurChage: true }).nullable(),
});
export type PlantDetail = z.infer<typeof plantDetailSchema>;

export { plantLiveViewSchema, type PlantLiveView } from '@dispatch/domain/entities/plant';

export const plantSortColumns = ['description', 'id', 'systemTypeId'] as const;
export type PlantSortColumn = (typeof plantSortColumns)[number];

export const plantListQuery = listQuery(plantSortColumns).extend({
  systemTypeId: z.coerce.number().int().min(1).max(3).optional(),
  /** Inactive plants are left out unless asked for. */
  includeInactive: queryFlag.default(false),
  isRail: queryFlag.optional(),
});
export type PlantListQuery = z.infer<typeof plantListQuery>;
