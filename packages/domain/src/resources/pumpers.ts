/** Concrete pump services an order can book (R-MAINT-1). */
import { addressLines } from './common-fields';
import { defineResource } from './define';
import { email, flag, phone, reference, text } from './field';

export const pumperResource = defineResource({
  name: 'pumpers',
  path: 'pumpers',
  singular: 'Pumper',
  plural: 'Pumpers',
  screen: 'PumperMaintenance',
  pickedBy: ['ConcreteOrderEntry'],
  labelField: 'name',
  fields: {
    name: text({ label: 'Name', required: true, list: true }),
    ...addressLines(),
    contactName: text({ label: 'Contact', list: true }),
    phoneNumber: phone({ label: 'Phone', list: true }),
    phoneExtension: text({ label: 'Extension', max: 20 }),
    faxNumber: phone({ label: 'Fax' }),
    emailAddress: email({ label: 'Email' }),
    truckCompanyId: reference('truckCompanies', { label: 'Truck company', list: true }),
    inactiveFlag: flag({ label: 'Inactive', list: true }),
  },
  search: ['name', 'contactName', 'phoneNumber'],
  sort: ['name', 'contactName', 'id'],
  filters: ['truckCompanyId'],
});
