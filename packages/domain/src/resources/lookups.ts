/**
 * The lookup tables other records pick from. Their ids are codes shared with the classic system,
 * typed by an administrator; their maintenance is for administrators (R-PERM-1), while anyone
 * who can open a form that picks from one may read its pick list (R-PICK-1).
 */
import { systemTypeIds, systemTypes } from '../system-types';
import { defineResource, onceEach, type RecordRule, type ResourceDefinition } from './define';
import { choice, color, count, decimal, flag, money, reference, text, type Field } from './field';

export const systemTypeChoices = systemTypes.map((type) => ({ value: type.id, label: type.name }));

function lookup(input: {
  name: string;
  path: string;
  singular: string;
  plural: string;
  screen?: string;
  extra?: Record<string, Field>;
  filters?: string[];
  children?: Parameters<typeof defineResource>[0]['children'];
  rules?: RecordRule[];
  pickedBy?: readonly string[];
}): ResourceDefinition {
  return defineResource({
    name: input.name,
    path: input.path,
    singular: input.singular,
    plural: input.plural,
    screen: input.screen ?? 'TableEditor',
    admin: true,
    givenId: true,
    labelField: 'description',
    fields: {
      description: text({ label: 'Description', required: true, list: true }),
      ...input.extra,
      inactiveFlag: flag({ label: 'Inactive', list: true }),
    },
    search: ['description'],
    sort: ['description', 'id'],
    defaultSort: 'id',
    ...(input.filters ? { filters: input.filters } : {}),
    ...(input.children ? { children: input.children } : {}),
    ...(input.rules ? { rules: input.rules } : {}),
    ...(input.pickedBy ? { pickedBy: input.pickedBy } : {}),
  });
}

/** The order entry forms, which pick an order's type, reason and flag (R-MAINT-24). */
const orderEntryForms = ['ConcreteOrderEntry', 'AggregateOrderEntry', 'BlockOrderEntry'];

const systemType = () =>
  choice(systemTypeChoices, { label: 'System type', list: true, required: false });

export const lookupResources = [
  lookup({
    name: 'creditStatuses',
    path: 'credit-statuses',
    singular: 'Credit status',
    plural: 'Credit statuses',
    screen: 'CreditStatus',
    extra: {
      holdOrdersFlag: flag({
        label: 'Hold orders',
        hint: 'New orders of a customer in this status go on hold',
        list: true,
      }),
    },
  }),
  lookup({
    name: 'truckTypes',
    path: 'truck-types',
    singular: 'Truck type',
    plural: 'Truck types',
    screen: 'TruckTypeMaintenance',
    extra: { maxLoadQuantity: decimal({ label: 'Maximum load', list: true }) },
  }),
  lookup({
    name: 'termsDiscounts',
    path: 'terms-discounts',
    singular: 'Terms discount',
    plural: 'Terms discounts',
    screen: 'TermsDiscount',
    extra: {
      discountPercent: decimal({ label: 'Discount %', max: 100, scale: 4, default: 0, list: true }),
      discountDays: count({ label: 'Discount days', default: 0, list: true }),
      netDays: count({ label: 'Net days', default: 0, list: true }),
    },
  }),
  lookup({
    name: 'glCategories',
    path: 'gl-categories',
    singular: 'GL category',
    plural: 'GL categories',
    screen: 'GlCategoryMaintenance',
    extra: { glAccountNumber: text({ label: 'GL account', max: 50, list: true }) },
  }),
  lookup({
    name: 'taxSchedules',
    path: 'tax-schedules',
    singular: 'Tax schedule',
    plural: 'Tax schedules',
    screen: 'TaxScheduleMaintenance',
    // The levels (state, county, city, ...) charged together; keyed by schedule and level.
    children: {
      levels: {
        label: 'Tax levels',
        section: 'main',
        fields: { taxLevelId: reference('taxLevels', { label: 'Tax level', required: true }) },
      },
    },
    rules: [onceEach('levels', 'taxLevelId', 'tax level')],
  }),
  lookup({
    name: 'taxLevels',
    path: 'tax-levels',
    singular: 'Tax level',
    plural: 'Tax levels',
    screen: 'TaxLevelMaintenance',
    extra: {
      taxRate: decimal({ label: 'Tax rate %', max: 100, scale: 4, default: 0, list: true }),
      glAccountNumber: text({ label: 'GL account', max: 50, list: true }),
    },
  }),
  lookup({
    name: 'shortLoadTypes',
    path: 'short-load-types',
    singular: 'Short load charge',
    plural: 'Short load charges',
    screen: 'ShortLoadMaintenance',
    // R-MAINT-22: the threshold and charge per system type and plant (none: every plant). The
    // server refuses a second active row for the same system type, plant and threshold, and a
    // plant of another system type (apps/server/src/resources/short-loads-binding.ts).
    extra: {
      systemTypeId: choice(systemTypeChoices, {
        label: 'System type',
        hint: 'The orders of this system type draw the charge',
        required: true,
        default: systemTypeIds.concrete,
        list: true,
      }),
      plantId: reference('plants', {
        label: 'Plant (blank: every plant)',
        hint: 'Leave blank for a charge at every plant of the system type',
        list: true,
        pickBy: { systemTypeId: 'systemTypeId' },
      }),
      minimumQuantity: decimal({
        label: 'Short below',
        hint: 'A load below this quantity is short and draws the charge',
        list: true,
      }),
      charge: money({ label: 'Charge', list: true }),
    },
    filters: ['systemTypeId', 'plantId'],
  }),
  lookup({
    name: 'freeShortLoads',
    path: 'free-short-loads',
    singular: 'Free short load',
    plural: 'Free short loads',
    extra: {
      numberOfFreeLoads: count({ label: 'Free loads', default: 0, list: true }),
    },
  }),
  lookup({
    name: 'standbyChargeTypes',
    path: 'standby-charge-types',
    singular: 'Standby charge type',
    plural: 'Standby charge types',
  }),
  lookup({
    name: 'printMaterialTypes',
    path: 'print-material-types',
    singular: 'Print material type',
    plural: 'Print material types',
  }),
  lookup({ name: 'divisions', path: 'divisions', singular: 'Division', plural: 'Divisions' }),
  lookup({
    name: 'plantColors',
    path: 'plant-colors',
    singular: 'Plant colour',
    plural: 'Plant colours',
    extra: { colorHex: color({ label: 'Colour', required: true, list: true }) },
  }),
  lookup({
    name: 'employeeTypes',
    path: 'employee-types',
    singular: 'Employee type',
    plural: 'Employee types',
  }),
  lookup({ name: 'jobTypes', path: 'job-types', singular: 'Job type', plural: 'Job types' }),
  lookup({
    name: 'zones',
    path: 'zones',
    singular: 'Zone',
    plural: 'Zones',
    extra: { deliveryCharge: money({ label: 'Delivery charge', price: true, list: true }) },
  }),
  lookup({
    name: 'suburbs',
    path: 'suburbs',
    singular: 'Suburb',
    plural: 'Suburbs',
    extra: {
      zoneId: reference('zones', { label: 'Zone', list: true }),
      postalCode: text({ label: 'Postal code', max: 20, list: true }),
    },
    filters: ['zoneId'],
  }),
  lookup({
    name: 'productTypes',
    path: 'product-types',
    singular: 'Product type',
    plural: 'Product types',
    extra: { systemTypeId: systemType() },
    filters: ['systemTypeId'],
  }),
  lookup({
    name: 'reasons',
    path: 'reasons',
    singular: 'Reason',
    plural: 'Reasons',
    pickedBy: orderEntryForms,
  }),
  lookup({
    name: 'orderTypes',
    path: 'order-types',
    singular: 'Order type',
    plural: 'Order types',
    extra: { systemTypeId: systemType() },
    filters: ['systemTypeId'],
    pickedBy: orderEntryForms,
  }),
  lookup({
    name: 'orderFlags',
    path: 'order-flags',
    singular: 'Order flag',
    plural: 'Order flags',
    extra: { colorHex: color({ label: 'Colour', list: true }) },
    pickedBy: orderEntryForms,
  }),
  lookup({
    name: 'usageTypes',
    path: 'usage-types',
    singular: 'Usage type',
    plural: 'Usage types',
  }),
  lookup({
    name: 'truckFlags',
    path: 'truck-flags',
    singular: 'Truck flag',
    plural: 'Truck flags',
    extra: { colorHex: color({ label: 'Colour', list: true }) },
  }),
];
