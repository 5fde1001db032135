/** Spanish for packages/domain/src/resources/employees.ts (employees, drivers) and its panels. */
import { addressLinesEs } from './truck-companies';

const driverFields = {
  driversLicenseNumber: 'Número de licencia de conducir',
  driversLicenseExpireDate: 'Vencimiento de la licencia',
  externalDriverFlag: 'Conductor externo',
  truckCompanyId: 'Empresa de transporte',
  callInPriority: 'Prioridad de llamada',
  preferredTime: 'Hora de inicio preferida',
  scheduledCallInTime: 'Llamada programada',
};

const driverHints = {
  driversLicenseExpireDate: 'Se avisa desde 30 días antes',
  externalDriverFlag: 'Conduce para una empresa externa',
  callInPriority: 'Los números más bajos se llaman primero',
};

export const employeesEs = {
  singular: 'Empleado',
  plural: 'Empleados',
  fields: {
    employeeNumber: 'Número',
    firstName: 'Nombre',
    middleName: 'Segundo nombre',
    lastName: 'Apellido',
    completeName: 'Nombre completo',
    employeeTypeId: 'Tipo de empleado',
    homePlantId: 'Planta base',
    hireDate: 'Fecha de contratación',
    birthDate: 'Fecha de nacimiento',
    payRate: 'Tarifa de pago',
    userProfileId: 'Usuario vinculado',
    inactiveFlag: 'Inactivo',
    nationalIdentifierLast4: 'Identificación nacional (últimos cuatro)',
    nationalIdentifier: 'Nueva identificación nacional',
    ...addressLinesEs,
    businessPhoneNumber: 'Teléfono del trabajo',
    cellPhoneNumber: 'Celular',
    homePhoneNumber: 'Teléfono de casa',
    pagerNumber: 'Localizador',
    emailAddress: 'Correo electrónico',
    punchOutFlag: 'Marca salida',
    emailTicketOnSubmit: 'Enviar boleta por correo al registrarla',
    licenseNumber: 'Número de licencia',
    ticketWriterFormatFileConcrete: 'Formato de boleta de concreto',
    ticketWriterFormatFileAggregate: 'Formato de boleta de agregados',
    ticketWriterFormatFileBlock: 'Formato de boleta de bloque',
    ...driverFields,
  },
  hints: {
    completeName: 'Si se deja en blanco, se forma con el nombre, el segundo nombre y el apellido',
    nationalIdentifier: 'Se guarda cifrada; déjela en blanco para conservar la registrada',
    punchOutFlag: 'Marca su salida al final del día',
    emailTicketOnSubmit: 'Cada boleta que registra este empleado se envía por correo',
    ...driverHints,
  },
  sections: {
    main: 'General',
    contact: 'Contacto',
    ticketing: 'Boletas',
    driver: 'Conductor',
  },
  children: { driver: 'Datos del conductor' },
  texts: {
    nationalIdentifier: 'Identificación nacional',
    noNationalIdentifier: 'No registrada',
    reveal: 'Mostrar',
    hide: 'Ocultar',
    hidesIn: 'Se oculta en {{seconds}} s',
    removeNationalIdentifier: 'Eliminar la registrada al guardar',
    licenceExpiredTitle: 'Licencia vencida',
    licenceExpired: 'La licencia de conducir venció el {{date}}, hace {{count}} días.',
    licenceSoonTitle: 'La licencia vence pronto',
    licenceSoon: 'La licencia de conducir vence el {{date}}, en {{count}} días.',
    scheduledCallIn: 'Próxima llamada programada: {{when}}',
  },
};

export const driversEs = {
  singular: 'Conductor',
  plural: 'Conductores',
  fields: {
    name: 'Nombre',
    employeeId: 'Empleado',
    ...driverFields,
    inactiveFlag: 'Inactivo',
  },
  hints: driverHints,
};
