/**
 * Static products (R-MAINT-23): products added to every order or ticket of a system type, such as
 * an environmental fee, at this quantity per order or ticket. Picked among the other products
 * (fees and surcharges) of the row's system type; the server refuses a product of another system
 * type (apps/server/src/resources/static-products.ts), and a product listed twice for one system
 * type (the table's unique key). Administrators only; the ids are generated.
 */
import { systemTypeIds } from '../system-types';
import { defineResource } from './define';
import { choice, decimal, flag, reference } from './field';
import { systemTypeChoices } from './lookups';

export const staticProductResource = defineResource({
  name: 'staticProducts',
  path: 'static-products',
  singular: 'Static product',
  plural: 'Static products',
  screen: 'StaticProducts',
  admin: true,
  labelField: 'productId',
  fields: {
    systemTypeId: choice(systemTypeChoices, {
      label: 'System type',
      hint: 'Its orders and tickets get the product',
      required: true,
      default: systemTypeIds.concrete,
      list: true,
    }),
    productId: reference('otherProducts', {
      label: 'Product',
      hint: 'A fee or surcharge of the same system type',
      required: true,
      list: true,
      pickBy: { systemTypeId: 'systemTypeId' },
    }),
    quantity: decimal({ label: 'Quantity', hint: 'Per order or ticket', default: 1, list: true }),
    addToOrders: flag({ label: 'Add to orders', default: true, list: true }),
    addToTickets: flag({ label: 'Add to tickets', default: true, list: true }),
    inactiveFlag: flag({ label: 'Inactive', list: true }),
  },
  search: ['productId'],
  sort: ['systemTypeId', 'productId', 'quantity', 'id'],
  defaultSort: 'systemTypeId',
  filters: ['systemTypeId', 'productId', 'addToOrders', 'addToTickets'],
});
