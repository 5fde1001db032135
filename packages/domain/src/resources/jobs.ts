/**
 * Jobs (R-MAINT-9, R-ENTITY-8, R-RES-1): a customer's delivery site, with its tax, credit, plant,
 * quote and map position. The rules of R-VALID-11: a position is both coordinates or neither
 * (here, so the form shows it too), and with the system parameter requireJobAddresses357 on,
 * address lines 3, 5 and 7 are required (R-VALID-11: on the server, which reads the parameter).
 * R-VALID-12: customerId, jobTypeId, the four flags and the modification time are never null; a
 * write or a job as read with null there is told 'Job contains a null value at <field>'.
 */
import { nullValueMessage } from '../forms/required';
import { defineResource, type RecordRule } from './define';
import { flag, latitude, longitude, money, phone, reference, text, type Field } from './field';

/** The forms that pick a job besides the ones that refer to it (R-PICK-1). */
const jobPickers = [
  'ConcreteOrderEntry',
  'AggregateOrderEntry',
  'BlockOrderEntry',
  'ConcreteQuickSale',
  'AggregateQuickSale',
  // A ticket's job is corrected on them (R-TEDIT-2, R-TEDIT-5).
  'EditTickets',
  'BatchEditTickets',
  // R-INQ-2, R-INQ-7: the inquiries search by job.
  'TicketInquiry',
  'InvoiceInquiry',
];

/**
 * The site's seven address lines (1 street, 2 site name, 3 city, 4 directions, 5 state, 6 county,
 * 7 ZIP code); the street and the city are list columns.
 */
function jobAddressLines(): Record<string, Field> {
  const labels = ['Street', 'Site', 'City', 'Directions', 'State', 'County', 'ZIP code'];
  return Object.fromEntries(
    labels.map((label, index) => [
      `address${index + 1}`,
      text({
        label: `Address line ${index + 1} (${label.toLowerCase()})`,
        list: index === 0 || index === 2,
        section: 'site',
      }),
    ]),
  );
}

/** The message of R-VALID-11, shared with the server's check. */
export const jobAddressRequiredReason = 'is required when job addresses 3, 5 and 7 are required';

/** The address lines R-VALID-11 requires when the system parameter is on. */
export const requiredJobAddressLines = ['address3', 'address5', 'address7'] as const;

/**
 * R-VALID-12's text for a never-null field of a job. gpsLat and gpsLon are on the spec's list too,
 * but their default is "empty" (R-ENTITY-8), which this product carries as null: a site not located
 * yet. Project decision: the rule holds them to R-VALID-19 instead (both or neither).
 */
function neverNull(field: string): string {
  return nullValueMessage('Job', field);
}

/** A site is located by both coordinates or by neither (the jobs table's check, on the field). */
const positionIsAPair: RecordRule = (record) => {
  const hasLat = typeof record.gpsLat === 'number';
  const hasLon = typeof record.gpsLon === 'number';
  if (hasLat === hasLon) return [];
  return hasLat
    ? [{ field: 'gpsLon', reason: 'is required with a latitude' }]
    : [{ field: 'gpsLat', reason: 'is required with a longitude' }];
};

export const jobResource = defineResource({
  name: 'jobs',
  path: 'jobs',
  singular: 'Job',
  plural: 'Jobs',
  screen: 'JobMaintenance',
  pickedBy: jobPickers,
  labelField: 'address1',
  numberField: 'number',
  fields: {
    customerId: reference('customers', {
      label: 'Customer',
      required: true,
      list: true,
      nullMessage: neverNull('customerId'),
    }),
    number: text({ label: 'Job number', required: true, max: 30, list: true }),
    customerJobNumber: text({
      label: 'Customer job number',
      hint: "The customer's own name or number for the job",
      max: 50,
      list: true,
    }),
    customerPoNumber: text({ label: 'Customer PO number', max: 50, list: true }),
    jobTypeId: reference('jobTypes', {
      label: 'Job type',
      default: 0,
      nullMessage: neverNull('jobTypeId'),
    }),
    plantId: reference('plants', { label: 'Plant', list: true }),
    quoteId: reference('quotes', {
      label: 'Quote',
      hint: 'The quote the job is priced from; its number and description follow it',
    }),
    quoteNumber: text({ label: 'Quote number', readOnly: true }),
    quoteDescription: text({ label: 'Quote description', max: 255, readOnly: true }),
    lockedFlag: flag({ label: 'Locked', nullMessage: neverNull('lockedFlag') }),
    nontaxableFlag: flag({
      label: 'Nontaxable',
      section: 'tax',
      nullMessage: neverNull('nontaxableFlag'),
    }),
    inactiveFlag: flag({ label: 'Inactive', list: true, nullMessage: neverNull('inactiveFlag') }),
    createdInOrderEntry: flag({
      label: 'Created in order entry',
      hint: 'Made while taking an order rather than on this screen',
      // R-ORD-22: order entry's inline job says so when it creates the job.
      createOnly: true,
      nullMessage: neverNull('createdInOrderEntry'),
    }),
    ...jobAddressLines(),
    suburbId: reference('suburbs', { label: 'Suburb', section: 'site' }),
    lotOrBlockNumber: text({ label: 'Lot or block number', max: 50, section: 'site' }),
    mapReferenceId: text({
      label: 'Map reference',
      hint: 'A map-book reference, e.g. "page 12 C4"',
      max: 50,
      section: 'site',
    }),
    gpsLat: latitude({ label: 'Latitude', section: 'site' }),
    gpsLon: longitude({ label: 'Longitude', section: 'site' }),
    phoneNumber: phone({ label: 'Phone', section: 'site' }),
    phoneExtension: text({ label: 'Extension', max: 20, section: 'site' }),
    faxNumber: phone({ label: 'Fax', section: 'site' }),
    taxScheduleId: reference('taxSchedules', { label: 'Tax schedule', section: 'tax' }),
    clientUseTaxFlag: flag({ label: 'Client use tax', section: 'tax' }),
    creditLimit: money({ label: 'Credit limit', section: 'tax' }),
    jobLimit: money({ label: 'Job limit', section: 'tax' }),
    publicWorksDirNumber: text({
      label: 'Public works DIR number',
      hint: 'The project registration number of a public works job',
      max: 50,
      section: 'tax',
    }),
    importSetupKey: text({ label: 'Import setup key', max: 50, section: 'tax' }),
  },
  search: [
    'number',
    'customerJobNumber',
    'customerPoNumber',
    'quoteNumber',
    'quoteDescription',
    'lotOrBlockNumber',
    'address1',
    'address2',
    'address3',
    'address4',
    'address5',
    'address6',
    'address7',
  ],
  sort: ['number', 'address1', 'address3', 'customerJobNumber', 'customerPoNumber', 'id'],
  defaultSort: 'number',
  filters: ['customerId', 'jobTypeId', 'plantId', 'suburbId', 'lockedFlag'],
  sections: [
    { key: 'main', label: 'General' },
    { key: 'site', label: 'Site' },
    { key: 'tax', label: 'Tax and credit' },
  ],
  rules: [positionIsAPair],
});
