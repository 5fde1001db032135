/**
 * A new order's defaults from the database (R-ORD-20, R-ORD-21): the customer's pricing defaults
 * for the system type in effect on the ship date (R-PRICE-3) fill the charge types the caller left
 * out, and the system type's automatic static products (R-MAINT-23) join each schedule as extra
 * lines. The rules are the domain's (`@dispatch/domain/orders/new-order-defaults`); the order is
 * then checked as order entry checks every order (R-VALID-6..9), with R-CONST-9 for what is left.
 */
import {
  missingStaticProducts,
  withCustomerChargeDefaults,
} from '@dispatch/domain/orders/new-order-defaults';
import {
  orderEntrySchema,
  type OrderEntry,
  type OrderEntryCreate,
} from '@dispatch/domain/orders/order-entry';
import type { Tx } from '../../db/client';
import { validationError } from '../../http/api-error';
import { staticProductsFor } from '../../resources/static-products';
import { customerDefaultsOn } from './order-pricing';

export async function withNewOrderDefaults(tx: Tx, given: OrderEntryCreate): Promise<OrderEntry> {
  const defaults = await customerDefaultsOn(tx, {
    customerId: given.customerId,
    systemTypeId: given.systemTypeId,
    shipDate: given.shipDate.slice(0, 10),
  });
  const charged = withCustomerChargeDefaults(given, defaults);
  const statics = (await staticProductsFor(tx, given.systemTypeId, 'order')).map((line) => ({
    productId: line.productId,
    quantity: line.quantity,
  }));
  const filled = {
    ...charged,
    schedules: charged.schedules.map((form) => ({
      ...form,
      extraProducts: [
        ...form.extraProducts,
        // Unpriced: order pricing prices them on save (R-ORD-10); unit and tax are the product's.
        ...missingStaticProducts(form, statics).map((line) => ({
          productId: line.productId,
          quantity: line.quantity,
          systemTypeId: given.systemTypeId,
        })),
      ],
    })),
  };
  const parsed = orderEntrySchema.safeParse(filled);
  if (!parsed.success) {
    throw validationError(
      parsed.error.issues.map((issue) => ({
        field: issue.path.join('.') || 'body',
        reason: issue.message,
      })),
    );
  }
  return parsed.data;
}
