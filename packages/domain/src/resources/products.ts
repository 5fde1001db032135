/**
 * Products, one resource per maintenance screen (R-MAINT-15), all over the one products table:
 *
 * - concrete, aggregate and block products: the products of that system type, each screen tied
 *   to its system type (the server never sends a caller products of system types they lack);
 * - other products: the fees and surcharges every system type charges (fuel surcharge,
 *   environmental fee, haul, boom unloading). **The rule: a product is "other" when its product
 *   type belongs to no system type** (product_types.system_type_id is null). An administrator
 *   decides which types those are in the product types table; the system type screens never
 *   show them and the other screen shows nothing else. A product with no product type stays
 *   with its system type. Admixtures and services have a concrete product type, so they are
 *   concrete products (sold with the concrete they go into).
 *
 * Every product keeps its system type (an other product too: each system type prices its own
 * fees), and its number is unique within it.
 */
import { systemTypeChoices } from './lookups';
import { defineResource, type Section } from './define';
import { choice, flag, money, reference, text, type Field } from './field';

/** The product types of no system type: what an other product is (see above). */
export const otherProductTypeResource = defineResource({
  name: 'otherProductTypes',
  path: 'other-product-types',
  singular: 'Other product type',
  plural: 'Other product types',
  // A view of the product types table for the other products' pick list; administrators
  // maintain product types in the table editor (productTypes, leaving the system type empty).
  admin: true,
  givenId: true,
  labelField: 'description',
  fields: {
    description: text({ label: 'Description', required: true, list: true }),
    inactiveFlag: flag({ label: 'Inactive', list: true }),
  },
  search: ['description'],
  sort: ['description', 'id'],
  defaultSort: 'id',
});

/** Edit Tickets and Batch Edit Tickets change a ticket's product (R-TEDIT-2, R-TEDIT-5). */
const ticketEditing = ['EditTickets', 'BatchEditTickets'] as const;
/** Ticket inquiry searches by product (R-INQ-2); the reports filter by product (R-RPT-51). */
const inquiring = ['TicketInquiry', 'Reports'] as const;

const orderEntry = {
  concrete: ['ConcreteOrderEntry', 'ConcreteQuickSale', 'ConcreteTicketEntry'],
  aggregate: ['AggregateOrderEntry', 'AggregateQuickSale', 'AggregateTicketEntry'],
  block: ['BlockOrderEntry', 'BlockTicketEntry'],
} as const;

function productFields(other: boolean): Record<string, Field> {
  return {
    number: text({ label: 'Number', required: true, max: 20, list: true, numbered: true }),
    description: text({ label: 'Description', required: true, list: true }),
    ...(other
      ? {
          systemTypeId: choice(systemTypeChoices, {
            label: 'System type',
            hint: 'The system type whose orders charge it',
            required: true,
            list: true,
          }),
          productTypeId: reference('otherProductTypes', {
            label: 'Product type',
            hint: 'A product type of no system type: fees and surcharges',
            required: true,
            list: true,
          }),
        }
      : { productTypeId: reference('productTypes', { label: 'Product type', list: true }) }),
    unitOfMeasureId: reference('unitsOfMeasure', {
      label: 'Unit of measure',
      hint: 'The unit it is ordered, priced and ticketed in',
      required: true,
      list: true,
    }),
    price: money({ label: 'Price', hint: 'Per unit of measure', price: true, list: true }),
    taxableFlag: flag({ label: 'Taxable', default: true, list: true }),
    rawMaterialId: reference('rawMaterials', {
      label: 'Raw material',
      hint: 'Selling the product draws down this raw material (aggregate sold from its pile)',
    }),
    glCategoryId: reference('glCategories', { label: 'GL category', list: true }),
    inactiveFlag: flag({ label: 'Inactive', list: true }),
  };
}

function productResource(input: {
  name: string;
  path: string;
  singular: string;
  plural: string;
  screen: string;
  pickedBy: readonly string[];
  other?: boolean;
  sections?: readonly Section[];
}) {
  const other = input.other ?? false;
  return defineResource({
    name: input.name,
    path: input.path,
    singular: input.singular,
    plural: input.plural,
    screen: input.screen,
    pickedBy: input.pickedBy,
    labelField: 'description',
    numberField: 'number',
    fields: productFields(other),
    search: ['number', 'description'],
    sort: ['number', 'description', 'id'],
    defaultSort: 'number',
    filters: [...(other ? ['systemTypeId'] : []), 'productTypeId', 'glCategoryId', 'taxableFlag'],
    ...(input.sections ? { sections: input.sections } : {}),
  });
}

export const concreteProductResource = productResource({
  name: 'concreteProducts',
  path: 'concrete-products',
  singular: 'Concrete product',
  plural: 'Concrete products',
  screen: 'ConcreteProductMaintenance',
  pickedBy: [...orderEntry.concrete, 'QuoteMaintenance', ...ticketEditing, ...inquiring],
  // The web adds the product's mix designs per plant on their own tab (concreteMixes).
  sections: [
    { key: 'main', label: 'General' },
    { key: 'mixes', label: 'Mixes' },
  ],
});

export const aggregateProductResource = productResource({
  name: 'aggregateProducts',
  path: 'aggregate-products',
  singular: 'Aggregate product',
  plural: 'Aggregate products',
  screen: 'AggregateProductMaintenance',
  pickedBy: [...orderEntry.aggregate, 'QuoteMaintenance', ...ticketEditing, ...inquiring],
});

export const blockProductResource = productResource({
  name: 'blockProducts',
  path: 'block-products',
  singular: 'Block product',
  plural: 'Block products',
  screen: 'BlockProductMaintenance',
  pickedBy: [...orderEntry.block, 'QuoteMaintenance', ...ticketEditing, ...inquiring],
});

export const otherProductResource = productResource({
  name: 'otherProducts',
  path: 'other-products',
  singular: 'Other product',
  plural: 'Other products',
  screen: 'OtherProductMaintenance',
  pickedBy: [
    ...orderEntry.concrete,
    ...orderEntry.aggregate,
    ...orderEntry.block,
    'QuoteMaintenance',
  ],
  other: true,
});

export const productResources = [
  concreteProductResource,
  aggregateProductResource,
  blockProductResource,
  otherProductResource,
  otherProductTypeResource,
];
