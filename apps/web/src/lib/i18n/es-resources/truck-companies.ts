const addresses = {
  address1: 'Dirección, línea 1',
  address2: 'Dirección, línea 2',
  address3: 'Dirección, línea 3',
  address4: 'Dirección, línea 4',
  address5: 'Dirección, línea 5',
  address6: 'Dirección, línea 6',
  address7: 'Dirección, línea 7',
};

export const addressLinesEs = addresses;

export const truckCompaniesEs = {
  singular: 'Empresa de transporte',
  plural: 'Empresas de transporte',
  fields: {
    name: 'Nombre',
    ...addresses,
    contactName: 'Contacto',
    phoneNumber: 'Teléfono',
    faxNumber: 'Fax',
    emailAddress: 'Correo electrónico',
    outsideCompanyFlag: 'Empresa externa',
    inactiveFlag: 'Inactiva',
  },
  hints: { outsideCompanyFlag: 'Un transportista contratado: sus camiones se pagan por carga' },
};

export const pumpersEs = {
  singular: 'Bomba',
  plural: 'Bombas',
  fields: {
    name: 'Nombre',
    ...addresses,
    contactName: 'Contacto',
    phoneNumber: 'Teléfono',
    phoneExtension: 'Extensión',
    faxNumber: 'Fax',
    emailAddress: 'Correo electrónico',
    truckCompanyId: 'Empresa de transporte',
    inactiveFlag: 'Inactiva',
  },
};
