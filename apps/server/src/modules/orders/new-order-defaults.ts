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
import { validationError } from '../../http/api-error';
import type { StaticProductLine } from '../../resources/static-products';
import type { CustomerPricingDefaults } from './order-pricing';

/**
 * `defaults` and `statics` are read by order entry with the order's other references, in one
 * statement (`readReferences`): the customer's pricing defaults in effect on the ship date and
 * the system type's static products for orders.
 */
export function withNewOrderDefaults(
  given: OrderEntryCreate,
  read: {
    defaults: CustomerPricingDefaults | undefined;
    statics: readonly Pick<StaticProductLine, 'productId' | 'quantity'>[];
  },
): OrderEntry {
  const { defaults } = read;
  const charged = withCustomerChargeDefaults(given, defaults);
  const statics = read.statics.map((line) => ({
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
