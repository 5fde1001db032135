/**
 * R-ENTITY-13: a concrete mix design and its raw materials. Strength is psi or MPa, slump inches or
 * millimetres and air a percentage, following the order's imperial flag.
 */
import { z } from 'zod';
import { unitIdSchema } from '../units';
import {
  amountSchema,
  flag,
  idSchema,
  optionalAmountSchema,
  optionalCountSchema,
  optionalIdSchema,
  optionalText,
  textLength,
} from './fields';

export const mixRawMaterialSchema = z.object({
  productId: idSchema,
  productNumber: optionalText(textLength.code),
  description: optionalText(textLength.name),
  /** Quantity per unit of mix (per cubic yard or cubic metre). */
  quantity: amountSchema.nonnegative(),
  unitOfMeasure: unitIdSchema.nullable().default(null),
});
export type MixRawMaterial = z.infer<typeof mixRawMaterialSchema>;

export const concreteMixSchema = z.object({
  id: idSchema,
  plantId: optionalIdSchema,
  description: optionalText(textLength.name),
  strength: optionalAmountSchema,
  slump: optionalAmountSchema,
  air: optionalAmountSchema,
  aggregateSize: optionalText(textLength.code),
  cementType: optionalText(textLength.code),
  maxLoadSize: optionalAmountSchema,
  maxExtraWaterGallons: optionalAmountSchema,
  mixerSeconds: optionalCountSchema,
  sackEquivalent: optionalAmountSchema,
  waterToCementRatio: optionalAmountSchema,
  applyAdmixDosageFactor: flag(),
  inactiveFlag: flag(),
  rawMaterials: z.array(mixRawMaterialSchema).default([]),
});
export type ConcreteMix = z.infer<typeof concreteMixSchema>;
