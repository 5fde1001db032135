/**
 * Employees (R-MAINT-12, R-ENTITY-7): drivers, batchmen, salesmen and office staff alike, with a
 * driver's details (R-ENTITY-6) as a single child row on the 'driver' tab, and the drivers a
 * truck picks from (R-RES-1, R-PICK-1).
 *
 * The national identifier (R-NATID-1, R-NATID-1..4) is write-only: a create or update may send
 * `nationalIdentifier`, the server keeps it encrypted, and answers carry only its last four
 * characters (`nationalIdentifierLast4`, shown masked). The clear value comes back only from the
 * reveal route, to level 5.
 */
import { nationalIdentifierSchema } from '../employees/national-identifier';
import { addressLines } from './common-fields';
import { defineResource, type RecordRule } from './define';
import {
  date,
  email,
  flag,
  integer,
  money,
  phone,
  reference,
  text,
  time,
  writeOnly,
  type Field,
} from './field';

const nameParts = ['firstName', 'middleName', 'lastName'] as const;

/** 'Ann B. Lee' from the parts that are not blank; '' when all are. */
export function composedName(record: Readonly<Record<string, unknown>>): string {
  return nameParts
    .map((part) => record[part])
    .map((value) => (typeof value === 'string' ? value.trim() : ''))
    .filter((value) => value !== '')
    .join(' ');
}

/** A complete name left blank is made from the parts (on the server), so one of them is needed. */
const nameRule: RecordRule = (record) => {
  const complete = typeof record.completeName === 'string' ? record.completeName.trim() : '';
  if (complete !== '' || composedName(record) !== '') return [];
  return [
    {
      field: 'completeName',
      reason: 'is required: enter it, or a first or last name to make it from',
    },
  ];
};

/** The fields a driver has, on the employee's 'driver' tab and in the drivers pick list. */
function driverFields(): Record<string, Field> {
  return {
    driversLicenseNumber: text({ label: "Driver's licence number", max: 50, list: true }),
    driversLicenseExpireDate: date({
      label: 'Licence expires',
      hint: 'A warning shows from 30 days before',
      list: true,
    }),
    externalDriverFlag: flag({ label: 'External driver', hint: 'Drives for an outside company' }),
    truckCompanyId: reference('truckCompanies', { label: 'Truck company' }),
    callInPriority: integer({
      label: 'Call-in priority',
      max: 32_767,
      hint: 'Lower numbers are called in first',
    }),
    preferredTime: time({ label: 'Preferred start' }),
    // Set by load scheduling's call-in, shown here; an instant, answered as an ISO string.
    scheduledCallInTime: date({ label: 'Scheduled call-in', readOnly: true }),
  };
}

export const employeeResource = defineResource({
  name: 'employees',
  path: 'employees',
  singular: 'Employee',
  plural: 'Employees',
  screen: 'EmployeeMaintenance',
  labelField: 'completeName',
  numberField: 'employeeNumber',
  fields: {
    employeeNumber: text({
      label: 'Number',
      required: true,
      max: 20,
      list: true,
      numbered: true,
    }),
    firstName: text({ label: 'First name', max: 50 }),
    middleName: text({ label: 'Middle name', max: 50 }),
    lastName: text({ label: 'Last name', max: 50, list: true }),
    completeName: text({
      label: 'Complete name',
      max: 100,
      list: true,
      hint: 'Left blank, it is made from the first, middle and last names',
    }),
    employeeTypeId: reference('employeeTypes', { label: 'Employee type', list: true }),
    homePlantId: reference('plants', { label: 'Home plant', list: true }),
    hireDate: date({ label: 'Hire date', list: true }),
    birthDate: date({ label: 'Birth date' }),
    payRate: money({ label: 'Pay rate', price: true }),
    // The user account linked to this employee: set from user maintenance, shown here.
    userProfileId: integer({ label: 'Linked user', readOnly: true }),
    inactiveFlag: flag({ label: 'Inactive', list: true }),
    // Not on a tab of its own: the screen's identity panel shows it masked, '•••• 1234'.
    nationalIdentifierLast4: text({
      label: 'National identifier (last four)',
      max: 4,
      readOnly: true,
      section: 'identity',
    }),
    ...addressLines('contact'),
    businessPhoneNumber: phone({ label: 'Business phone', section: 'contact', list: true }),
    cellPhoneNumber: phone({ label: 'Cell phone', section: 'contact', list: true }),
    homePhoneNumber: phone({ label: 'Home phone', section: 'contact' }),
    pagerNumber: phone({ label: 'Pager', section: 'contact' }),
    emailAddress: email({ label: 'Email', section: 'contact' }),
    punchOutFlag: flag({
      label: 'Punches out',
      hint: 'Clocks out at the end of the day',
      section: 'ticketing',
    }),
    emailTicketOnSubmit: flag({
      label: 'Email ticket on submit',
      hint: 'Each ticket this employee submits is emailed',
      section: 'ticketing',
    }),
    licenseNumber: text({ label: 'Licence number', max: 50, section: 'ticketing' }),
    ticketWriterFormatFileConcrete: text({
      label: 'Concrete ticket format file',
      max: 255,
      section: 'ticketing',
    }),
    ticketWriterFormatFileAggregate: text({
      label: 'Aggregate ticket format file',
      max: 255,
      section: 'ticketing',
    }),
    ticketWriterFormatFileBlock: text({
      label: 'Block ticket format file',
      max: 255,
      section: 'ticketing',
    }),
  },
  writeOnly: {
    nationalIdentifier: writeOnly({
      label: 'New national identifier',
      hint: 'Stored encrypted; leave blank to keep the one on file',
      value: nationalIdentifierSchema,
    }),
  },
  search: ['completeName', 'employeeNumber', 'lastName', 'cellPhoneNumber'],
  sort: ['completeName', 'employeeNumber', 'lastName', 'hireDate', 'id'],
  filters: ['employeeTypeId', 'homePlantId'],
  sections: [
    { key: 'main', label: 'General' },
    { key: 'contact', label: 'Contact' },
    { key: 'ticketing', label: 'Ticketing' },
    { key: 'driver', label: 'Driver' },
  ],
  children: {
    driver: { label: 'Driver details', single: true, section: 'driver', fields: driverFields() },
  },
  rules: [nameRule],
});

/**
 * Drivers as trucks pick them (trucks.driverId refers to the drivers table, not to employees).
 * An employee's driver row is edited on the employee; an outside company's driver has no
 * employee. No screen of its own: the employee maintenance permission reads and writes it.
 */
export const driverResource = defineResource({
  name: 'drivers',
  path: 'drivers',
  singular: 'Driver',
  plural: 'Drivers',
  forms: ['EmployeeMaintenance'],
  pickedBy: ['TruckMaintenance', 'LoadScheduling', 'EditTickets'],
  labelField: 'name',
  fields: {
    name: text({ label: 'Name', required: true, max: 100, list: true }),
    employeeId: reference('employees', { label: 'Employee', list: true }),
    ...driverFields(),
    inactiveFlag: flag({ label: 'Inactive', list: true }),
  },
  search: ['name', 'driversLicenseNumber'],
  sort: ['name', 'driversLicenseExpireDate', 'callInPriority', 'id'],
  filters: ['truckCompanyId', 'externalDriverFlag'],
});
