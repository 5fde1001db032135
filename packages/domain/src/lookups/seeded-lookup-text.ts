/**
 * The English text of the lookup rows every database is seeded with, by resource and id: the seed
 * writes them from here, and the web shows a row whose text is still this one in the user's
 * language (a row an administrator renamed shows as written).
 */
export const seededLookupText = {
  orderTypes: {
    1: 'Concrete delivery',
    2: 'Concrete cash sale',
    3: 'Concrete pump pour',
    4: 'Aggregate delivery',
    5: 'Aggregate pickup (FOB plant)',
    6: 'Aggregate rail shipment',
    7: 'Block delivery',
    8: 'Block pickup (FOB plant)',
    9: 'Block return',
    10: 'Concrete pickup (FOB plant)',
  },
  orderFlags: {
    1: 'Rush',
    2: 'Pump on site',
    3: 'Inspector on site',
    4: 'Call before delivery',
  },
  reasons: {
    1: 'Regular order',
    2: 'Add-on to a pour in progress',
    3: 'Replacement load',
    4: 'Warranty - no charge',
    5: 'Sample for testing',
    6: 'Rescheduled for weather',
    7: 'Cancelled by customer',
    8: 'Held for credit',
  },
  creditStatuses: {
    1: 'Good standing',
    2: 'COD only',
    3: 'Credit hold',
    4: 'In collections',
  },
  termsDiscounts: {
    1: 'Net 30',
    2: '2% 10, net 30',
    3: 'Net 15',
    4: 'Due on receipt',
    5: '1% 10, net 30',
  },
  truckFlags: {
    1: 'Needs wash',
    2: 'Low fuel',
    3: 'Maintenance due',
    4: 'Trainee driver',
  },
  jobTypes: {
    0: 'None',
    1: 'Residential',
    2: 'Commercial',
    3: 'Public works',
    4: 'Industrial',
    5: 'Agricultural',
  },
  standbyChargeTypes: {
    1: 'Standard standby',
    2: 'Per minute after free time',
    3: 'Per hour after free time',
    4: 'No standby charge',
  },
  shortLoadTypes: {
    1: 'Concrete under 4 yd',
    2: 'Concrete under 6 yd',
    3: 'Aggregate under 10 t',
    4: 'No short load charge',
  },
  freeShortLoads: {
    1: 'No free short loads',
    2: 'One free short load per order',
    3: 'Two free short loads per order',
  },
  glCategories: {
    1: 'Ready-mix concrete sales',
    2: 'Aggregate sales',
    3: 'Masonry block sales',
    4: 'Delivery and fuel charges',
    5: 'Fees and surcharges',
  },
  truckTypes: {
    1: 'Mixer 10 yd',
    2: 'Mixer 8 yd',
    3: 'Tandem dump (15 t)',
    4: 'End dump trailer (24 t)',
    5: 'Flatbed with boom (12 cubes)',
  },
  // The counties' levels are place names, shown as written (as in the tax schedules' names).
  taxLevels: {
    1: 'Ohio state sales tax',
  },
  printMaterialTypes: {
    1: 'Standard',
    2: 'Print mix design',
    3: 'Product description only',
    4: 'Print batch weights',
  },
  divisions: {
    1: 'Ready-mix concrete',
    2: 'Aggregates',
    3: 'Masonry products',
  },
  plantColors: {
    1: 'Blue',
    2: 'Green',
    3: 'Orange',
    4: 'Purple',
    5: 'Red',
    6: 'Teal',
    7: 'Yellow',
    8: 'Grape',
  },
  employeeTypes: {
    1: 'Driver',
    2: 'Batchman',
    3: 'Dispatcher',
    4: 'Salesman',
    5: 'Office',
    6: 'Plant manager',
    7: 'Scale operator',
    8: 'Mechanic',
  },
} satisfies Record<string, Record<number, string>>;

export type SeededLookupResource = keyof typeof seededLookupText;
