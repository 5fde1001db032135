/** Truck companies: the producer's own fleet and the hauliers it hires (R-MAINT-1). */
import { addressLines } from './common-fields';
import { defineResource } from './define';
import { email, flag, phone, text } from './field';

export const truckCompanyResource = defineResource({
  name: 'truckCompanies',
  path: 'truck-companies',
  singular: 'Truck company',
  plural: 'Truck companies',
  screen: 'TruckCompanyMaintenance',
  pickedBy: ['TruckMaintenance', 'PumperMaintenance', 'EmployeeMaintenance'],
  labelField: 'name',
  fields: {
    name: text({ label: 'Name', required: true, list: true }),
    ...addressLines(),
    contactName: text({ label: 'Contact', list: true }),
    phoneNumber: phone({ label: 'Phone', list: true }),
    faxNumber: phone({ label: 'Fax' }),
    emailAddress: email({ label: 'Email' }),
    outsideCompanyFlag: flag({
      label: 'Outside company',
      hint: 'A hired haulier: its trucks are paid by the load',
      list: true,
    }),
    inactiveFlag: flag({ label: 'Inactive', list: true }),
  },
  search: ['name', 'contactName', 'phoneNumber'],
  sort: ['name', 'contactName', 'id'],
  filters: ['outsideCompanyFlag'],
});
