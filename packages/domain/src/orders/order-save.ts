/**
 * R-VALID-6..7: what an order needs before it is saved. The rules extend the R-ENTITY-14 order
 * (order entry applies them, order-entry.ts), so the form, the route and the types share one
 * definition.
 */
import type { z } from 'zod';
import { emailCsvSchema } from '../email-list';
import { fieldLabels } from '../forms/field-labels';
import { required, requiredMessage } from '../forms/required';
import { isSystemTypeId, systemTypeIds } from '../system-types';
import { orderSchema } from './order';

const order = orderSchema.shape;

/** Block orders do without these; concrete and aggregate orders need them. */
const orderFieldsRequiredUnlessBlock = [
  'freeShortLoadId',
  'shortLoadTypeId',
  'printMaterialTypeId',
] as const;

/** What R-VALID-6 makes required, with the labels of its messages (and R-VALID-13's email list). */
export const orderSaveFields = {
  customerId: required(order.customerId, fieldLabels.customerId),
  customerPoNumber: required(order.customerPoNumber, fieldLabels.customerPoNumber),
  orderDate: required(order.orderDate, fieldLabels.orderDate),
  shipDate: required(order.shipDate, fieldLabels.shipDate),
  orderStatusId: required(order.orderStatusId, fieldLabels.orderStatusId),
  orderTypeId: required(order.orderTypeId, fieldLabels.orderTypeId),
  plantId: required(order.plantId, fieldLabels.plantId),
  reasonId: required(order.reasonId, fieldLabels.reasonId),
  sourceTaxingType: required(order.sourceTaxingType, fieldLabels.sourceTaxingType),
  standbyChargeTypeId: required(order.standbyChargeTypeId, fieldLabels.standbyChargeTypeId),
  uploadMixToBatchPanel: required(order.uploadMixToBatchPanel, fieldLabels.uploadMixToBatchPanel),
  imperialFlag: required(order.imperialFlag, fieldLabels.imperialFlag),
  invoicedFlag: required(order.invoicedFlag, fieldLabels.invoicedFlag),
  chargeOrderFlag: required(order.chargeOrderFlag, fieldLabels.chargeOrderFlag),
  orderVerifiedFlag: required(order.orderVerifiedFlag, fieldLabels.orderVerifiedFlag),
  blockReturnOrderFlag: required(order.blockReturnOrderFlag, fieldLabels.blockReturnOrderFlag),
  emailAddressCsv: emailCsvSchema.default(''),
};

type NonBlockFields = {
  systemTypeId: unknown;
} & Record<(typeof orderFieldsRequiredUnlessBlock)[number], unknown>;

/**
 * R-VALID-7 as a refinement, shared by every schema that saves an order (zod cannot extend or omit
 * a refined object, so the order entry schema applies it again on its own shape).
 */
export function requireUnlessBlock(value: NonBlockFields, ctx: z.RefinementCtx): void {
  // Runs even when other fields failed, so the form shows every missing field at once.
  if (!isSystemTypeId(value.systemTypeId) || value.systemTypeId === systemTypeIds.block) return;
  for (const field of orderFieldsRequiredUnlessBlock) {
    if (value[field] === null) {
      ctx.addIssue({
        code: 'custom',
        path: [field],
        message: requiredMessage(fieldLabels[field]),
        input: value[field],
      });
    }
  }
}
